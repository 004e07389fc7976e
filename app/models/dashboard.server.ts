import { and, asc, count, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { leadNotes, leads, proposals, testimonials } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { hasUnreadReply, isDueLead, isNewLead, waitingLeads } from "./lead.server";

// What the admin's dashboard (/admin) lists: each list's count and its first few rows,
// read straight from the rows' own columns, so the page costs the same at 20,000 leads
// as at 20 (decision 0044).

/** How many rows each list shows; its count says how many more there are. */
export const DASHBOARD_LIST_SIZE = 5;

// Up to this many New leads are read by status and sorted; more, and the newest are sought.
const NEW_LEADS_SORTED = 100;

// Enough of a review to know what it says; the whole of it is on the Testimonials page.
const QUOTE_CHARS = 160;

type List<T> = { count: number; items: T[] };

export type DashboardLead = {
  id: number;
  name: string;
  service: string | null;
  city: string | null;
  createdAt: Date;
  read: boolean;
};
export type DashboardFollowUp = {
  id: number;
  name: string;
  status: (typeof leads.$inferSelect)["status"];
  followUpOn: string;
};
export type DashboardProposal = {
  id: number;
  leadId: number;
  name: string;
  totalCents: number;
  sentAt: Date;
  expiresAt: Date;
};
export type DashboardReply = { id: number; name: string; at: Date; words: string | null };
export type DashboardJob = { id: number; name: string; service: string | null; city: string | null };
export type DashboardReview = { id: number; name: string; rating: number; quote: string; createdAt: Date };

export type Dashboard = {
  newLeads: List<DashboardLead>;
  replies: List<DashboardReply>;
  followUps: List<DashboardFollowUp>;
  proposals: List<DashboardProposal>;
  jobs: List<DashboardJob>;
  reviews: List<DashboardReview>;
};

// The rows behind waitingLeads' counts (lead.server.ts), listed with the same conditions.
// SQLite uses a partial index only for a query that names its terms as they are written
// there (schema.ts: leads_jobs_open_idx), hence sql`` and no parameters.
const open = sql`${leads.archivedAt} is null`;
const isJobToComplete = sql`${leads.status} = 'won' and ${leads.completedAt} is null and ${open}`;
// Without statistics SQLite prefers leads_open_status_idx (status=?) and reads every open won
// lead, thousands after years of work, where leads_jobs_open_idx holds just the jobs to
// complete, in the list's order. Drizzle has no INDEXED BY, hence the statement written out.
const fromJobsToComplete = sql`from ${leads} indexed by leads_jobs_open_idx where ${isJobToComplete}`;
// Sent and still answerable: not accepted, not withdrawn, not expired; its lead still open.
const isWaiting = (now: Date) =>
  and(isNull(proposals.acceptedAt), isNull(proposals.withdrawnAt), gt(proposals.expiresAt, now), open);

/**
 * The day's work as of `today` (YYYY-MM-DD, Kansas time) and `now`; its leads narrowed by
 * `leadsShown` (the crew's: their own and the free ones, decision 0053).
 */
export function getDashboard(today: string, now = new Date(), leadsShown?: SQL): Dashboard {
  const db = getDb();
  const limit = DASHBOARD_LIST_SIZE;
  // The header's badges count with the same function, so the numbers agree.
  const { fresh, due, replies: replyCount } = waitingLeads(today, leadsShown);
  const jobCount =
    db.get<{ n: number }>(
      sql`select count(*) as n ${fromJobsToComplete} ${leadsShown ? sql`and ${leadsShown}` : sql``}`,
    )?.n ?? 0;

  // The newest few New leads. Few of them: leads_open_status_idx reads them all, then they
  // are sorted. Many (a business behind on its calls, 1,742 in the benchmark): that was
  // thousands of rows read on every dashboard, so leads_created_idx is walked newest first
  // instead, where New ones are among the most recent and a few rows are read.
  const newSource = fresh > NEW_LEADS_SORTED ? sql`${leads} indexed by leads_created_idx` : leads;
  const newIds = db
    .all<{ id: number }>(
      sql`select ${leads.id} as id from ${newSource} where ${and(isNewLead, leadsShown)} order by ${leads.createdAt} desc, ${leads.id} desc limit ${limit}`,
    )
    .map((row) => row.id);
  const newLeads = db
    .select({
      id: leads.id,
      name: leads.name,
      service: leads.service,
      city: leads.city,
      createdAt: leads.createdAt,
      readAt: leads.readAt,
    })
    .from(leads)
    .where(inArray(leads.id, newIds))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .all()
    .map(({ readAt, ...lead }) => ({ ...lead, read: readAt !== null }));

  // The newest reply first, with its words (the lead's latest text from them, by lead_notes_lead_idx).
  // Written out: Drizzle names a one-table query's columns unqualified, which inside this
  // subquery would be lead_notes' own.
  const lastReply = sql<
    string | null
  >`(select n.body from ${leadNotes} n where n.lead_id = "leads"."id" and n.kind = 'text-received' order by n.created_at desc, n.id desc limit 1)`;
  const replies = db
    .select({ id: leads.id, name: leads.name, at: leads.unreadReplyAt, words: lastReply })
    .from(leads)
    .where(and(hasUnreadReply, leadsShown))
    .orderBy(desc(leads.unreadReplyAt), desc(leads.id))
    .limit(limit)
    .all()
    .map((r) => ({ ...r, at: r.at ?? new Date(0) }));

  // The longest waiting first.
  const followUps = db
    .select({ id: leads.id, name: leads.name, status: leads.status, followUpOn: sql<string>`${leads.followUpOn}` })
    .from(leads)
    .where(and(isDueLead(today), leadsShown))
    .orderBy(asc(leads.followUpOn), asc(leads.id))
    .limit(limit)
    .all();

  const waiting = isWaiting(now);
  const proposalCount =
    db.select({ n: count() }).from(proposals).innerJoin(leads, eq(leads.id, proposals.leadId)).where(waiting).get()
      ?.n ?? 0;
  // The one running out first at the top: a call before it lapses may win the job.
  const proposalItems = db
    .select({
      id: proposals.id,
      leadId: proposals.leadId,
      name: leads.name,
      totalCents: proposals.totalCents,
      sentAt: proposals.createdAt,
      expiresAt: proposals.expiresAt,
    })
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    .where(waiting)
    .orderBy(asc(proposals.expiresAt), asc(proposals.id))
    .limit(limit)
    .all();

  // Won longest ago first.
  const jobs = db.all<DashboardJob>(
    sql`select ${leads.id} as id, ${leads.name} as name, ${leads.service} as service, ${leads.city} as city ${fromJobsToComplete} ${leadsShown ? sql`and ${leadsShown}` : sql``}
        order by ${leads.createdAt}, ${leads.id} limit ${limit}`,
  );

  const pending = eq(testimonials.status, "pending");
  const reviewCount = db.select({ n: count() }).from(testimonials).where(pending).get()?.n ?? 0;
  const reviews = db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      rating: testimonials.rating,
      quote: sql<string>`substr(${testimonials.quote}, 1, ${QUOTE_CHARS})`,
      createdAt: testimonials.createdAt,
    })
    .from(testimonials)
    .where(pending)
    .orderBy(asc(testimonials.createdAt), asc(testimonials.id))
    .limit(limit)
    .all();

  return {
    newLeads: { count: fresh, items: newLeads },
    replies: { count: replyCount, items: replies },
    followUps: { count: due, items: followUps },
    proposals: { count: proposalCount, items: proposalItems },
    jobs: { count: jobCount, items: jobs },
    reviews: { count: reviewCount, items: reviews },
  };
}
