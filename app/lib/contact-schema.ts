import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/lib/zod";
import { CONTACT_FIELDS, MESSAGES, PREFERRED_CONTACT, QUOTE_SERVICES, requiredFieldsMessage, type PreferredContact } from "./contact-form";

// The quote form's validation, apart from its texts and choices (lib/contact-form.ts): the
// form is on every public page, which loads no validation library (decision 0039). Only
// the server runs this; the page shows conform's reply.

// A field sent empty or not at all is "required" too.
const text = () => z.string({ error: MESSAGES.required }).trim();
// A line break in a name or phone could smuggle mail headers.
export const oneLine = (v: string) => !/[\r\n]/.test(v);

// An optional single-line field: empty is null.
const optionalLine = (max: number) =>
  text()
    .max(max)
    .refine(oneLine, "Please use a single line")
    .optional()
    .transform((v) => v || null);

// One of a list, or nothing: an unchosen select or radio sends "" or nothing at all.
const optionalChoice = <T extends string>(choices: readonly T[], message: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .refine((v): v is T => (choices as readonly string[]).includes(v), message)
      .optional(),
  ).transform((v) => (v ?? null) as T | null);

export const ContactSchema = z.object({
  name: text().min(1, MESSAGES.required).max(100).refine(oneLine, "Please use a single line"),
  email: text().min(1, MESSAGES.required).max(254).email(MESSAGES.invalidEmail).refine(oneLine, "Please use a single line"),
  phone: optionalLine(40),
  message: text().min(1, MESSAGES.required).max(5000),
  service: optionalChoice(QUOTE_SERVICES, "Please choose the kind of work from the list"),
  street: optionalLine(200),
  city: optionalLine(100),
  zip: text()
    .regex(/^(\d{5}(-\d{4})?)?$/, "Please enter a 5-digit ZIP code")
    .optional()
    .transform((v) => v || null),
  preferredContact: optionalChoice(Object.keys(PREFERRED_CONTACT) as PreferredContact[], "Please choose call, text or email"),
});
export type ContactInput = z.infer<typeof ContactSchema>;


/** The submitted quote form, parsed by conform with the schema. */
export const parseContactForm = (form: FormData) => parseWithZod(form, { schema: ContactSchema });

/**
 * A refused form's one form-level message: it names every missing required field
 * ("Please fill in all required fields: Name, Email"), else it is the first field's
 * problem. Each field's own problem stays on the field (the reply's field errors).
 */
export function contactRefusalMessage(submission: ReturnType<typeof parseContactForm>): string {
  const error = (submission.status === "error" && submission.error) || {};
  const missing = CONTACT_FIELDS.filter((f) => error[f]?.includes(MESSAGES.required));
  const first = CONTACT_FIELDS.map((f) => error[f]?.[0]).find(Boolean);
  return missing.length ? requiredFieldsMessage(missing) : (first ?? MESSAGES.failed);
}
