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

/** "Add to portfolio" on a completed lead: one schema for the form and the action. */
export const PortfolioDraftSchema = z.object({
  title: z.string({ error: DRAFT_MESSAGES.title }).trim().min(1, DRAFT_MESSAGES.title).max(120),
  category: z.enum(PROJECT_CATEGORIES, { error: DRAFT_MESSAGES.category }),
  description: z.string({ error: DRAFT_MESSAGES.description }).trim().min(1, DRAFT_MESSAGES.description).max(2000),
  altText: z.string({ error: DRAFT_MESSAGES.alt }).trim().min(1, DRAFT_MESSAGES.alt).max(200),
  photoId: z.coerce.number({ error: DRAFT_MESSAGES.photo }).int().positive(DRAFT_MESSAGES.photo).optional(),
});
export type PortfolioDraftInput = z.infer<typeof PortfolioDraftSchema>;
