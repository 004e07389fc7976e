import { ChevronDown, Link2 } from "lucide-react";
import type { ReactNode } from "react";
import { dangerButton, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { NewLinkBox } from "~/components/admin/lead-new-link";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { formatKansasDateTime } from "~/lib/business-time";
import { JOB_PAGE_LINK_MESSAGES, NEW_JOB_PAGE_LINK_INTENT, REVOKE_JOB_PAGE_LINKS_INTENT } from "~/lib/job-page";
import type { LeadJobPageLinkView } from "~/services/lead-job-page-link-view.server";

/** "2 links work, the latest made Nov 27, 9:14 AM. 3 turned off Nov 20, 4:02 PM." */
function linkLine(view: LeadJobPageLinkView): string {
  const working =
    view.linkCount === 0
      ? "No link works now."
      : `${JOB_PAGE_LINK_MESSAGES.links(view.linkCount)} ${view.linkCount === 1 ? "works" : "work"}, the latest made ${formatKansasDateTime(view.newestAt!)}.`;
  const off =
    view.revokedCount > 0 ? ` ${view.revokedCount} turned off, the last ${formatKansasDateTime(view.revokedAt!)}.` : "";
  return view.linkCount === 0 && view.revokedCount === 0 ? "No link made yet." : `${working}${off}`;
}

/**
 * The homeowner's job page: what it shows, how many links to it work (every mail carries the
 * job's one link, decision 0076), that link to copy and send by text, and the way to turn
 * every link off. Plain forms: with scripts the page updates in place. Turning links
 * off asks first, in the page itself (a disclosure), so it works the same without scripts.
 */
export function LeadJobPageLink({ view }: { view: LeadJobPageLinkView | null }) {
  if (!view) return null;
  return (
    <section aria-labelledby="lead-job-page-link" className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-job-page-link" className="flex items-center gap-2 text-lg font-bold">
        <Link2 aria-hidden className="size-5 text-brand" /> Job page
      </h2>
      <p className="text-sm text-ink-soft">
        One private page where the homeowner sees where the job stands, the next visit, the proposal, invoices and
        payments, and sends you photos. Every mail they get links there.
      </p>
      <p className="text-sm" data-testid="job-page-link-count">
        {linkLine(view)}
      </p>
      {view.newLink && (
        <NewLinkBox message={JOB_PAGE_LINK_MESSAGES.shownOnce} url={view.newLink} label="Job page link" />
      )}
      {view.mayMake && (
        <LinkButton
          action={view.action}
          intent={NEW_JOB_PAGE_LINK_INTENT}
          busyText="Getting the link..."
          className={`${secondaryButton} text-sm`}
        >
          Get the link to copy
        </LinkButton>
      )}
      {view.mayRevoke && (
        <details className="group w-fit rounded-md border border-red-200 px-3 text-sm open:w-full">
          <summary className="flex min-h-10 cursor-pointer list-none items-center gap-1 font-semibold text-red-700 [&::-webkit-details-marker]:hidden">
            Turn off every link
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-2 pb-3">
            <p>{JOB_PAGE_LINK_MESSAGES.revokeExplained}</p>
            <LinkButton
              action={view.action}
              intent={REVOKE_JOB_PAGE_LINKS_INTENT}
              busyText="Turning off..."
              className={dangerButton}
            >
              Yes, turn off {JOB_PAGE_LINK_MESSAGES.links(view.linkCount)}
            </LinkButton>
          </div>
        </details>
      )}
    </section>
  );
}

/** One button, one form: both answer with a redirect and a flash, never a refusal to show here. */
function LinkButton({
  action,
  intent,
  busyText,
  className,
  children,
}: {
  action: string;
  intent: string;
  busyText: string;
  className: string;
  children: ReactNode;
}) {
  const { fetcher, busy } = useLeadFormPost(intent, null);
  return (
    <fetcher.Form method="post" action={action}>
      <SubmitButton name="intent" value={intent} busy={busy} busyText={busyText} className={className}>
        {children}
      </SubmitButton>
    </fetcher.Form>
  );
}
