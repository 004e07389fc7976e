import { z } from "~/lib/zod";
import { SERVICES } from "~/content/site";

export const CONTACT_SUBJECT = "Contact Form Submission";
export const MESSAGES = {
  required: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address",
  success: "Your message has been sent! We'll get back to you soon.",
  failed: "Failed to send message",
  unavailable: "Failed to send message. Please try again later.",
  tooMany: "Too many messages from your connection. Please try again in a few minutes, or give us a call.",
} as const;

/** A field people never see; bots fill every field they find. */
export const HONEYPOT_FIELD = "website";

// Browsers (through conform) send an empty field as missing: that is "required" too.
const text = () => z.string({ error: MESSAGES.required }).trim();
// A line break in a name or phone could smuggle mail headers.
export const oneLine = (v: string) => !/[\r\n]/.test(v);

/** What the work is: our seven services, and two answers for a visitor who cannot say. */
export const QUOTE_SERVICES = [...SERVICES.map((s) => s.name), "Storm / hail damage", "Not sure"] as const;
export const PREFERRED_CONTACT = { call: "Call", text: "Text", email: "Email" } as const;
export type PreferredContact = keyof typeof PREFERRED_CONTACT;

/** Up to this many photos go with one request (each within MAX_UPLOAD_BYTES). */
export const MAX_PHOTOS = 5;
export const PHOTO_FIELD = "photos";
export const PHOTO_MESSAGES = {
  tooMany: `Please choose up to ${MAX_PHOTOS} photos.`,
  /** Which file, then why: the visitor may have picked several. */
  refused: (fileName: string, why: string) => `${fileName}: ${why}`,
} as const;

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

/** The text fields a visitor typed, given back with an error so nothing has to be typed again. */
export const CONTACT_FIELDS = ["name", "email", "phone", "message", "service", "street", "city", "zip", "preferredContact"] as const;

export type ContactResult =
  // `note`: said beside the spec's success message (a job outside the towns we serve).
  | { status: "success"; message: string; note?: string }
  | { status: "error"; message: string; values: Record<string, string> };

/** The one message a visitor sees for a set of field errors: missing fields first. */
export function firstContactError(errors: Record<string, string[] | null | undefined> | null | undefined): string {
  const messages = Object.values(errors ?? {}).flatMap((e) => e ?? []);
  return messages.includes(MESSAGES.required) ? MESSAGES.required : (messages[0] ?? MESSAGES.failed);
}

/** Validates a submitted form; the first problem is the one message the visitor sees. */
export function parseContactForm(form: FormData): { ok: true; data: ContactInput } | { ok: false; result: ContactResult } {
  const values = Object.fromEntries(CONTACT_FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
  const parsed = ContactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const message = firstContactError({ all: parsed.error.issues.map((i) => i.message) });
  return { ok: false, result: { status: "error", message, values } };
}

/** The job's address as one line ("12 Elm St, Derby 67037"); empty when none was given. */
export function addressLine(m: { street?: string | null; city?: string | null; zip?: string | null }): string {
  const place = [m.city, m.zip].filter(Boolean).join(" ");
  return [m.street, place].filter(Boolean).join(", ");
}
