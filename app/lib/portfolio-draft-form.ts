import { z } from "~/lib/zod";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";

export const DRAFT_MESSAGES = {
  title: "Please give the project a title",
  category: "Please choose the project's category",
  description: "Please describe the work in a sentence or two",
  alt: "Please describe the picture (alt text) for visitors who cannot see it",
  photo: "Please choose one of the job's photos",
  beforeAlt: "Please describe the before picture (alt text) for visitors who cannot see it",
  beforeNeedsAfter: "Please choose the after picture too: the before picture shows beside it",
  samePhoto: "Please choose a different photo for before and after",
  noPhoto: "That photo could not be copied. Please choose another, or add a picture in the project's editor.",
  added: "Draft added to the portfolio: look it over, then publish it",
  /** For the office, who writes drafts while the owner publishes (decision 0052). */
  addedForOwner: "Draft added to the portfolio: look it over; the owner publishes it",
} as const;

const photoId = z.coerce.number({ error: DRAFT_MESSAGES.photo }).int().positive(DRAFT_MESSAGES.photo).optional();
const altText = (message: string) =>
  z
    .string()
    .trim()
    .max(200, message)
    .optional()
    .transform((v) => v ?? "");

/** What the draft form says of a photo the homeowner sent with the request (no tag). */
export const REQUEST_PHOTO_LABEL = "From the request";

/**
 * "Add to portfolio" on a completed lead: one schema for the form and the action (with its
 * intent and `pictureNeedsAltText`, lib/lead-forms.ts). A job without photos has no
 * picture to choose, so nothing to describe: the alt text comes with the picture. The
 * picture (`photoId`) is the "after"; an optional "before" (`beforePhotoId`) shows beside it.
 */
export const PortfolioDraftSchema = z.object({
  title: z.string({ error: DRAFT_MESSAGES.title }).trim().min(1, DRAFT_MESSAGES.title).max(120),
  category: z.enum(PROJECT_CATEGORIES, { error: DRAFT_MESSAGES.category }),
  description: z.string({ error: DRAFT_MESSAGES.description }).trim().min(1, DRAFT_MESSAGES.description).max(2000),
  altText: altText(DRAFT_MESSAGES.alt),
  photoId,
  beforeAltText: altText(DRAFT_MESSAGES.beforeAlt),
  beforePhotoId: photoId,
});
export type PortfolioDraftInput = z.infer<typeof PortfolioDraftSchema>;

type DraftPictures = Pick<PortfolioDraftInput, "altText" | "photoId" | "beforeAltText" | "beforePhotoId">;

/** Each chosen picture needs its alt text; with none chosen, none is asked for. */
export function pictureNeedsAltText(form: DraftPictures, ctx: z.RefinementCtx) {
  if (form.photoId !== undefined && !form.altText)
    ctx.addIssue({ code: "custom", path: ["altText"], message: DRAFT_MESSAGES.alt });
  if (form.beforePhotoId !== undefined && !form.beforeAltText)
    ctx.addIssue({ code: "custom", path: ["beforeAltText"], message: DRAFT_MESSAGES.beforeAlt });
}

/** A before picture is half of a pair: it needs an after, and another photo than the after. */
export function beforeIsAnotherPhoto(form: DraftPictures, ctx: z.RefinementCtx) {
  if (form.beforePhotoId === undefined) return;
  if (form.photoId === undefined)
    ctx.addIssue({ code: "custom", path: ["photoId"], message: DRAFT_MESSAGES.beforeNeedsAfter });
  else if (form.photoId === form.beforePhotoId)
    ctx.addIssue({ code: "custom", path: ["beforePhotoId"], message: DRAFT_MESSAGES.samePhoto });
}
