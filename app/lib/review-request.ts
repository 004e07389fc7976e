import { href } from "react-router";
import { JOB_PAGE_MAIL } from "./job-page";
import { BUSINESS_TIME_ZONE } from "./business-time";

/**
 * A completed job's review request: the link's life and the homeowner's short form. Pure
 * rules shared by the server and the pages (the public form loads no validation library).
 */

/** How long a review link works after it was (last) sent. */
export const REVIEW_LINK_DAYS = 60;
const DAY_MS = 86_400_000;

export function reviewLinkExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + REVIEW_LINK_DAYS * DAY_MS);
}

export const reviewPath = (token: string) => href("/review/:token", { token });

/** What a link leads to: the form, or why not (already used, too old). */
export type ReviewLinkState = "open" | "used" | "expired";

export function reviewLinkState(request: { submittedAt: Date | null; expiresAt: Date }, now: Date): ReviewLinkState {
  if (request.submittedAt) return "used";
  return now.getTime() >= request.expiresAt.getTime() ? "expired" : "open";
}

/**
 * Whether staff may ask this lead for a review: a completed job with someone to mail, or to
 * text (`texts`: a lead without an email who takes texts).
 */
export function canAskForReview(lead: { completedAt: Date | null; email: string }, texts = false): boolean {
  return !!lead.completedAt && (lead.email.includes("@") || texts);
}

/** The homeowner's town as the public cards write places ("Derby, KS"). */
export function reviewLocation(city: string | null): string {
  const town = (city ?? "").trim();
  if (!town) return "";
  return town.includes(",") ? town : `${town}, KS`;
}

export const REVIEW_MESSAGES = {
  rating: "Please choose a rating from 1 to 5 stars",
  quote: "Please tell us a few words about the work",
  quoteLong: "Please keep your review under 1,000 characters",
  name: "Please enter your name",
  tooLong: "Please keep your name and town under 100 characters",
  oneLine: "Please use a single line",
  tooMany: "Too many reviews from your connection. Please try again in a few minutes, or give us a call.",
  failed: "Your review could not be saved. Please try again, or give us a call.",
  thanks: "Thank you! Your review has reached us.",
  alsoOnGoogle: "Would you share it on Google too? Your neighbors look for a contractor there first.",
} as const;

export const REVIEW_FIELDS = ["rating", "quote", "name", "location"] as const;
export type ReviewValues = Record<(typeof REVIEW_FIELDS)[number], string>;
/** A review as stored (lib/review-schema.ts parses the form into it). */
export type ReviewInput = { rating: number; quote: string; name: string; location: string | null };

/**
 * The mail that asks for the review. `link` is the whole address of the site's form, or the
 * owner's Google review page when review requests go straight there (`onGoogle`: no expiry,
 * it shows on Google); `jobPageLink` the job page's (decision 0070).
 */
export function reviewRequestMail(input: {
  name: string;
  company: string;
  phone: string;
  service: string | null;
  town: string | null;
  link: string;
  onGoogle?: boolean;
  jobPageLink: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  const job = [
    input.service && input.service !== "Not sure" ? input.service.toLowerCase() : "project",
    input.town ? `in ${input.town}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const until = input.expiresAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: BUSINESS_TIME_ZONE });
  return {
    subject: `How did we do? A quick review for ${input.company}`,
    text: [
      `Hi ${input.name},`,
      "",
      `Thank you for choosing ${input.company} for your ${job}. We hope you are happy with the work.`,
      "",
      input.onGoogle
        ? "Would you tell other homeowners how it went on Google? It takes a minute: a star rating and a few words."
        : "Would you tell other homeowners how it went? It takes a minute: a star rating and a few words.",
      "",
      input.link,
      "",
      input.onGoogle
        ? "Your neighbors look for a contractor there first, and your words help them choose."
        : `The link is yours alone and works until ${until}. Your review shows on our website once we have read it.`,
      "",
      `If anything is not right with the work, just reply to this email or call us at ${input.phone}.`,
      "",
      JOB_PAGE_MAIL.afterJob,
      "",
      input.jobPageLink,
      "",
      `Thank you,`,
      input.company,
    ].join("\n"),
  };
}
