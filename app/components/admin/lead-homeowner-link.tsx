import { Link2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { secondaryButton, SubmitButton } from "~/components/admin-ui";
import { NewLinkBox } from "~/components/admin/lead-new-link";
import { when } from "~/components/lead-detail";
import { JOB_LINK_MESSAGES, NEW_JOB_LINK_INTENT } from "~/lib/job-page";
import type { LeadHomeownerLinkView } from "~/services/lead-homeowner-link-view.server";

/**
 * The homeowner's own page of a won job: what it shows, how many links to it exist (every
 * mail carries its own), and a new link to copy and send by text, shown only once. A plain
 * form: with scripts the page updates in place.
 */
export function LeadHomeownerLink({ view }: { view: LeadHomeownerLinkView | null }) {
  const navigation = useNavigation();
  if (!view) return null;
  const busy = navigation.state !== "idle" && navigation.formAction === view.action;
  return (
    <section aria-labelledby="lead-homeowner-link" className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-homeowner-link" className="flex items-center gap-2 text-lg font-bold">
        <Link2 aria-hidden className="size-5 text-brand" /> Homeowner&apos;s page
      </h2>
      <p className="text-sm text-ink-soft">
        One private page where the homeowner sees where the job stands, the next visit, the proposal, invoices and payments, and sends you photos. Every mail they get links there.
      </p>
      <p className="text-sm">
        {view.linkCount === 0
          ? "No link made yet."
          : `${view.linkCount === 1 ? "1 link" : `${view.linkCount} links`} made, the latest ${when(view.newestAt!)}.`}
      </p>
      {view.newLink && <NewLinkBox message={JOB_LINK_MESSAGES.shownOnce} url={view.newLink} label="Link to the homeowner's page" />}
      {view.mayMake && (
        <Form method="post" action={view.action}>
          <SubmitButton name="intent" value={NEW_JOB_LINK_INTENT} busy={busy} busyText="Making a link..." className={`${secondaryButton} text-sm`}>
            Make a link to copy
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
