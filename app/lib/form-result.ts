import type { SubmissionResult } from "@conform-to/react";

/**
 * A refused form, sent back to the page that posted it (decision 0088): which form (its
 * intent), which row it was about (an invoice's or a visit's id, where one page repeats a
 * form per row; null otherwise) and conform's reply (each field's errors, the form's own,
 * what was typed).
 */
export type FormResult<I extends string = string> = {
  intent: I;
  about: number | null;
  reply: SubmissionResult<string[]>;
};

/**
 * The reply for one form: from its own fetcher (with scripts) or the page's action (without,
 * the post was a page load), whichever names its intent and row. Never another form's.
 */
export function replyFor<I extends string>(
  results: readonly (FormResult<I> | null | undefined)[],
  intent: I,
  about: number | null = null,
): SubmissionResult<string[]> | undefined {
  return results.find((r) => r?.intent === intent && r.about === about)?.reply;
}
