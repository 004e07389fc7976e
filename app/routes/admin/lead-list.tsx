import { readForm } from "~/server/request-body.server";
import { Camera, Download, Mail, MailOpen, Plus } from "lucide-react";
import { Form, href, Link, redirect } from "react-router";
import { inputClass } from "~/components/admin-ui";
import { businessToday, countByStatus, followUpState, isLeadStatus, LEAD_STATUS_LABELS, LEAD_STATUSES, matchesSearch, sortLeads, type LeadStatus } from "~/lib/lead-status";
import { QUOTE_SERVICES } from "~/lib/contact-form";
import { primaryButton, secondaryButton } from "~/components/admin-ui";
import { LeadMailStates, when } from "~/components/lead-detail";
import { parseId, redirectWithFlash, refuseUnknownIntent } from "~/services/admin-actions.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { mayLoad } from "~/lib/access";
import { leadMails, resendFailedLeadMails } from "~/services/lead-mail.server";
import { env } from "~/server/env.server";
import { getLead, listLeads, markRead, setArchived } from "~/models/lead.server";
import { photoCounts } from "~/models/lead-photo.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/lead-list";

const LEADS = href("/admin/leads");
const ARCHIVED = `${LEADS}?view=archived`;
const leadPage = (id: number) => href("/admin/leads/:id", { id: String(id) });

export async function loader({ request }: Route.LoaderArgs) {
  const { role } = await requireAccess(request, "routes/admin/lead-list");
  const params = new URL(request.url).searchParams;
  const archived = params.get("view") === "archived";
  // A lead opens on a page of its own; old ?open= links still land there.
  const openId = parseId(params.get("open"));
  if (openId) throw redirect(leadPage(openId));
  const all = listLeads({ archived });
  const asked = params.get("status");
  const status = isLeadStatus(asked) ? asked : null;
  const service = params.get("service") ?? "";
  const q = (params.get("q") ?? "").slice(0, 100);
  const found = all.filter((m) => (!service || m.service === service) && matchesSearch(m, q));
  const today = businessToday();
  const leads = sortLeads(status ? found.filter((m) => m.status === status) : found, today);
  const photos = photoCounts(leads.map((m) => m.id));
  const mails = leadMails(leads.map((m) => m.id));
  return {
    archived,
    filters: { status: status ?? "", service, q },
    counts: countByStatus(found),
    today,
    leads: leads.map((m) => ({ ...m, photos: photos.get(m.id) ?? 0, mails: mails.get(m.id)! })),
    // Without a key the log transport "sends" by printing: say so rather than let "Sent" mislead.
    mailConfigured: Boolean(env.RESEND_API_KEY),
    // The export carries the estimates: not the crew's (decision 0048).
    exportsCsv: mayLoad(role, "routes/resources/leads-csv"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-list");
  const form = await readForm(request);
  requireIntent(user, "routes/admin/lead-list", form.get("intent"));
  const intent = form.get("intent");
  if (!isListIntent(intent)) return refuseUnknownIntent();
  const id = parseId(form.get("id")) ?? 0;
  // Leads are never deleted: an id that is none is a hand-made post, answered as its page would be.
  if (!getLead(id)) notFound();
  switch (intent) {
    case "archive":
      setArchived(id, true);
      return redirectWithFlash(LEADS, { type: "success", message: "Lead archived" });
    case "unarchive":
      setArchived(id, false);
      return redirectWithFlash(ARCHIVED, { type: "success", message: "Lead unarchived" });
    case "read":
      markRead(id, true);
      return redirectWithFlash(leadPage(id), { type: "success", message: "Marked as read" });
    case "unread":
      markRead(id, false);
      return redirectWithFlash(LEADS, { type: "success", message: "Marked as unread" });
    case "resend": {
      const resent = await resendFailedLeadMails(id);
      if (!resent) return redirectWithFlash(leadPage(id), { type: "info", message: "Nothing to resend" });
      return redirectWithFlash(leadPage(id), resent.sent ? { type: "success", message: "Mail sent" } : { type: "error", message: "The mail could not be sent; it will be retried" });
    }
  }
}

const LIST_INTENTS = ["archive", "unarchive", "read", "unread", "resend"] as const;

function isListIntent(value: unknown): value is (typeof LIST_INTENTS)[number] {
  return (LIST_INTENTS as readonly unknown[]).includes(value);
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { leads, archived, mailConfigured, filters, counts, today, exportsCsv } = loaderData;
  const filtered = Boolean(filters.status || filters.service || filters.q);
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
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm" aria-label="Find leads">
        {archived && <input type="hidden" name="view" value="archived" />}
        <div className="text-sm font-medium">
          {/* Named by the label alone: wrapped, the name would take in every option's count. */}
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={filters.status} className={inputClass}>
            <option value="">All ({Object.values(counts).reduce((a, b) => a + b, 0)})</option>
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
        <label className="min-w-48 flex-1 text-sm font-medium">
          Search
          <input type="search" name="q" defaultValue={filters.q} placeholder="Name, address or phone" className={inputClass} />
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
          {filtered ? "No leads match." : archived ? "No archived leads." : "No leads yet. New quote requests from the website appear here; add a phone call with “Add a lead”."}
        </p>
      ) : (
        <ul className="divide-y divide-black/5 overflow-hidden rounded-xl bg-white shadow-sm" aria-label={archived ? "Archived leads" : "Open leads"}>
          {leads.map((m) => (
            <li key={m.id}>
              <Link
                to={leadPage(m.id)}
                className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-sand/60 ${m.readAt ? "" : "font-semibold"}`}
              >
                {m.readAt ? <MailOpen aria-hidden className="size-4 text-ink-soft" /> : <Mail aria-label="Unread" className="size-4 text-brand" />}
                <span className="min-w-32">{m.name}</span>
                <LeadBadges status={m.status} followUpOn={m.followUpOn} today={today} />
                <span className="min-w-0 flex-1 truncate font-normal text-ink-soft">
                  {m.service && <span className="mr-2 font-semibold text-ink">{m.service}</span>}
                  {m.message}
                </span>
                {m.photos > 0 && (
                  <span className="inline-flex items-center gap-1 text-sm font-normal text-ink-soft" aria-label={`${m.photos} photo${m.photos === 1 ? "" : "s"}`}>
                    <Camera aria-hidden className="size-4" /> {m.photos}
                  </span>
                )}
                <LeadMailStates lead={m} mails={m.mails} />
                <span className="text-sm font-normal text-ink-soft">{when(m.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Where a lead stands, and whether calling back is late or due today. */
function LeadBadges({ status, followUpOn, today }: { status: LeadStatus; followUpOn: string | null; today: string }) {
  const due = followUpState({ status, followUpOn }, today);
  return (
    <>
      <span className="rounded-full bg-sand px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink">{LEAD_STATUS_LABELS[status]}</span>
      {due === "overdue" && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">Follow-up late ({followUpOn})</span>}
      {due === "today" && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900">Follow up today</span>}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Leads | Admin" }, { name: "robots", content: "noindex" }];
