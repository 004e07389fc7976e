import { z } from "zod";

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

const singleLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // A line break in a name or phone could smuggle mail headers.
    .refine((v) => !/[\r\n]/.test(v), "Please use a single line");

export const ContactSchema = z.object({
  name: singleLine(100).pipe(z.string().min(1, MESSAGES.required)),
  email: singleLine(254).pipe(z.string().min(1, MESSAGES.required).email(MESSAGES.invalidEmail)),
  phone: singleLine(40).optional().transform((v) => v || null),
  message: z.string().trim().min(1, MESSAGES.required).max(5000),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export type ContactResult =
  | { status: "success"; message: string }
  | { status: "error"; message: string; values: Record<string, string> };

/** Validates a submitted form; the first problem is the one message the visitor sees. */
export function parseContactForm(form: FormData): { ok: true; data: ContactInput } | { ok: false; result: ContactResult } {
  const values = Object.fromEntries(
    ["name", "email", "phone", "message"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const parsed = ContactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues.map((i) => i.message);
  const message = issues.includes(MESSAGES.required) ? MESSAGES.required : issues[0];
  return { ok: false, result: { status: "error", message, values } };
}
