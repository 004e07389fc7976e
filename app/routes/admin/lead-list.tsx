import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { Download, Plus } from "lucide-react";
import { Icon } from "~/components/icon";
import { Form, href, Link, redirect } from "react-router";
import { inputClass } from "~/components/admin-ui";
import { followUpState, isLeadStatus, LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from "~/lib/lead-status";
import { businessToday, formatKansasDate } from "~/lib/business-time";
import { QUOTE_SERVICES } from "~/lib/contact-form";
import { primaryButton, secondaryButton } from "~/components/admin-ui";
import { LeadSourceBadge } from "~/components/lead-detail";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { requireVisibleLead } from "~/services/lead-access.server";
import { isIntentOf, mayLoad, mayPost, seesMoney } from "~/lib/access";
import { parseWhoFilter, whoParam } from "~/lib/lead-assignment";
import { decodeCursor, LEAD_LIST_INTENTS, leadListUrl, LEADS_PAGE_SIZE, type LeadListFilters } from "~/lib/lead-paging";
import { formatShortDay } from "~/lib/lead-digest";
import { formatCents } from "~/lib/money-format";
import { leadMails, resendFailedLeadMails } from "~/services/lead-mail.server";
import { env } from "~/server/env.server";
import { markRead, setArchived } from "~/models/lead.server";
import { assigneeNames, leadsFor, listAssignees } from "~/models/lead-assignment.server";
import { countLeadsByStatus, readLeadPage } from "~/models/lead-list.server";
import { leadSearchCondition } from "~/models/lead-search.server";
import { normalizeSearch, SEARCH_MAX_LENGTH } from "~/lib/search-query";
import { photoCounts } from "~/models/lead-photo.server";
import { LeadAssigneeFilter } from "~/components/admin/lead-assignee-filter";
import { Pager } from "~/components/pager";
import type { Route } from "./+types/lead-list";

const LEADS = href("/admin/leads");
const ARCHIVED = `${LEADS}?view=archived`;
const leadPage = (id: number) => href("/admin/leads/:id", { id: String(id) });

/** A page of leads (decision 0056), the most urgent first, with the filters in the URL and the counts per status. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/lead-list");
  const params = new URL(request.url).searchParams;
  const archived = params.get("view") === "archived";
  // A lead opens on a page of its own; old ?open= links still land there.
  const openId = parseId(params.get("open"));
  if (openId) throw redirect(leadPage(openId));
  const asked = params.get("status");
  const status = isLeadStatus(asked) ? asked : null;
  const service = (params.get("service") ?? "").slice(0, 100);
  const q = normalizeSearch(params.get("q"));
  const who = parseWhoFilter(params.get("who"));
  const filter = { archived, status, service, where: [leadsFor(user, who), leadSearchCondition(q)] };
  const today = businessToday();
  const money = seesMoney(user.role);
  const page = readLeadPage(filter, {
    today,
    size: LEADS_PAGE_SIZE,
    money,
    after: decodeCursor(params.get("after")),
    before: decodeCursor(params.get("before")),
  });
  const ids = page.rows.map((m) => m.id);
  const photos = photoCounts(ids);
  const mails = leadMails(ids);
  const assignees = assigneeNames(page.rows.map((m) => m.assigneeId));
  const filters: LeadListFilters = {
    view: archived ? "archived" : "",
    status: status ?? "",
    service,
    who: whoParam(who),
    q,
  };
  return {
    archived,
    filters,
    counts: countLeadsByStatus(filter),
    today,
    leads: page.rows.map((m) => ({
      id: m.id,
      name: m.name,
      city: m.city,
      service: m.service,
      status: m.status,
      followUpOn: m.followUpOn,
      source: m.source,
      read: m.readAt !== null,
      newReply: m.unreadReplyAt !== null,
      createdAt: m.createdAt,
      assignee: m.assigneeId === null ? null : (assignees.get(m.assigneeId) ?? null),
      valueCents: m.valueCents,
      photos: photos.get(m.id) ?? 0,
      // Only what needs someone: a mail that failed (not set up at all is the banner's, once).
      mailFailed: [mails.get(m.id)?.notification, mails.get(m.id)?.autoreply].some((mail) => mail?.state === "failed"),
    })),
    newer:
      page.newer === "start"
        ? leadListUrl(LEADS, filters)
        : page.newer
          ? leadListUrl(LEADS, filters, { before: page.newer })
          : null,
    older: page.older ? leadListUrl(LEADS, filters, { after: page.older }) : null,
    // The crew picks among their own and the free leads; the others among everyone on the team.
    people: user.role === "crew" ? [] : listAssignees(),
    // Without a key the log transport "sends" by printing: say so rather than let "Sent" mislead
    // (to whoever can do something about it: not the crew).
    mailConfigured:
      Boolean(env.RESEND_API_KEY) || !mayPost(user.role, "routes/admin/lead-list", LEAD_LIST_INTENTS.resend),
    money,
    // The export carries the estimates: not the crew's (decision 0048).
    exportsCsv: mayLoad(user.role, "routes/resources/leads-csv"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-list");
  const form = await readForm(request);
  requireIntent(user, "routes/admin/lead-list", form.get("intent"));
  const intent = form.get("intent");
  if (!isIntentOf(LEAD_LIST_INTENTS, intent)) return refuseUnknownIntent();
  const id = parseId(form.get("id")) ?? 0;
  // Leads are never deleted: an id that is none is a hand-made post, answered as its page would be.
  requireVisibleLead(user, id);
  switch (intent) {
    case LEAD_LIST_INTENTS.archive:
      setArchived(id, true);
      return redirectWithFlash(LEADS, { type: "success", message: "Lead archived" });
    case LEAD_LIST_INTENTS.unarchive:
      setArchived(id, false);
      return redirectWithFlash(ARCHIVED, { type: "success", message: "Lead unarchived" });
    case LEAD_LIST_INTENTS.read:
      markRead(id, true);
      return redirectWithFlash(leadPage(id), { type: "success", message: "Marked as read" });
    case LEAD_LIST_INTENTS.unread:
      markRead(id, false);
      return redirectWithFlash(LEADS, { type: "success", message: "Marked as unread" });
    case LEAD_LIST_INTENTS.resend: {
      const resent = await resendFailedLeadMails(id);
      if (!resent) return redirectWithFlash(leadPage(id), { type: "info", message: "Nothing to resend" });
      return redirectWithFlash(
        leadPage(id),
        resent.sent
          ? { type: "success", message: "Mail sent" }
          : { type: "error", message: "The mail could not be sent; it will be retried" },
      );
    }
  }
}

type LeadItem = Route.ComponentProps["loaderData"]["leads"][number];

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { leads, archived, mailConfigured, filters, counts, today, exportsCsv, people, newer, older, money } =
    loaderData;
  const filtered = Boolean(filters.status || filters.service || filters.q || filters.who);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{archived ? "Archived leads" : "Leads"}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={href("/admin/leads/new")} className={primaryButton}>
            <Plus aria-hidden className="size-4" /> Add a lead
          </Link>
          <Link to={href("/admin/leads/pipeline")} className={secondaryButton}>
            Pipeline
          </Link>
          <Link to={archived ? LEADS : ARCHIVED} className={secondaryButton}>
            {archived ? "Back to leads" : "Archived"}
          </Link>
          {exportsCsv && (
            <a href={href("/admin/leads/export.csv")} className={secondaryButton} download>
              <Download aria-hidden className="size-4" /> Export CSV
            </a>
          )}
        </div>
      </div>
      {!mailConfigured && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Mail is not set up yet. Quote requests are saved here, but no email goes to you or to the visitor. To turn
          mail on, ask whoever runs your server to add your Resend API key to the server&apos;s settings and restart it
          (the README&apos;s &ldquo;Mail&rdquo; section says how).
        </p>
      )}
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
        aria-label="Find leads"
      >
        {archived && <input type="hidden" name="view" value="archived" />}
        <div className="text-sm font-medium">
          {/* Named by the label alone: wrapped, the name would take in every option's count. */}
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">All ({total})</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]} ({counts[s]})
              </option>
            ))}
          </select>
        </div>
        <div className="text-sm font-medium">
          <label htmlFor="filter-service">Work</label>
          <select id="filter-service" name="service" defaultValue={filters.service} className={inputClass}>
            <option value="">Any</option>
            {QUOTE_SERVICES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <LeadAssigneeFilter id="filter-who" value={filters.who} people={people} />
        <label className="min-w-48 flex-1 text-sm font-medium">
          Search
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, address or phone"
            className={inputClass}
          />
        </label>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
        {filtered && (
          <Link to={archived ? ARCHIVED : LEADS} className="py-2 text-sm text-brand-dark underline">
            Clear
          </Link>
        )}
      </Form>
      <p className="flex flex-wrap gap-2 text-sm" aria-label="Leads by status">
        {LEAD_STATUSES.filter((s) => counts[s] > 0).map((s) => (
          <span key={s} className="rounded-full bg-white px-3 py-1 shadow-sm">
            {LEAD_STATUS_LABELS[s]}: <strong>{counts[s]}</strong>
          </span>
        ))}
      </p>
      {leads.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-ink-soft shadow-sm">
          {filtered
            ? "No leads match."
            : archived
              ? "No archived leads."
              : "No leads yet. New quote requests from the website appear here; add a phone call with “Add a lead”."}
        </p>
      ) : (
        <ul
          className="divide-y divide-black/5 overflow-hidden rounded-xl bg-white shadow-sm"
          aria-label={archived ? "Archived leads" : "Open leads"}
        >
          {leads.map((m) => (
            <li key={m.id}>
              <LeadRow lead={m} today={today} money={money} />
            </li>
          ))}
        </ul>
      )}
      <Pager label="Pages of leads" newer={newer} older={older} />
    </>
  );
}

