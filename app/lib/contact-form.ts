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

/** The text fields a visitor typed, given back with an error so nothing has to be typed again. */
export const CONTACT_FIELDS = ["name", "email", "phone", "message", "service", "street", "city", "zip", "preferredContact"] as const;

export type ContactResult =
  // `note`: said beside the spec's success message (a job outside the towns we serve).
  | { status: "success"; message: string; note?: string }
  | { status: "error"; message: string; values: Record<string, string> };

/** The job's address as one line ("12 Elm St, Derby 67037"); empty when none was given. */
export function addressLine(m: { street?: string | null; city?: string | null; zip?: string | null }): string {
  const place = [m.city, m.zip].filter(Boolean).join(" ");
  return [m.street, place].filter(Boolean).join(", ");
}
