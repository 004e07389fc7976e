import { z } from "~/lib/zod";
import { REVIEW_MESSAGES, type ReviewInput } from "./review-request";

// The review form's schema, apart from lib/review-request.ts: the homeowner's page imports
// that file's words and types, and loads no validation library (decision 0039). The server
// parses the form with this schema (`parseWithZod`) and the page shows conform's reply.

/**
 * A name or town as the card prints it, spaces collapsed. A line break could smuggle mail
 * headers. (Checked after the transform, not piped into a second string schema: conform's
 * zod coercion would read the collapsed "" as a field never sent.)
 */
const oneLine = (empty: string | null, long: string) =>
  z
    .string({ error: empty ?? long })
    .refine((v) => !/[\r\n]/.test(v), { error: REVIEW_MESSAGES.oneLine, abort: true })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .refine((v) => !empty || v.length > 0, { error: empty ?? "", abort: true })
    .refine((v) => v.length <= 100, long);

export const ReviewSchema: z.ZodType<ReviewInput> = z.object({
  rating: z
    .string({ error: REVIEW_MESSAGES.rating })
    .trim()
    .regex(/^[1-5]$/, REVIEW_MESSAGES.rating)
    .transform(Number),
  quote: z
    .string({ error: REVIEW_MESSAGES.quote })
    .trim()
    .min(1, REVIEW_MESSAGES.quote)
    .max(1000, REVIEW_MESSAGES.quoteLong),
  name: oneLine(REVIEW_MESSAGES.name, REVIEW_MESSAGES.tooLong),
  // Empty (or not sent): no town.
  location: oneLine(null, REVIEW_MESSAGES.tooLong)
    .optional()
    .transform((v) => v || null),
});
