import type { SubmissionResult } from "@conform-to/react";
import { href } from "react-router";
import { SERVICES } from "~/lib/landing-pages";

export const CONTACT_SUBJECT = "Contact Form Submission";
/** How soon a visitor hears back (the spec's autoresponder promise); the reports measure it. */
export const REPLY_PROMISE_HOURS = 24;
/** When a visitor hears back: every page and mail promises this. */
export const REPLY_PROMISE = `within ${REPLY_PROMISE_HOURS} hours`;
export const MESSAGES = {
  required: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address",
  success: "Your message has been sent! We'll get back to you soon.",
  failed: "Failed to send message",
  unavailable: "Failed to send message. Please try again later.",
  tooMany: "Too many messages from your connection. Please try again in a few minutes, or give us a call.",
} as const;

/** The quote form's words for the rule of reaching the visitor (lib/contact-schema.ts withReachRules). */
export const REACH_MESSAGES = {
  reach: "Please enter an email address or a phone number, so we can get back to you",
  callNeedsPhone: "Please enter your phone number, so we can call or text you",
  emailNeedsEmail: "Please enter your email address, so we can email you",
} as const;

/** A field people never see; bots fill every field they find. */
export const HONEYPOT_FIELD = "website";

/** What the work is: our seven services, and two answers for a visitor who cannot say. */
export const QUOTE_SERVICES = [...SERVICES.map((s) => s.name), "Storm / hail damage", "Not sure"] as const;
export const PREFERRED_CONTACT = { call: "Call", text: "Text", email: "Email" } as const;
export type PreferredContact = keyof typeof PREFERRED_CONTACT;

const REACH_VERBS: Record<PreferredContact, string> = { call: "call", text: "text", email: "email" };
/**
 * How we will get in touch with a homeowner: the way they chose on the quote form; when they
 * did not say, a call if they gave a phone, else an email (the form takes one or the other);
 * null with neither (a lead staff wrote down without either, say).
 */
export function reachWay(contact: {
  preferredContact: PreferredContact | null;
  phone: string | null;
  email: string | null;
}): PreferredContact | null {
  if (contact.preferredContact) return contact.preferredContact;
  if (contact.phone?.trim()) return "call";
  if (contact.email?.trim()) return "email";
  return null;
}

/**
 * "We will text you": how every page and mail to a homeowner says we will get in touch, the
 * way `reachWay` gives; no way at all promises no particular one.
 */
export const weWillReach = (way: PreferredContact | null | undefined) =>
  way ? `We will ${REACH_VERBS[way]} you` : "We will get in touch";

/** Up to this many photos go with one request (each within MAX_UPLOAD_BYTES). */
export const MAX_PHOTOS = 5;
/** Where quote requests with photos are posted: the form's page (no scripts) and its JSON twin. */
export const PHOTO_FORM_PATHS = [href("/contact"), href("/contact/send")];
export const PHOTO_FIELD = "photos";
export const PHOTO_MESSAGES = {
  tooMany: `Please choose up to ${MAX_PHOTOS} photos.`,
  /** Which file, then why: the visitor may have picked several. */
  refused: (fileName: string, why: string) => `${fileName}: ${why}`,
  /**
   * Photos the visitor sent that the server could not keep for the next try (gone stale,
   * unreadable, or refused by the address's limit): never sent without a word, so the
   * visitor knows to choose them again.
   */
  notKept: (fileNames: string[]) =>
    fileNames.length === 1
      ? `Your attached photo could not be kept; please choose it again: ${fileNames[0]}`
      : `Your attached photos could not be kept; please choose them again: ${fileNames.join(", ")}`,
} as const;

