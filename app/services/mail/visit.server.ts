import type { MailKind } from "./mail-kind.server";

// Issue 33 scaffold: the visit mails (confirmation with .ics, reminder, moved, called off).
// Nothing queues these kinds until they are written; compose's null records one as skipped.
const notYet: MailKind = { retries: true, compose: () => null };
export const visitConfirmation: MailKind = notYet;
export const visitReminder: MailKind = notYet;
export const visitMoved: MailKind = notYet;
export const visitCancelled: MailKind = notYet;
