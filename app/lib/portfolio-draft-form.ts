import { z } from "~/lib/zod";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";

export const DRAFT_MESSAGES = {
  title: "Please give the project a title",
  category: "Please choose the project's category",
  description: "Please describe the work in a sentence or two",
  alt: "Please describe the picture (alt text) for visitors who cannot see it",
  photo: "Please choose one of the job's photos",
  noPhoto: "That photo could not be copied. Please choose another, or add a picture in the project's editor.",
  added: "Draft added to the portfolio: look it over, then publish it",
  /** For the office, who writes drafts while the owner publishes (decision 0052). */
  addedForOwner: "Draft added to the portfolio: look it over; the owner publishes it",
} as const;

/**
 * "Add to portfolio" on a completed lead: one schema for the form and the action (with its
 * intent and `pictureNeedsAltText`, lib/lead-forms.ts). A request without photos has no
 * picture to choose, so nothing to describe: the alt text comes with the picture.
 */
export const PortfolioDraftSchema = z.object({
  title: z.string({ error: DRAFT_MESSAGES.title }).trim().min(1, DRAFT_MESSAGES.title).max(120),
  category: z.enum(PROJECT_CATEGORIES, { error: DRAFT_MESSAGES.category }),
  description: z.string({ error: DRAFT_MESSAGES.description }).trim().min(1, DRAFT_MESSAGES.description).max(2000),
  altText: z
    .string()
    .trim()
    .max(200, DRAFT_MESSAGES.alt)
    .optional()
    .transform((v) => v ?? ""),
  photoId: z.coerce.number({ error: DRAFT_MESSAGES.photo }).int().positive(DRAFT_MESSAGES.photo).optional(),
});
export type PortfolioDraftInput = z.infer<typeof PortfolioDraftSchema>;

/** A chosen picture needs its alt text; with none chosen, none is asked for. */
export function pictureNeedsAltText(form: { altText: string; photoId?: number }, ctx: z.RefinementCtx) {
  if (form.photoId !== undefined && !form.altText)
    ctx.addIssue({ code: "custom", path: ["altText"], message: DRAFT_MESSAGES.alt });
}
