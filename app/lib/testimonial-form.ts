import { z } from "~/lib/zod";

/** The Testimonials screen's buttons; the editor's form names no intent (the page's save). */
export const TESTIMONIAL_INTENTS = { approve: "approve", delete: "delete" } as const;

export const NAME_AND_QUOTE_REQUIRED = "Name and quote are required";

/** One schema for the browser (conform) and the action. */
export const TestimonialSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: NAME_AND_QUOTE_REQUIRED }).trim().min(1, NAME_AND_QUOTE_REQUIRED).max(100),
  location: z.string().trim().max(100).optional(),
  quote: z.string({ error: NAME_AND_QUOTE_REQUIRED }).trim().min(1, NAME_AND_QUOTE_REQUIRED).max(1000),
  rating: z.coerce
    .number({ error: "Rating must be a whole number from 1 to 5" })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be a whole number from 1 to 5")
    .max(5, "Rating must be a whole number from 1 to 5")
    .default(5),
});
export type TestimonialInput = z.infer<typeof TestimonialSchema>;