/** The text fields a visitor typed, given back with an error so nothing has to be typed again. */
export const CONTACT_FIELDS = [
  "name",
  "email",
  "phone",
  "message",
  "service",
  "street",
  "city",
  "zip",
  "preferredContact",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields the form marks with *, by the label the visitor sees. */
export const REQUIRED_FIELD_LABELS: Partial<Record<ContactField, string>> = { name: "Name", message: "Message" };

/** "Please fill in all required fields: Name, Email": the spec's words, then which fields. */
export function requiredFieldsMessage(missing: ContactField[]): string {
  const labels = missing.map((f) => REQUIRED_FIELD_LABELS[f]).filter(Boolean);
  return labels.length ? `${MESSAGES.required}: ${labels.join(", ")}` : MESSAGES.required;
}

/**
 * A photo a visitor sent with a form that came back with an error: kept privately on the
 * server (without scripts the browser cannot send the file again) and named in the form
 * again by a secret token, so it goes with the corrected form. `name` is the visitor's own.
 */
export type AttachedPhoto = { token: string; name: string };
export const ATTACHED_PHOTO_FIELD = "attachedPhotos";
export const REMOVE_ATTACHED_FIELD = "removeAttachedPhotos";
/** How long a kept photo waits for its form: longer than anyone takes to correct one. */
export const ATTACHED_PHOTO_HOURS = 24;
export const attachedPhotoValue = (photo: AttachedPhoto) => `${photo.token} ${photo.name}`;

/** The kept photos a posted form names, less those the visitor ticked to remove; tokens are checked by the server. */
export function attachedPhotosOf(form: FormData): AttachedPhoto[] {
  const removed = new Set(form.getAll(REMOVE_ATTACHED_FIELD).map(String));
  const seen = new Set<string>();
  const photos: AttachedPhoto[] = [];
  for (const value of form.getAll(ATTACHED_PHOTO_FIELD).slice(0, MAX_PHOTOS)) {
    const [token, ...name] = String(value).split(" ");
    if (!token || removed.has(token) || seen.has(token)) continue;
    seen.add(token);
    photos.push({ token, name: name.join(" ").slice(0, 255) || "photo" });
  }
  return photos;
}

/**
 * The form's id: conform's ids for its fields and errors ("quote-form-email-error") start
 * with it. Not "contact": that is the home page's section the "Get a Quote" links jump to.
 */
export const CONTACT_FORM_ID = "quote-form";

/** Posted with the text fields only, before photos are uploaded: the server checks the form and stores nothing. */
export const CHECK_ONLY_FIELD = "checkOnly";

export type ContactResult =
  // `note`: said beside the spec's success message (a job outside the towns we serve).
  | { status: "success"; message: string; note?: string }
  // A check-only post (CHECK_ONLY_FIELD) that found nothing wrong.
  | { status: "checked" }
  | {
      status: "error";
      /**
       * Conform's reply to the form: each field's problem under its name (the photos'
       * too), the one message for the whole form under "" (`formErrors`), and what was
       * typed (`initialValue`), so nothing has to be typed again.
       */
      reply: SubmissionResult<string[]>;
      /** Photos kept from this post or an earlier one, sent again with the corrected form. */
      attached?: AttachedPhoto[];
    };

export type ContactError = Extract<ContactResult, { status: "error" }>;

/** The one message of an answer: the success, or the form-level error. */
export const contactMessage = (result: ContactResult): string =>
  result.status === "success"
    ? result.message
    : result.status === "error"
      ? (result.reply.error?.[""]?.[0] ?? MESSAGES.failed)
      : "";

/** The quote form's "Type of work" for a service page's slug (a "Request Service" link), if it is one of ours. */
export function quoteServiceForSlug(slug: string | null | undefined): string | undefined {
  return SERVICES.find((s) => s.slug === slug)?.name;
}

/** The quote form: on the home page, where "Get a Free Quote" buttons lead. */
export const QUOTE_FORM_HREF = `${href("/")}#contact`;

/** Where a "Request Service" button leads: the home page's form, that service chosen. */
export const requestServiceHref = (slug: string) => `${href("/")}?service=${encodeURIComponent(slug)}#contact`;
