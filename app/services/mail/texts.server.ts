import { onMyWayText } from "~/lib/text-words";
import { getHistoryEntry } from "~/models/lead-history.server";
import { getBusinessFacts } from "~/models/settings.server";
import type { MailKind } from "./mail-kind.server";

/** The history entry a text was written as (its words, or the arrival the crew gave). */
const entryOf = (leadNoteId: number | null) => (leadNoteId === null ? undefined : getHistoryEntry(leadNoteId));

/** Words staff wrote on the lead page, as the history entry keeps them. */
export const textMessage: MailKind = {
  retries: true,
  text(item) {
    return entryOf(item.leadNoteId)?.body ?? null;
  },
};

/**
 * The crew's "on my way", with the arrival they gave. Not retried: an hour late it would
 * tell the homeowner something no longer true.
 */
export const onMyWay: MailKind = {
  retries: false,
  textRetries: false,
  text(item) {
    const entry = entryOf(item.leadNoteId);
    if (!entry?.detail) return null;
    return onMyWayText({ company: getBusinessFacts().company, who: entry.author, arrival: entry.detail });
  },
};
