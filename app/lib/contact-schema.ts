import { z } from "~/lib/zod";
import { CONTACT_FIELDS, MESSAGES, PREFERRED_CONTACT, QUOTE_SERVICES, requiredFieldsMessage, type ContactError, type ContactField, type PreferredContact } from "./contact-form";

// The contact form's validation, apart from its texts and choices (lib/contact-form.ts):
// the home page shows the form on every visit, and loads this only once someone fills it in.

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


/** Validates a submitted form: each field's first problem, and one message that names every missing field. */
export function parseContactForm(form: FormData): { ok: true; data: ContactInput } | { ok: false; result: ContactError } {
  const values = Object.fromEntries(CONTACT_FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
  const parsed = ContactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    fields[field] ??= issue.message;
  }
  const missing = CONTACT_FIELDS.filter((f) => fields[f] === MESSAGES.required);
  const message = missing.length ? requiredFieldsMessage(missing) : (Object.values(fields)[0] ?? MESSAGES.failed);
  return { ok: false, result: { status: "error", message, values, fields } };
}
