import type { OutboxItem } from "~/db/schema";
import { getLeadProposal } from "~/models/proposal.server";
import type { Mail } from "~/server/mail.server";

/** A mail ready to hand to the provider, and the link in it when staff may need to see it. */
export type ComposedMail = { mail: Mail; link?: string };

/**
 * One kind of mail or text (lib/outbox.ts names them): how it is written and what follows it.
 * services/mail/kinds.server.ts registers each; services/outbox.server.ts sends them.
 */
export type MailKind = {
  /**
   * The mail for this row, written at the moment it goes (so a link in it carries a
   * fresh token), or null when there is nothing to send any more (recorded as skipped).
   * May take its time (an invoice's PDF is made as it goes). None: it only goes by text.
   */
  compose?(item: OutboxItem, now: Date): ComposedMail | null | Promise<ComposedMail | null>;
  /**
   * The words of its text (lib/text-words.ts), written when it goes like the mail, or null
   * when there is nothing to send any more; with the link in it when staff may need to see
   * it (a review request's). None: it only goes by mail.
   */
  text?(item: OutboxItem, now: Date): string | { body: string; link: string } | null;
  /** After the provider took it: a mail to send right after it (the auto-reply), if any. */
  afterSent?(item: OutboxItem, now: Date): OutboxItem | undefined;
  /** False: a failure is final, never retried (the spec's auto-reply is "only logged"). */
  retries: boolean;
  /** The same for its text, when it differs (the auto-reply's text is retried like every other). Default: true. */
  textRetries?: boolean;
};

/** The proposal a mail is about, if the row still names one of its lead's. */
export const mailProposal = (item: OutboxItem) =>
  item.leadId === null || item.proposalId === null ? undefined : getLeadProposal(item.leadId, item.proposalId);
