import { href } from "react-router";
import type { FormResult } from "./form-result";
import { z } from "~/lib/zod";
import { EstimateLinesSchema, LeaveOutSchema, MakeEstimateSchema } from "./estimate";
import { LEAD_MESSAGES, LEAD_STATUSES } from "./lead-status";
import { isCalendarDay } from "./business-time";
import { beforeIsAnotherPhoto, pictureNeedsAltText, PortfolioDraftSchema } from "./portfolio-draft-form";
import { PROPOSAL_MESSAGES, TERMS_MAX, VALID_DAYS } from "./proposal";
import { OfferFormShape } from "./proposal-offer";

/**
 * The forms of a lead's page (routes/admin/lead.tsx). Each one's intent is written once,
 * here, as the literal its schema requires: its component posts that constant, the action
 * parses every post with `LeadFormSchema` and switches over the intent the union narrowed
 * to. The page's own values (a status, an estimate line) are checked by the same schema in
 * the browser, through conform, and again by the action.
 */

// ---- Status and notes (components/admin/lead-panel.tsx) ------------------------------------

export const STATUS_INTENT = "lead";
export const LeadStatusSchema = z
  .object({
    intent: z.literal(STATUS_INTENT),
    status: z.enum(LEAD_STATUSES, { error: LEAD_MESSAGES.badStatus }),
    // Kept only for a lost lead; spaces run together, as it is shown in one line.
    lostReason: z
      .string()
      .transform((text) => text.trim().replace(/\s+/g, " "))
      .optional(),
    followUpOn: z
      .string()
      .trim()
      .refine((day) => day === "" || isCalendarDay(day), LEAD_MESSAGES.badDate)
      .optional(),
    note: z.string().trim().max(5000, LEAD_MESSAGES.tooLong).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.status !== "lost") return;
    if (!form.lostReason) ctx.addIssue({ code: "custom", path: ["lostReason"], message: LEAD_MESSAGES.lostReason });
    else if (form.lostReason.length > 200)
      ctx.addIssue({ code: "custom", path: ["lostReason"], message: LEAD_MESSAGES.tooLong });
  });

/** What the status form saves: the reason only for a lost lead, nothing typed as null. */
export const leadUpdate = (form: z.output<typeof LeadStatusSchema>) => ({
  status: form.status,
  lostReason: (form.status === "lost" && form.lostReason) || null,
  followUpOn: form.followUpOn || null,
  note: form.note || null,
});

// ---- A note from a phone's queue (routes/admin/lead-job-notes.tsx, decision 0099) ----------

/** Where a phone's queue sends a note kept without signal. */
export const leadNotesPath = (leadId: number) => href("/admin/leads/:id/notes", { id: String(leadId) });

/** A note alone, as a phone without signal kept it: posted later, JSON back. */
export const JobNoteSchema = z.object({
  note: z
    .string({ error: LEAD_MESSAGES.noteEmpty })
    .trim()
    .min(1, LEAD_MESSAGES.noteEmpty)
    .max(5000, LEAD_MESSAGES.tooLong),
});

// ---- Who looks after it (components/admin/lead-assignee.tsx, decision 0053) -----------------

/** "Assigned to": a person on the team by id, or nobody (the empty choice). */
export const ASSIGN_INTENT = "assign";
export const AssignSchema = z.object({
  intent: z.literal(ASSIGN_INTENT),
  assignee: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, LEAD_MESSAGES.badAssignee)
    .transform(Number)
    .optional(),
});

// ---- Roof measurement (components/admin/lead-roof.tsx) -------------------------------------

/** "Measure this roof": the roof tool, opened on the lead's roof customer. */
export const MEASURE_INTENT = "measure";
const MeasureSchema = z.object({ intent: z.literal(MEASURE_INTENT) });

// ---- Estimate (components/admin/lead-estimate.tsx; fields in lib/estimate.ts) -------------

export const MAKE_ESTIMATE_INTENT = "make-estimate";
export const MakeEstimateFormSchema = MakeEstimateSchema.extend({ intent: z.literal(MAKE_ESTIMATE_INTENT) });
export const SAVE_ESTIMATE_INTENT = "save-estimate";
export const EstimateLinesFormSchema = EstimateLinesSchema.extend({ intent: z.literal(SAVE_ESTIMATE_INTENT) });
export const LEAVE_OUT_INTENT = "leave-out-materials";
export const LeaveOutFormSchema = LeaveOutSchema.extend({ intent: z.literal(LEAVE_OUT_INTENT) });

