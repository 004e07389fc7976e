import { useFetcher } from "react-router";
import { replyFor, type FormResult } from "~/lib/form-result";

/**
 * How every form on a lead's page posts (decision 0088): a `fetcher.Form` to the route that
 * owns what it changes (the page's own action for the lead, its estimate, proposals and job;
 * `visits`, `invoices`, `payments`, `job-page-link` for those). With scripts the post goes
 * through this form's own fetcher: its button alone says it is busy, and a refusal comes back
 * to it. Without scripts the same form posts natively: a refusal is the action's page, whose
 * result (`pageResult`) is read the same way. Success is a redirect with a flash either way.
 */
export function useLeadFormPost<I extends string>(
  intent: I,
  pageResult: FormResult | null | undefined,
  about: number | null = null,
) {
  const fetcher = useFetcher<FormResult<I>>();
  const busy = fetcher.state !== "idle";
  const reply = replyFor<string>([fetcher.data, pageResult], intent, about);
  return {
    fetcher,
    busy,
    /** For conform's `useForm`: none while a post is on its way, so the last one's errors go. */
    lastResult: busy ? undefined : reply,
    /** The form came back refused: a fold-out holding it stays open, posting again too. */
    refused: reply !== undefined,
  };
}

/** One form's post, handed to the component that draws the form where its parent reads the reply too. */
export type LeadFormPost = ReturnType<typeof useLeadFormPost>;
