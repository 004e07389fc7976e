import type { MailKind } from "./mail-kind.server";

// Issue 33 scaffold: an invoice to the homeowner, and a receipt for a payment.
// Nothing queues these kinds until they are written; compose's null records one as skipped.
export const invoice: MailKind = { retries: true, compose: () => null };
export const receipt: MailKind = { retries: true, compose: () => null };
