import { formatKansasDate } from "./business-time";

// Who did it, and when, as every admin page prints it (decision 0052: histories name people).
// One way everywhere: the lead history, proposals, reviews, projects and settings.

/** An account's columns as a left join finds them: both null when the row names nobody. */
export type AccountName = { name: string | null; email: string | null };

/**
 * The name a page prints for an account: its name, or its email while it has none. A row
 * from before accounts names nobody: the text it stored then (`stored`, e.g. a lead note's
 * old author email), else null and the page prints nothing. A removed member keeps their
 * row, so their name still shows.
 */
export function personName(account: AccountName | null | undefined, stored?: string | null): string | null {
  return account?.name?.trim() || account?.email?.trim() || stored?.trim() || null;
}

/** A by-line's day, in the business's time zone: "Nov 27, 2026". */
export const byLineDay = (at: Date) => formatKansasDate(at);

/**
 * "Approved by Kim Ruiz on Nov 27, 2026" (`done` is the past tense, capitalized); without a
 * day, "Published by Kim Ruiz". Nobody named: null (print nothing).
 */
export function byLine(done: string, who: string | null, at?: Date | null): string | null {
  if (!who) return null;
  return at ? `${done} by ${who} on ${byLineDay(at)}` : `${done} by ${who}`;
}
