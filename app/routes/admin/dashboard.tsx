import {
  CalendarClock,
  Check,
  ChevronRight,
  FileSignature,
  Hammer,
  Inbox,
  MessageSquareQuote,
  MessageSquareReply,
  Rocket,
  type LucideIcon,
} from "lucide-react";
import { href, Link, redirect } from "react-router";
import { GoLiveList } from "~/components/admin/go-live-list";
import { redirectForOldTab } from "~/lib/admin-sections";
import { remainingItems, type GoLiveItem } from "~/lib/go-live";
import { expiresWhen, followUpWhen, longToday, receivedWhen, sentWhen } from "~/lib/dashboard";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { businessToday } from "~/lib/business-time";
import { formatCents } from "~/lib/money-format";
import { getDashboard } from "~/models/dashboard.server";
import { visibleTo } from "~/models/lead-assignment.server";
import { requireAccess } from "~/services/access.server";
import { seesMoney } from "~/lib/access";
import { goLiveItems } from "~/services/go-live.server";
import type { Route } from "./+types/dashboard";

// The admin opens here (decision 0044): what needs the owner today, each list
// with its count and its first few rows, phone first (a crew member in a truck).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/dashboard");
  const { role } = user;
  // Projects lived here before decision 0044: its old links (bookmarks, mails) still land.
  const moved = redirectForOldTab(new URL(request.url));
  if (moved) throw redirect(moved);
  const now = new Date();
  const today = businessToday(now);
  // Each sees what they may act on (decision 0048): the crew no proposals' money, the
  // office and crew no reviews to publish and no go-live list.
  // The crew's day is their own leads and the free ones (decision 0053).
  const d = getDashboard(today, now, visibleTo(user));
  const owner = role === "owner";
  const dashboard = { ...d, proposals: seesMoney(role) ? d.proposals : null, reviews: owner ? d.reviews : null };
  return { today, dashboard, goLive: owner ? goLiveItems() : [] };
}

const leadHref = (id: number, part = "") => `${href("/admin/leads/:id", { id: String(id) })}${part}`;

type RowProps = { key: number; to: string; title: string; detail: string; note: string };

type WaitingListProps = {
  id: string;
  title: string;
  icon: LucideIcon;
  count: number;
  all: { to: string; label: string };
  rows: RowProps[];
};

/** One waiting list: its name and count, its first rows, and the way to the rest. */
function WaitingList({ id, title, icon: Icon, count, all, rows }: WaitingListProps) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl bg-white shadow-sm" data-testid={id}>
      <h2 id={id} className="flex items-center gap-2 border-b border-ink/10 px-4 py-3 text-lg font-bold">
        <Icon aria-hidden className="size-5 shrink-0 text-brand-dark" />
        {title}
        <span
          className="ml-auto rounded-full bg-brand px-2.5 py-0.5 text-sm font-bold text-white"
          data-testid={`${id}-count`}
        >
          {count}
        </span>
      </h2>
      <ul className="divide-y divide-ink/10">
        {rows.map(({ key, ...row }) => (
          <Row key={key} {...row} />
        ))}
      </ul>
      <p className="border-t border-ink/10 px-4 py-1">
        <Link to={all.to} className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-dark underline">
          {count > rows.length ? `${all.label} (${count - rows.length} more)` : all.label}
        </Link>
      </p>
    </section>
  );
}

/** A row: the whole of it is the link (a big target for a thumb). */
function Row({ to, title, detail, note }: Omit<RowProps, "key">) {
  return (
    <li>
      <Link to={to} className="flex min-h-14 items-center gap-3 px-4 py-2.5 hover:bg-sand">
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{title}</span>
          {detail && <span className="line-clamp-2 text-sm text-ink-soft">{detail}</span>}
        </span>
        <span className="shrink-0 text-right text-sm font-medium text-ink-soft">{note}</span>
        <ChevronRight aria-hidden className="size-4 shrink-0 text-ink-soft" />
      </Link>
    </li>
  );
}

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(" · ");
const leadsWith = (status: string) => `${href("/admin/leads")}?status=${status}`;

