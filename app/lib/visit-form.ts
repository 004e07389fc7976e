import type { FormResult } from "./form-result";
import { z } from "~/lib/zod";
import { type LeadStatus } from "./lead-status";
import { isCalendarDay, kansasInstant } from "./business-time";
import { VISIT_KINDS, VISIT_KIND_LABELS, type VisitKind } from "./visit-kinds";
import { VISIT_TIME_MESSAGES } from "./visit-time";

/**
 * The schedule's forms on a lead's page (components/admin/lead-schedule.tsx), posted to
 * routes/admin/lead-visits.tsx: book a visit or a work day, move it, call it off. The day
 * and time are Kansas time; the schema turns them into the instant they name, and refuses
 * a time the clocks skip (2:30 AM on the night daylight time starts).
 */

export const ADD_VISIT_INTENT = "add-visit";
export const MOVE_VISIT_INTENT = "move-visit";
export const CANCEL_VISIT_INTENT = "cancel-visit";
/** The owner's usual length of each kind, saved on /admin/schedule. */
export const VISIT_LENGTHS_INTENT = "visit-lengths";

export const NOTE_MAX = 1000;

/** How long a visit takes, in minutes: the choices the form offers. */
export const VISIT_LENGTHS = [30, 60, 90, 120, 180, 240, 360, 480, 600] as const;
export const lengthLabel = (minutes: number) =>
  minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
const isVisitLength = (n: number) => (VISIT_LENGTHS as readonly number[]).includes(n);

export type VisitLengths = Record<VisitKind, number>;
/**
 * What a new visit of each kind takes unless staff choose otherwise, until the owner saves
 * his own (the `visitLengths` settings group): an estimate visit is an hour, a work day a day.
 */
export const DEFAULT_VISIT_LENGTHS: VisitLengths = {
  estimate_visit: 60,
  inspection: 60,
  adjuster_meeting: 60,
  work_day: 480,
};
/** The stored group: one of the form's lengths per kind. */
const storedLength = () => z.number().int().refine(isVisitLength);
export const VisitLengthsSchema = z.object({
  estimate_visit: storedLength(),
  inspection: storedLength(),
  // Saved before adjuster meetings were a kind: the owner's other lengths stay, this one starts at its default.
  adjuster_meeting: storedLength().default(DEFAULT_VISIT_LENGTHS.adjuster_meeting),
  work_day: storedLength(),
} satisfies Record<VisitKind, unknown>);

/**
 * The kind a new booking starts as: before the job is won, a visit is to look at the roof
 * and price it (a new lead's first booking is its estimate visit); after, it is a work day.
 */
export const defaultVisitKind = (status: LeadStatus): VisitKind => (status === "won" ? "work_day" : "estimate_visit");

export const VISIT_MESSAGES = {
  badKind: "Choose what the visit is for.",
  badLength: "Choose how long it takes.",
  badAssignee: "Choose someone on the team.",
  badVisit: "This visit is not on this lead any more. Reload the page.",
  tooLong: `Keep the note under ${NOTE_MAX} characters.`,
  added: (kind: VisitKind) => `${VISIT_KIND_LABELS[kind]} booked`,
  moved: "Visit moved",
  // A new length at the same start: the homeowner is told it now takes longer or less, never that it moved.
  updated: "Visit updated",
  saved: "Visit saved",
  lengthsSaved: "Visit lengths saved",
  unchanged: "Nothing changed",
  cancelled: "Visit canceled",
  alreadyCancelled: "This visit was already canceled.",
  // What follows "booked"/"moved"/"canceled" about the homeowner's mail.
  mailed: (to: string) => `; ${to} was emailed`,
  mailQueued: (to: string) => `; the email to ${to} is on its way`,
  mailFailed: "; the email to the homeowner could not go yet and will be tried again",
  noMail: "; mail is not set up, so tell the homeowner yourself",
  noEmail: "; this lead has no email address, so tell the homeowner yourself",
  notAnnounced: "; its confirmation had not gone yet, so the homeowner was not emailed",
} as const;

const lengthField = () =>
  z.coerce.number({ error: VISIT_MESSAGES.badLength }).refine(isVisitLength, VISIT_MESSAGES.badLength);

const id = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number);

const WhenFields = {
  day: z.string({ error: VISIT_TIME_MESSAGES.invalid }).trim(),
  time: z.string({ error: VISIT_TIME_MESSAGES.invalid }).trim(),
  lengthMinutes: lengthField(),
  // A person on the team by id, or nobody yet (the empty choice).
  assignee: id(VISIT_MESSAGES.badAssignee).optional(),
  note: z.string().trim().max(NOTE_MAX, VISIT_MESSAGES.tooLong).optional(),
};

/** The day and time as the instant they name, or an issue on the field that is wrong. */
function withStart<T extends { day: string; time: string }>(form: T, ctx: z.RefinementCtx): T & { startsAt: Date } {
  const found = kansasInstant(form.day, form.time);
  if (found.ok) return { ...form, startsAt: found.at };
  if (found.reason === "skipped")
    ctx.addIssue({ code: "custom", path: ["time"], message: VISIT_TIME_MESSAGES.skipped(form.day, form.time) });
  else
    ctx.addIssue({
      code: "custom",
      path: [isCalendarDay(form.day) ? "time" : "day"],
      message: VISIT_TIME_MESSAGES.invalid,
    });
  return z.NEVER;
}

export const AddVisitSchema = z
  .object({
    intent: z.literal(ADD_VISIT_INTENT),
    kind: z.enum(VISIT_KINDS, { error: VISIT_MESSAGES.badKind }),
    ...WhenFields,
  })
  .transform(withStart);

export const MoveVisitSchema = z
  .object({ intent: z.literal(MOVE_VISIT_INTENT), visitId: id(VISIT_MESSAGES.badVisit), ...WhenFields })
  .transform(withStart);

export const CancelVisitSchema = z.object({
  intent: z.literal(CANCEL_VISIT_INTENT),
  visitId: id(VISIT_MESSAGES.badVisit),
});

/** The owner's form on the schedule page: one length per kind. */
export const VisitLengthsFormSchema = z.object({
  intent: z.literal(VISIT_LENGTHS_INTENT),
  ...({
    estimate_visit: lengthField(),
    inspection: lengthField(),
    adjuster_meeting: lengthField(),
    work_day: lengthField(),
  } satisfies Record<VisitKind, unknown>),
});

/** One schema per intent: the action parses a post with the one its intent names. */
export const VISIT_FORM_SCHEMAS = {
  [ADD_VISIT_INTENT]: AddVisitSchema,
  [MOVE_VISIT_INTENT]: MoveVisitSchema,
  [CANCEL_VISIT_INTENT]: CancelVisitSchema,
} as const;
export type VisitIntent = keyof typeof VISIT_FORM_SCHEMAS;
export const isVisitIntent = (value: unknown): value is VisitIntent =>
  typeof value === "string" && Object.hasOwn(VISIT_FORM_SCHEMAS, value);

/** A refused form's answer, about the visit whose form posted it (each visit has its own "move" form). */
export type VisitFormResult = FormResult<VisitIntent>;
