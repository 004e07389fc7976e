import { z } from "~/lib/zod";
import { isCalendarDay } from "./business-time";
import { CLAIM_FILE_KIND_LABELS, CLAIM_FILE_KINDS, type ClaimFileKind, type SupplementState } from "./claim-kinds";
import { oneLine } from "./contact-schema";
import { dollarsField } from "./money";
import { formatCents } from "./money-format";
import { refusal, type Refusal } from "./refusal";

/**
 * A lead that is an insurance claim (decision 0109), as staff write it on the lead page's
 * "Insurance claim" card: the carrier, the claim, the adjuster and what the carrier's scope
 * says in dollars; the supplements asked of the carrier and what it decided; the files kept
 * privately on the claim. One schema per form, shared by conform and the action; the rules
 * here are pure (models/insurance-claim.server.ts reads and writes the rows).
 */

/** The card's forms, each named once (lib/access.ts gives each its roles). */
export const CLAIM_INTENTS = {
  save: "save-claim",
  remove: "remove-claim",
  addSupplement: "add-supplement",
  decideSupplement: "decide-supplement",
  addFile: "add-claim-file",
  deleteFile: "delete-claim-file",
} as const;
export type ClaimIntent = (typeof CLAIM_INTENTS)[keyof typeof CLAIM_INTENTS];

/** The most any figure of a claim may be ($1,000,000): beyond it, a typo. */
export const MAX_CLAIM_CENTS = 100_000_000;
export const SUPPLEMENT_DESCRIPTION_MAX = 200;

/** The files the crew opens on the roof: the carrier's scope and the photos (letters stay in the office). */
export const CREW_CLAIM_FILE_KINDS: readonly ClaimFileKind[] = ["scope", "photo"];

export const CLAIM_MESSAGES = {
  carrier: "Please write the insurance company's name",
  claimNumber: "Please write the claim number",
  oneLine: "Please use a single line",
  tooLong: "Please keep it shorter",
  badDate: "Please enter a date like 2026-06-14",
  futureLoss: "The day of the loss cannot be in the future",
  futureDay: "The day cannot be in the future",
  badPhone: "Please write the phone number with at least 7 digits",
  badEmail: "Please enter a valid email address",
  badDollars: "Please enter dollars, like 1250.00",
  tooMuch: `Please enter at most ${formatCents(MAX_CLAIM_CENTS)}`,
  depreciationWithoutApproved:
    "Enter the approved replacement cost too: the depreciation the carrier holds back is part of it",
  depreciationOverApproved: "The depreciation cannot be more than the approved replacement cost",
  marked: "Marked as an insurance claim",
  saved: "Claim details saved",
  nothing: "Nothing changed",
  removed: "Not an insurance claim any more",
  noClaim: "This lead is not an insurance claim. Reload the page.",
  carrierInvoices:
    "An invoice of this job names the carrier as payer: void it first, or keep the claim (its invoices need it).",
  supplementDescription: `Please describe what is asked of the carrier (at most ${SUPPLEMENT_DESCRIPTION_MAX} characters)`,
  supplementAmount: "Please enter the amount asked, like 450.00",
  supplementAdded: "Supplement added",
  supplementDecision: "Please choose approved or denied",
  supplementApprovedAmount: "Please enter the amount approved, like 450.00",
  supplementOverAsked: "The carrier cannot approve more than was asked: add another supplement for the rest",
  supplementApproved: "Supplement marked approved",
  supplementDenied: "Supplement marked denied",
  supplementUnchanged: "The supplement already says so",
  supplementBilled: "This supplement is billed already: its invoice keeps it as it is.",
  noSupplement: "This supplement is not on this claim any more. Reload the page.",
  chooseFile: "Please choose a file",
  fileKind: "Please choose what the file is",
  scopeNotPdf: "The scope of loss must be a PDF file",
  photoNotImage: "A photo must be a JPEG, PNG or WebP picture",
  notPdfOrImage: "Please choose a PDF, or a JPEG, PNG or WebP picture",
  fileAdded: (kind: ClaimFileKind) => `${CLAIM_FILE_KIND_LABELS[kind]} added`,
  fileDeleted: "File deleted",
  noFile: "This file is not on this claim any more. Reload the page.",
  fileFailed: "The file could not be saved. Please try again.",
  noLead: "This lead is not there any more.",
} as const;

const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "Please reload the page and try again")
  .transform(Number);

const line = (max: number, required?: string) => {
  const text = z
    .string(required ? { error: required } : undefined)
    .trim()
    .max(max, CLAIM_MESSAGES.tooLong)
    .refine(oneLine, CLAIM_MESSAGES.oneLine);
  return required ? text.min(1, required) : text;
};
const optionalLine = (max: number) =>
  line(max)
    .optional()
    .transform((v) => v || null);