/** The five lists (fewer for the office and crew) in the order the day asks for them, each with what it says when empty. */
function waitingLists({
  today,
  dashboard: d,
}: Route.ComponentProps["loaderData"]): (WaitingListProps & { none: string })[] {
  return [
    // A homeowner who wrote back waits for an answer: first.
    {
      id: "new-replies",
      title: "New replies",
      icon: MessageSquareReply,
      none: "no new replies",
      count: d.replies.count,
      all: { to: href("/admin/leads"), label: "All leads" },
      rows: d.replies.items.map((reply) => ({
        key: reply.id,
        to: leadHref(reply.id, "#texts"),
        title: reply.name,
        detail: reply.words ?? "",
        note: receivedWhen(reply.at, today),
      })),
    },
    {
      id: "new-leads",
      title: "New leads",
      icon: Inbox,
      none: "no new leads",
      count: d.newLeads.count,
      all: { to: leadsWith("new"), label: "All new leads" },
      rows: d.newLeads.items.map((lead) => ({
        key: lead.id,
        to: leadHref(lead.id),
        title: lead.read ? lead.name : `${lead.name} (unread)`,
        detail: joined(lead.service, lead.city),
        note: receivedWhen(lead.createdAt, today),
      })),
    },
    {
      id: "follow-ups",
      title: "Follow-ups due",
      icon: CalendarClock,
      none: "no follow-ups due",
      count: d.followUps.count,
      all: { to: href("/admin/leads"), label: "All leads, late first" },
      rows: d.followUps.items.map((lead) => ({
        key: lead.id,
        to: leadHref(lead.id),
        title: lead.name,
        detail: LEAD_STATUS_LABELS[lead.status],
        note: followUpWhen(lead.followUpOn, today),
      })),
    },
    ...(d.proposals
      ? [
          {
            id: "proposals-waiting",
            title: "Proposals waiting for an answer",
            icon: FileSignature,
            none: "no proposals waiting for an answer",
            count: d.proposals.count,
            all: { to: leadsWith("quoted"), label: "All quoted leads" },
            rows: d.proposals.items.map((p) => ({
              key: p.id,
              to: leadHref(p.leadId, "#lead-proposals"),
              title: p.name,
              detail: `${formatCents(p.totalCents)} · ${sentWhen(p.sentAt, today)}`,
              note: expiresWhen(p.expiresAt, today),
            })),
          },
        ]
      : []),
    {
      id: "jobs-to-complete",
      title: "Jobs to complete",
      icon: Hammer,
      none: "no jobs to complete",
      count: d.jobs.count,
      all: { to: leadsWith("won"), label: "All won jobs" },
      rows: d.jobs.items.map((job) => ({
        key: job.id,
        to: leadHref(job.id, "#lead-job"),
        title: job.name,
        detail: joined(job.service, job.city),
        note: "Won",
      })),
    },
    ...(d.reviews
      ? [
          {
            id: "reviews-to-approve",
            title: "Reviews to approve",
            icon: MessageSquareQuote,
            none: "no reviews to approve",
            count: d.reviews.count,
            all: { to: href("/admin/testimonials"), label: "Approve on the Testimonials page" },
            rows: d.reviews.items.map((review) => ({
              key: review.id,
              to: `${href("/admin/testimonials")}?edit=${review.id}`,
              title: review.name,
              detail: review.quote,
              note: `${review.rating} of 5 stars`,
            })),
          },
        ]
      : []),
  ];
}

/** What is still demo or missing before the site goes live, until it is clear. */
function GoLiveOpen({ items }: { items: GoLiveItem[] }) {
  const open = remainingItems(items);
  if (open === 0) return null;
  return (
    <section aria-labelledby="go-live-open" className="space-y-2" data-testid="dashboard-go-live">
      <h2 id="go-live-open" className="flex items-center gap-2 text-lg font-bold">
        <Rocket aria-hidden className="size-5 shrink-0 text-amber-600" />
        Before you go live
        <span className="ml-auto rounded-full bg-amber-300 px-2.5 py-0.5 text-sm font-bold text-ink">{open}</span>
      </h2>
      <GoLiveList items={items} only="open" />
      <p>
        <Link
          to={href("/admin/go-live")}
          className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-dark underline"
        >
          The whole list, and removing the demo content
        </Link>
      </p>
    </section>
  );
}

/** "No new leads, … and no reviews to approve.": what the empty lists say, as one sentence. */
function allClear(lists: { none: string }[]): string {
  const nones = lists.map((l) => l.none);
  const sentence =
    nones.length > 1 ? `${nones.slice(0, -1).join(", ")} and ${nones[nones.length - 1]}` : (nones[0] ?? "");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const lists = waitingLists(loaderData);
  const waiting = lists.filter((l) => l.count > 0);
  const clear = lists.filter((l) => l.count === 0).map((l) => l.none);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Today</h1>
        <p className="mt-1 text-ink-soft">{longToday(loaderData.today)}</p>
      </header>
      {waiting.length === 0 ? (
        <section className="rounded-xl bg-white p-6 shadow-sm" data-testid="nothing-waiting">
          <h2 className="text-lg font-bold">Nothing waiting — you are all caught up.</h2>
          <p className="mt-2 text-ink-soft">
            {allClear(lists)} New quote requests from the website show up here first.
          </p>
          <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 font-semibold">
            <Link to={href("/admin/leads")} className="inline-flex min-h-10 items-center text-brand-dark underline">
              All leads
            </Link>
            <Link to={href("/admin/leads/new")} className="inline-flex min-h-10 items-center text-brand-dark underline">
              Add a phone call as a lead
            </Link>
          </p>
        </section>
      ) : (
        <>
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            {waiting.map(({ none: _none, ...list }) => (
              <WaitingList key={list.id} {...list} />
            ))}
          </div>
          {clear.length > 0 && (
            <p className="flex items-center gap-2 text-sm text-ink-soft" data-testid="also-clear">
              <Check aria-hidden className="size-4 shrink-0 text-leaf" />
              Nothing else waiting: {clear.join(", ")}.
            </p>
          )}
        </>
      )}
      <GoLiveOpen items={loaderData.goLive} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Today | Admin" }, { name: "robots", content: "noindex" }];