// The rows' pieces, short: a page holds LEADS_PAGE_SIZE rows, so every byte of a row counts that many times (<= 150 KB, decision 0055).
const PILL = "rounded-full px-2 text-xs font-semibold";

/** One lead in two lines: who and where (and what it is worth), then the work, where it stands, when to call, who has it. */
function LeadRow({ lead: m, today, money }: { lead: LeadItem; today: string; money: boolean }) {
  return (
    // discover="none": the lead page's route is known already; fifty data-discover attributes say nothing.
    <Link to={leadPage(m.id)} discover="none" className="block px-4 py-3 hover:bg-sand/60">
      <span className="flex flex-wrap items-baseline gap-x-3">
        {!m.read && (
          <>
            <Icon name="mail" className="size-4 self-center text-brand" />
            <span className="sr-only">Unread:</span>
          </>
        )}
        <span className={m.read ? "font-medium" : "font-bold"}>{m.name}</span>
        {m.city && <span className="text-sm text-ink-soft">{m.city}</span>}
        {money && m.valueCents !== null && (
          <span className="ml-auto text-sm font-semibold">{formatCents(m.valueCents)}</span>
        )}
      </span>
      <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {m.service && <span className="font-semibold">{m.service}</span>}
        <LeadBadges status={m.status} followUpOn={m.followUpOn} today={today} />
        {m.source !== "website" && <LeadSourceBadge source={m.source} />}
        {m.newReply && <span className={`${PILL} bg-leaf text-white`}>New reply</span>}
        {m.mailFailed && <span className={`${PILL} bg-red-100 text-red-800`}>Mail failed</span>}
        {m.photos > 0 && <span className="text-ink-soft">{m.photos === 1 ? "1 photo" : `${m.photos} photos`}</span>}
        <span className="text-ink-soft">{m.assignee ? `For ${m.assignee}` : "Nobody yet"}</span>
        <span className="text-ink-soft">{formatKansasDate(m.createdAt)}</span>
      </span>
    </Link>
  );
}

/** Where a lead stands, and its follow-up day: late, today, or ahead. */
function LeadBadges({ status, followUpOn, today }: { status: LeadStatus; followUpOn: string | null; today: string }) {
  const due = followUpState({ status, followUpOn }, today);
  return (
    <>
      <span className={`${PILL} bg-sand`}>{LEAD_STATUS_LABELS[status]}</span>
      {due === "overdue" && (
        <span className={`${PILL} bg-red-100 text-red-800`}>{`Follow-up late (${formatShortDay(followUpOn!)})`}</span>
      )}
      {due === "today" && <span className={`${PILL} bg-amber-100 text-amber-900`}>Follow up today</span>}
      {due === "later" && <span className="text-xs text-ink-soft">{`Follow up ${formatShortDay(followUpOn!)}`}</span>}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Leads | Admin" }, { name: "robots", content: "noindex" }];