const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);
const dollars = (invalid: string = CLAIM_MESSAGES.badDollars) =>
  dollarsField({ invalid, tooMuch: CLAIM_MESSAGES.tooMuch }, MAX_CLAIM_CENTS);
const digits = (v: string) => v.replace(/\D/g, "").length;

/** "Mark as an insurance claim" and "Save" (the same fields: the claim as it should now read). */
export const SaveClaimSchema = z
  .object({
    intent: z.literal(CLAIM_INTENTS.save),
    carrier: line(100, CLAIM_MESSAGES.carrier),
    claimNumber: line(60, CLAIM_MESSAGES.claimNumber),
    lossOn: day(CLAIM_MESSAGES.badDate).optional(),
    adjusterName: optionalLine(100),
    adjusterPhone: optionalLine(40).refine((v) => v === null || digits(v) >= 7, CLAIM_MESSAGES.badPhone),
    adjusterEmail: z
      .string()
      .trim()
      .max(254, CLAIM_MESSAGES.badEmail)
      .email(CLAIM_MESSAGES.badEmail)
      .optional()
      .transform((v) => v || null),
    // Blank: none yet (the deductible and depreciation as $0, the approved cost as not known).
    deductible: dollars().optional(),
    approved: dollars().optional(),
    depreciation: dollars().optional(),
  })
  .transform((form, ctx) => {
    const approvedCents = form.approved ?? null;
    const depreciationCents = form.depreciation ?? 0;
    if (depreciationCents > 0 && approvedCents === null)
      ctx.addIssue({ code: "custom", path: ["approved"], message: CLAIM_MESSAGES.depreciationWithoutApproved });
    else if (approvedCents !== null && depreciationCents > approvedCents)
      ctx.addIssue({ code: "custom", path: ["depreciation"], message: CLAIM_MESSAGES.depreciationOverApproved });
    return {
      intent: form.intent,
      carrier: form.carrier,
      claimNumber: form.claimNumber,
      lossOn: form.lossOn ?? null,
      adjusterName: form.adjusterName,
      adjusterPhone: form.adjusterPhone,
      adjusterEmail: form.adjusterEmail,
      deductibleCents: form.deductible ?? 0,
      approvedCents,
      depreciationCents,
    };
  });
export type ClaimInput = Omit<z.output<typeof SaveClaimSchema>, "intent">;

/** "Not an insurance claim": the card's confirm step posts the intent alone. */
export const RemoveClaimSchema = z.object({ intent: z.literal(CLAIM_INTENTS.remove) });

/** A supplement asked of the carrier: what, how much, and the day it went. */
export const AddSupplementSchema = z
  .object({
    intent: z.literal(CLAIM_INTENTS.addSupplement),
    description: line(SUPPLEMENT_DESCRIPTION_MAX, CLAIM_MESSAGES.supplementDescription),
    requested: dollars(CLAIM_MESSAGES.supplementAmount),
    submittedOn: day(CLAIM_MESSAGES.badDate),
  })
  .transform((form, ctx) => {
    if (form.requested < 1)
      ctx.addIssue({ code: "custom", path: ["requested"], message: CLAIM_MESSAGES.supplementAmount });
    return {
      intent: form.intent,
      description: form.description,
      requestedCents: form.requested,
      submittedOn: form.submittedOn,
    };
  });
export type SupplementInput = Omit<z.output<typeof AddSupplementSchema>, "intent">;

/**
 * What the carrier decided on a supplement: approved (the amount, the asked one when left
 * blank, never more) or denied, and the day.
 */
export const DecideSupplementSchema = z
  .object({
    intent: z.literal(CLAIM_INTENTS.decideSupplement),
    supplementId: id,
    decision: z.enum(["approved", "denied"], { error: CLAIM_MESSAGES.supplementDecision }),
    approved: dollars(CLAIM_MESSAGES.supplementApprovedAmount).optional(),
    decidedOn: day(CLAIM_MESSAGES.badDate),
  })
  .transform((form, ctx) => {
    if (form.decision === "approved" && form.approved !== undefined && form.approved < 1)
      ctx.addIssue({ code: "custom", path: ["approved"], message: CLAIM_MESSAGES.supplementApprovedAmount });
    return {
      intent: form.intent,
      supplementId: form.supplementId,
      decision: form.decision,
      // Null: the amount asked (the model knows it).
      approvedCents: form.decision === "approved" ? (form.approved ?? null) : null,
      decidedOn: form.decidedOn,
    };
  });
export type SupplementDecision = Omit<z.output<typeof DecideSupplementSchema>, "intent" | "supplementId">;

/** A file's fields (the file itself is read beside them, capped while streaming). */
export const AddClaimFileSchema = z.object({
  intent: z.literal(CLAIM_INTENTS.addFile),
  kind: z.enum(CLAIM_FILE_KINDS, { error: CLAIM_MESSAGES.fileKind }),
});
export const DeleteClaimFileSchema = z.object({ intent: z.literal(CLAIM_INTENTS.deleteFile), fileId: id });

