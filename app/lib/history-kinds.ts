/**
 * What a lead's history entry is about, as the database knows it (db/schema.ts lead_notes.kind).
 * The entry's words are made when it is shown, per role (lib/lead-history.ts).
 */
export const HISTORY_KINDS = [
  // A person's own words, a change of status, or both (and every older entry that was not sorted).
  "note",
  "added-by-hand",
  "added-in-roof-tool",
  "roof-measured",
  "assigned",
  "job-completed",
  "job-reopened",
  "job-links-revoked",
  "homeowner-photos",
  // Photos the team took on the job (`count`: how many), by whoever sent them.
  "job-photos",
  "proposal-created",
  // Mailed to the homeowner (`detail`: the address), by whoever pressed "Email to".
  "proposal-emailed",
  "proposal-withdrawn",
  "proposal-accepted",
  "invoice-sent",
  "invoice-voided",
  "invoice-draft-deleted",
  "payment-received",
  // A reminder of an overdue invoice queued (`count`: the step's days past due, `amount`: owed
  // then), by the daily check; reminders paused or resumed for the job, by whoever did.
  "invoice-reminder-sent",
  "invoice-reminders-paused",
  "invoice-reminders-resumed",
  // Money given back from a payment (`amount`, the payment, its invoice; `detail`: why).
  "payment-refunded",
  // Money Stripe took that the site did not keep: the owner refunds it (decision 0068).
  "online-payment-unrecorded",
  "online-payment-over",
  "visit-booked",
  "visit-moved",
  // A new length at the same start (`count`: minutes): not a move.
  "visit-length-changed",
  "visit-canceled",
  // Texts: words staff sent (`body`), a reply from the homeowner (`body`, `detail`: the number),
  // the crew's "on my way" (`detail`: the arrival they gave), a STOP or START from the number.
  "text-sent",
  "text-received",
  "on-my-way",
  "texts-stopped",
  "texts-started",
  // The lead marked as an insurance claim (`detail`: the carrier, `reference`: the claim number),
  // its details changed, or no longer a claim (`detail`: the carrier it was with).
  "claim-marked",
  "claim-changed",
  "claim-removed",
  // A file kept on the claim or deleted from it (`detail`: its kind, `reference`: its name).
  "claim-file-added",
  "claim-file-deleted",
  // A supplement asked of the carrier (`detail`: what, `amount`: asked), approved (`amount`:
  // approved) or denied.
  "supplement-submitted",
  "supplement-approved",
  "supplement-denied",
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The entries of a lead's texts: what the lead page's Texts section tells beside the texts themselves. */
export const TEXT_HISTORY_KINDS = [
  "text-sent",
  "text-received",
  "on-my-way",
  "texts-stopped",
  "texts-started",
] as const satisfies readonly HistoryKind[];

/** The entries about money: the crew reads them in words of their own, without it (decision 0074). */
export const MONEY_KINDS: ReadonlySet<HistoryKind> = new Set([
  "proposal-created",
  "invoice-sent",
  "invoice-voided",
  "invoice-draft-deleted",
  "payment-received",
  "invoice-reminder-sent",
  "payment-refunded",
  "online-payment-unrecorded",
  "online-payment-over",
  "supplement-submitted",
  "supplement-approved",
]);

/** The entries that ask the owner to refund money from the Stripe dashboard. */
export const REFUND_DUE_KINDS = [
  "online-payment-unrecorded",
  "online-payment-over",
] as const satisfies readonly HistoryKind[];
