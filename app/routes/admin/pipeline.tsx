import { ArrowLeft } from "lucide-react";
import { Form, href, Link } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import { Pager } from "~/components/pager";
import { parseWhoFilter, whoParam } from "~/lib/lead-assignment";
import { leadListUrl } from "~/lib/lead-paging";
import { monthFigures, pipelineColumns } from "~/lib/pipeline";
import { pipelineRows } from "~/models/lead.server";
import { owingJobs } from "~/models/invoice.server";
import { businessToday } from "~/lib/business-time";
import { formatCents } from "~/lib/money-format";
import { leadsFor, listAssignees } from "~/models/lead-assignment.server";
import { requireAccess } from "~/services/access.server";
import { seesMoney } from "~/lib/access";
import { LeadAssigneeFilter } from "~/components/admin/lead-assignee-filter";
import type { Route } from "./+types/pipeline";

// Enough history for the whole of this month, whatever the day.
const MONTH_AND_A_BIT_MS = 40 * 24 * 60 * 60 * 1000;

/**
 * The owner's overview: open leads per status with their jobs' values, and how this month went;
 * for everyone's leads, one person's, "mine" or nobody's. The crew's is their own and the free ones.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/pipeline");
  const search = new URL(request.url).searchParams;
  const who = parseWhoFilter(search.get("who"));
  const now = new Date();
  const { byStatus, moves } = pipelineRows(new Date(now.getTime() - MONTH_AND_A_BIT_MS), leadsFor(user, who));
  const columns = pipelineColumns(byStatus);
  const people = user.role === "crew" ? [] : listAssignees();
  const base = { who: whoParam(who), people };
  // The crew sees how many leads, not what they are worth (decision 0048).
  if (!seesMoney(user.role))
    return { ...base, columns: columns.map((c) => ({ ...c, totalCents: null })), month: null, owing: null };
  // ?owing=2: the page of "Owed on won jobs" (a number; anything else is the first).
  const owingPage = /^[1-9]\d{0,5}$/.test(search.get("owing") ?? "") ? Number(search.get("owing")) : 1;
  return {
    ...base,
    columns,
    month: monthFigures(moves, now),
    owing: owingJobs(businessToday(now), leadsFor(user, who), owingPage),
  };
}

/** The pipeline on one page of the owing jobs, for the same people's leads. */
function owingPageUrl(who: string, page: number) {
  const query = new URLSearchParams();
  if (who) query.set("who", who);
  if (page > 1) query.set("owing", String(page));
  const q = query.toString();
  return `${href("/admin/leads/pipeline")}${q ? `?${q}` : ""}#owing`;
}

/** This month's money: quoted, won and the win rate (not shown to the crew). */
function ThisMonth({ month }: { month: NonNullable<Route.ComponentProps["loaderData"]["month"]> }) {
  const closed = month.won.count + month.lost;
  const figures = [
    {
      label: "Quoted",
      value: formatCents(month.quoted.totalCents),
      detail: `${month.quoted.count} ${month.quoted.count === 1 ? "lead" : "leads"}`,
    },
    {
      label: "Won",
      value: formatCents(month.won.totalCents),
      detail: `${month.won.count} ${month.won.count === 1 ? "job" : "jobs"}`,
    },
    {
      label: "Win rate",
      value: month.winRate === null ? "—" : `${Math.round(month.winRate * 100)}%`,
      detail: closed ? `${month.won.count} won of ${closed} closed` : "Nothing won or lost yet",
    },
  ];
  return (
    <section aria-labelledby="this-month" className="space-y-3">
      <h2 id="this-month" className="text-lg font-bold">
        {month.label}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-ink-soft">{f.label}</dt>
            <dd className="mt-1 text-3xl font-bold">{f.value}</dd>
            <dd className="text-sm text-ink-soft">{f.detail}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-soft">
        Quoted is what was proposed: the accepted proposal, else the estimate. Won is the job&rsquo;s value: the
        accepted proposal plus change orders. A lead counts in the month it was quoted, won or lost.
      </p>
    </section>
  );
}

/** Won jobs that still owe: what their sent invoices owe and what is past due, the most overdue first. */
function Owing({ owing, who }: { owing: NonNullable<Route.ComponentProps["loaderData"]["owing"]>; who: string }) {
  return (
    <section aria-labelledby="owing" className="space-y-3">
      <h2 id="owing" className="text-lg font-bold">
        Owed on won jobs
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:max-w-xl">
        <div className="rounded-xl bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-ink-soft">Owed</dt>
          <dd className="mt-1 text-2xl font-bold">{formatCents(owing.owedCents)}</dd>
          <dd className="text-sm text-ink-soft">
            {owing.jobCount} {owing.jobCount === 1 ? "job" : "jobs"}
          </dd>
        </div>
        <div className={`rounded-xl p-5 shadow-sm ${owing.overdueCents ? "bg-red-50" : "bg-white"}`}>
          <dt className="text-sm font-medium text-ink-soft">Overdue</dt>
          <dd className={`mt-1 text-2xl font-bold ${owing.overdueCents ? "text-red-800" : ""}`}>
            {formatCents(owing.overdueCents)}
          </dd>
        </div>
      </dl>
      {owing.jobs.length > 0 ? (
        <ul className="divide-y divide-black/5 rounded-xl bg-white shadow-sm">
          {owing.jobs.map((job) => (
            <li key={job.leadId}>
              <Link
                to={href("/admin/leads/:id", { id: String(job.leadId) })}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-sand"
              >
                <span className="min-w-0 font-semibold break-words">{job.name}</span>
                <span className="text-sm">
                  owes <strong>{formatCents(job.owedCents)}</strong>
                  {job.overdueCents > 0 && (
                    <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                      {formatCents(job.overdueCents)} overdue
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-soft">Nothing is owed on sent invoices.</p>
      )}
      {owing.pages > 1 && (
        <Pager
          label="Pages of owing jobs"
          newer={owing.page > 1 ? owingPageUrl(who, owing.page - 1) : null}
          older={owing.page < owing.pages ? owingPageUrl(who, owing.page + 1) : null}
          words={["Previous", "Next"]}
          note={`Page ${owing.page} of ${owing.pages}`}
        />
      )}
    </section>
  );
}

export default function Pipeline({ loaderData: { columns, month, owing, who, people } }: Route.ComponentProps) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Pipeline</h1>
        <Link to={href("/admin/leads")} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> Leads
        </Link>
      </div>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
        aria-label="Whose leads"
      >
        <LeadAssigneeFilter id="pipeline-who" value={who} people={people} />
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </Form>
      {month && <ThisMonth month={month} />}
      {owing && <Owing owing={owing} who={who} />}
      <section aria-labelledby="by-status" className="space-y-3">
        <h2 id="by-status" className="text-lg font-bold">
          Leads by status
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
          {columns.map((c) => (
            <li key={c.status}>
              <Link
                to={leadListUrl(href("/admin/leads"), { status: c.status, service: "", who, q: "" })}
                aria-label={`${c.label}: ${c.count}${c.totalCents ? `, worth ${formatCents(c.totalCents)}` : ""}`}
                className="block h-full rounded-xl border-t-4 border-brand bg-white p-4 shadow-sm hover:bg-sand"
              >
                <span className="block text-sm font-semibold">{c.label}</span>
                <span className="block text-2xl font-bold">{c.count}</span>
                {c.totalCents !== null && (
                  <span className="block text-sm text-ink-soft">
                    {c.totalCents ? formatCents(c.totalCents) : "No estimates"}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Pipeline | Admin" }, { name: "robots", content: "noindex" }];
