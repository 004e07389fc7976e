import { z } from "~/lib/zod";

export const CONTACT_SUBJECT = "Contact Form Submission";
export const MESSAGES = {
  required: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address",
  success: "Your message has been sent! We'll get back to you soon.",
  failed: "Failed to send message",
  tooMany: "Too many messages from your connection. Please try again in a few minutes, or give us a call.",
} as const;

/** A field people never see; bots fill every field they find. */
export const HONEYPOT_FIELD = "website";

// Browsers (through conform) send an empty field as missing: that is "required" too.
const text = () => z.string({ error: MESSAGES.required }).trim();
// A line break in a name or phone could smuggle mail headers.
const oneLine = (v: string) => !/[\r\n]/.test(v);

export const ContactSchema = z.object({
  name: text().min(1, MESSAGES.required).max(100).refine(oneLine, "Please use a single line"),
  email: text().min(1, MESSAGES.required).max(254).email(MESSAGES.invalidEmail).refine(oneLine, "Please use a single line"),
  phone: text()
    .max(40)
    .refine(oneLine, "Please use a single line")
    .optional()
    .transform((v) => v || null),
  message: text().min(1, MESSAGES.required).max(5000),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export type ContactResult =
  | { status: "success"; message: string }
  | { status: "error"; message: string; values: Record<string, string> };

/** The one message a visitor sees for a set of field errors: missing fields first. */
export function firstContactError(errors: Record<string, string[] | null | undefined> | null | undefined): string {
  const messages = Object.values(errors ?? {}).flatMap((e) => e ?? []);
  return messages.includes(MESSAGES.required) ? MESSAGES.required : (messages[0] ?? MESSAGES.failed);
}

/** Validates a submitted form; the first problem is the one message the visitor sees. */
export function parseContactForm(form: FormData): { ok: true; data: ContactInput } | { ok: false; result: ContactResult } {
  const values = Object.fromEntries(
    ["name", "email", "phone", "message"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const parsed = ContactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const message = firstContactError({ all: parsed.error.issues.map((i) => i.message) });
  return { ok: false, result: { status: "error", message, values } };
}
