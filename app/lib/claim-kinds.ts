/** Insurance claims as the database knows them: db/schema.ts (decision 0109). */

/** Where a supplement asked of the carrier stands. */
export const SUPPLEMENT_STATES = ["submitted", "approved", "denied"] as const;
export type SupplementState = (typeof SUPPLEMENT_STATES)[number];

export const SUPPLEMENT_STATE_LABELS: Record<SupplementState, string> = {
  submitted: "Submitted",
  approved: "Approved",
  denied: "Denied",
};

/** What a file kept privately on a claim is: the carrier's scope of loss, a photo for the adjuster, or anything else. */
export const CLAIM_FILE_KINDS = ["scope", "photo", "other"] as const;
export type ClaimFileKind = (typeof CLAIM_FILE_KINDS)[number];
export const isClaimFileKind = (value: unknown): value is ClaimFileKind =>
  (CLAIM_FILE_KINDS as readonly unknown[]).includes(value);

export const CLAIM_FILE_KIND_LABELS: Record<ClaimFileKind, string> = {
  scope: "Scope of loss",
  photo: "Photo",
  other: "Other document",
};