/** The field the file comes in. */
export const CLAIM_FILE_FIELD = "file";

/** One schema per intent: the action parses a post with the one its intent names. */
export const CLAIM_FORM_SCHEMAS = {
  [CLAIM_INTENTS.save]: SaveClaimSchema,
  [CLAIM_INTENTS.remove]: RemoveClaimSchema,
  [CLAIM_INTENTS.addSupplement]: AddSupplementSchema,
  [CLAIM_INTENTS.decideSupplement]: DecideSupplementSchema,
  [CLAIM_INTENTS.addFile]: AddClaimFileSchema,
  [CLAIM_INTENTS.deleteFile]: DeleteClaimFileSchema,
} as const satisfies Record<ClaimIntent, unknown>;

export const isClaimIntent = (value: unknown): value is ClaimIntent =>
  typeof value === "string" && Object.hasOwn(CLAIM_FORM_SCHEMAS, value);

/** What a file's bytes are, as far as a claim cares. */
export type ClaimFileType = "pdf" | "image" | null;

/**
 * Why a file cannot be kept as this kind, or null: the carrier's scope is a PDF, a photo a
 * picture, any other document either. Read from the bytes, never from the name.
 */
export function claimFileProblem(kind: ClaimFileKind, type: ClaimFileType): string | null {
  if (kind === "scope") return type === "pdf" ? null : CLAIM_MESSAGES.scopeNotPdf;
  if (kind === "photo") return type === "image" ? null : CLAIM_MESSAGES.photoNotImage;
  return type === null ? CLAIM_MESSAGES.notPdfOrImage : null;
}

/** Whether a reader opens a claim file of this kind: who sees money, every one; the crew, the scope and photos. */
export const seesClaimFile = (seesMoney: boolean, kind: ClaimFileKind) =>
  seesMoney || CREW_CLAIM_FILE_KINDS.includes(kind);

/** The claim's facts a change compares. */
type ClaimFacts = ClaimInput;

/** Whether saving `next` changes anything of the claim as it is. */
export function claimChanged(current: ClaimFacts, next: ClaimFacts): boolean {
  return (Object.keys(next) as (keyof ClaimFacts)[]).some((key) => current[key] !== next[key]);
}

/**
 * What a supplement's decision writes, or why not: a billed one keeps what its invoice says;
 * the approved amount is the asked one unless said, and never more.
 */
export function supplementDecision(
  supplement: {
    requestedCents: number;
    invoiceId: number | null;
    state: SupplementState;
    approvedCents: number | null;
    decidedOn: string | null;
  },
  decision: SupplementDecision,
): { state: SupplementState; approvedCents: number | null; decidedOn: string } | Refusal | "unchanged" {
  if (supplement.invoiceId !== null) return refusal(CLAIM_MESSAGES.supplementBilled, { status: 409 });
  const approvedCents = decision.decision === "approved" ? (decision.approvedCents ?? supplement.requestedCents) : null;
  if (approvedCents !== null && approvedCents > supplement.requestedCents)
    return refusal(CLAIM_MESSAGES.supplementOverAsked, { field: "approved" });
  if (
    supplement.state === decision.decision &&
    supplement.approvedCents === approvedCents &&
    supplement.decidedOn === decision.decidedOn
  )
    return "unchanged";
  return { state: decision.decision, approvedCents, decidedOn: decision.decidedOn };
}

/** "State Farm, claim 12-345": how a claim is named in one line. */
export const claimName = (claim: { carrier: string; claimNumber: string }) =>
  `${claim.carrier}, claim ${claim.claimNumber}`;

/** The history's words for the claim's own entries (lib/lead-history.ts words every entry). */
export const CLAIM_HISTORY_WORDS = {
  marked: (carrier: string, claimNumber: string) =>
    `Marked as an insurance claim with ${claimName({ carrier, claimNumber })}`,
  changed: "Claim details changed",
  removed: (carrier: string) => `Not an insurance claim any more (was with ${carrier})`,
  fileAdded: (kind: string, name: string | null) => `${kind} added to the claim${name ? `: ${name}` : ""}`,
  fileDeleted: (kind: string, name: string | null) => `${kind} deleted from the claim${name ? `: ${name}` : ""}`,
  supplementSubmitted: (description: string, amount: string) =>
    `Supplement asked of the carrier: ${description}, ${amount}`,
  supplementApproved: (description: string, amount: string) => `Supplement approved: ${description}, ${amount}`,
  supplementDenied: (description: string) => `Supplement denied: ${description}`,
  // The crew's words: that it happened, without the money.
  crewSupplementSubmitted: (description: string) => `Supplement asked of the carrier: ${description}`,
  crewSupplementApproved: (description: string) => `Supplement approved: ${description}`,
} as const;