// ---- Proposals (components/admin/lead-proposals.tsx) ---------------------------------------

/** "Create proposal": the terms and how many days it stays open, made from the estimate. */
export const SEND_PROPOSAL_INTENT = "send-proposal";
export const SendProposalSchema = z.object({
  intent: z.literal(SEND_PROPOSAL_INTENT),
  terms: z
    .string({ error: PROPOSAL_MESSAGES.termsMissing })
    .transform((text) => text.replace(/\r\n/g, "\n").trim())
    .pipe(
      z
        .string({ error: PROPOSAL_MESSAGES.termsMissing })
        .min(1, PROPOSAL_MESSAGES.termsMissing)
        .max(TERMS_MAX, PROPOSAL_MESSAGES.termsTooLong),
    ),
  validDays: z.coerce
    .number({ error: PROPOSAL_MESSAGES.badDays })
    .int(PROPOSAL_MESSAGES.badDays)
    .min(VALID_DAYS.min, PROPOSAL_MESSAGES.badDays)
    .max(VALID_DAYS.max, PROPOSAL_MESSAGES.badDays),
  saveDefaults: z.boolean().default(false),
  // The options, add-ons and unit-price switch offered (decision 0108).
  ...OfferFormShape,
});

/**
 * "Email to <homeowner>": one proposal of the lead, mailed through the outbox (decision 0038).
 * An id that is not a number names no proposal, as one of another lead does: 0, a 404.
 */
export const EMAIL_PROPOSAL_INTENT = "email-proposal";
const EmailProposalSchema = z.object({
  intent: z.literal(EMAIL_PROPOSAL_INTENT),
  proposalId: z.coerce.number().int().positive().catch(0),
});

// ---- The job after the sale (components/admin/lead-job.tsx) --------------------------------

export const COMPLETE_INTENT = "complete";
const CompleteSchema = z.object({ intent: z.literal(COMPLETE_INTENT) });
export const REOPEN_INTENT = "reopen";
const ReopenSchema = z.object({ intent: z.literal(REOPEN_INTENT) });
export const ASK_REVIEW_INTENT = "ask-review";
const AskReviewSchema = z.object({ intent: z.literal(ASK_REVIEW_INTENT) });
export const ADD_TO_PORTFOLIO_INTENT = "add-to-portfolio";
export const AddToPortfolioSchema = PortfolioDraftSchema.extend({
  intent: z.literal(ADD_TO_PORTFOLIO_INTENT),
}).superRefine((form, ctx) => {
  pictureNeedsAltText(form, ctx);
  beforeIsAnotherPhoto(form, ctx);
});

// ---- The page's one union -------------------------------------------------------------------

/** Every form of the page; a post is parsed with the schema of the intent it names. */
export const LeadFormSchema = z.discriminatedUnion("intent", [
  LeadStatusSchema,
  AssignSchema,
  MeasureSchema,
  MakeEstimateFormSchema,
  EstimateLinesFormSchema,
  LeaveOutFormSchema,
  SendProposalSchema,
  EmailProposalSchema,
  CompleteSchema,
  ReopenSchema,
  AskReviewSchema,
  AddToPortfolioSchema,
]);
type LeadForm = z.output<typeof LeadFormSchema>;
export type LeadIntent = LeadForm["intent"];

export const LEAD_INTENTS: readonly LeadIntent[] = LeadFormSchema.options.map((schema) => schema.shape.intent.value);
export const isLeadIntent = (value: unknown): value is LeadIntent =>
  (LEAD_INTENTS as readonly unknown[]).includes(value);

/** A refused form of the page, for the form that posted it (lib/form-result.ts). */
export type LeadFormResult = FormResult<LeadIntent>;

/** The parsed fields of the forms named. */
export type LeadFormOf<I extends LeadIntent> = Extract<LeadForm, { intent: I }>;

/** The action's `default:`: reached by no form the union has, so a form added without a case fails to compile. */
export function unhandledForm(form: never): never {
  throw new Error(`The lead page has no case for ${JSON.stringify(form)}`);
}
