/**
 * A lead's texts as staff read and write them on the lead page (its "Texts" section): the
 * form staff reply with, how many text messages the words cost, where each text stands, and
 * why a lead cannot be texted. Pure; services/lead-texts.server.ts reads the rows.
 */
import { z } from "~/lib/zod";
import { formatKansasDateTime, formatKansasTime } from "./business-time";
import type { DeliveryStatus, MailState, OutboxKind } from "./outbox";
import { refusal, type Refusal } from "./refusal";
import { TEXT_MAX, textSegments } from "./texts";

export const LEAD_TEXT_MESSAGES = {
  empty: "Please write the text",
  tooLong: `A text can be at most ${TEXT_MAX.toLocaleString("en-US")} characters`,
  sent: "Text sent",
  queued: "Text queued: it goes in a moment",
  quiet: (at: Date) => `Text queued: it goes at ${formatKansasTime(at)} (quiet hours)`,
  unsent: "Text not sent — texts are not set up (it is in the lead's history)",
  failed: (reason: string) => `The text did not go: ${reason}`,
  retrying: "Twilio did not take the text yet: it will be tried again",
  noLead: "This lead is not there any more.",
} as const;

/** Why a lead cannot be texted (models/outbox.server.ts textStanding), in one sentence. */
export const TEXT_REFUSAL_WORDS = {
  "no-consent": "They have not agreed to texts.",
  "no-number": "No mobile number to text.",
  stopped: "They replied STOP: no texts until they reply START.",
} as const;
export type TextRefusal = keyof typeof TEXT_REFUSAL_WORDS;

/** The refusal of a text to a lead that cannot be texted: 409, the lead is as it is. */
export const textRefusal = (why: TextRefusal) => refusal(TEXT_REFUSAL_WORDS[why], { status: 409 });

/** What became of a text staff wrote (services/lead-texts.server.ts sendLeadText). */
export type SentText =
  | Refusal
  | { status: "sent" | "unsent" | "queued" }
  | { status: "quiet"; at: Date }
  | { status: "retrying"; reason: string }
  | { status: "failed"; reason: string };

/**
 * What staff are told after "Send text", with what the words cost: "Text sent. 1 text
 * message." A refusal is the one sentence the section shows in place of the form.
 */
export function sentTextFlash(sent: SentText, body: string): { type: "success" | "info" | "error"; message: string } {
  if ("refused" in sent) return { type: "error", message: sent.refused };
  const cost = segmentWords(body);
  const and = (message: string) => `${message}. ${cost.charAt(0).toUpperCase()}${cost.slice(1)}.`;
  switch (sent.status) {
    case "sent":
      return { type: "success", message: and(LEAD_TEXT_MESSAGES.sent) };
    case "queued":
      return { type: "success", message: and(LEAD_TEXT_MESSAGES.queued) };
    case "quiet":
      return { type: "info", message: and(LEAD_TEXT_MESSAGES.quiet(sent.at)) };
    case "unsent":
      return { type: "info", message: and(LEAD_TEXT_MESSAGES.unsent) };
    case "retrying":
      return { type: "error", message: and(LEAD_TEXT_MESSAGES.retrying) };
    case "failed":
      return { type: "error", message: LEAD_TEXT_MESSAGES.failed(sent.reason) };
  }
}

/** The reply form: the words, trimmed, at most TEXT_MAX characters. */
export const LeadTextSchema = z.object({
  body: z
    .string({ error: LEAD_TEXT_MESSAGES.empty })
    .trim()
    .min(1, LEAD_TEXT_MESSAGES.empty)
    .max(TEXT_MAX, LEAD_TEXT_MESSAGES.tooLong),
});

/** The form's one purpose, named so refusals come back to it (lib/form-result.ts). */
export const SEND_TEXT_INTENT = "send-text";

/**
 * "1 text message", "2 text messages (161 characters)": what the words cost, as a phone
 * bills them (lib/texts.ts textSegments). Empty: nothing to say.
 */
export function segmentWords(body: string): string {
  const { segments } = textSegments(body);
  if (segments === 0) return "";
  if (segments === 1) return "1 text message";
  return `${segments} text messages (${Array.from(body).length.toLocaleString("en-US")} characters)`;
}

/** What a row of the outbox says of one text. */
export type TextRow = {
  kind: OutboxKind;
  state: MailState;
  lastError: string | null;
  nextAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  deliveryStatus: DeliveryStatus | null;
  deliveryError: string | null;
};

/** The texts that go on their own, named by what they are about (their words are written as they go). */
export const AUTO_TEXT_LABELS: Partial<Record<OutboxKind, string>> = {
  "lead-autoreply": "Request received",
  "visit-confirmation": "Visit booked",
  "visit-reminder": "Visit reminder (the day before)",
  "visit-moved": "Visit moved",
  "visit-updated": "Visit length changed",
  "visit-cancelled": "Visit canceled",
  proposal: "Proposal ready (with its link)",
  invoice: "Invoice (with the link to pay)",
  receipt: "Receipt for a payment",
  "invoice-reminder": "Overdue invoice reminder",
  "review-request": "Review request",
};

/** An automatic text's label, for one whose words are not kept. */
export const autoTextLabel = (kind: OutboxKind) => AUTO_TEXT_LABELS[kind] ?? "Text";

/**
 * Where a text stands, in words: "Queued", "Waits for 8 AM (quiet hours)", "Sent",
 * "Delivered", "Failed: <the carrier's reason>", "Not sent — texts are not set up", "Off (skipped)".
 */
export function textStateWords(text: TextRow, now: Date): string {
  switch (text.state) {
    case "pending":
      if (text.lastError) return `Failed, will retry: ${text.lastError}`;
      if (text.nextAttemptAt && text.nextAttemptAt > now) return "Waits for 8 AM (quiet hours)";
      return "Queued";
    case "sent":
      if (text.deliveryStatus === "delivered") return "Delivered";
      if (text.deliveryStatus === "failed" || text.deliveryStatus === "undelivered")
        return `Failed: ${text.deliveryError ?? "the carrier did not deliver it"}`;
      return "Sent";
    case "failed":
      return `Failed: ${text.lastError ?? "Twilio did not take it"}`;
    case "unsent":
      return "Not sent — texts are not set up";
    case "skipped":
      return "Off (skipped)";
  }
}

/** How a state looks: settled well, waiting, or wrong. */
export type TextTone = "good" | "waiting" | "bad" | "off";
export function textTone(text: TextRow): TextTone {
  if (text.state === "sent")
    return text.deliveryStatus === "failed" || text.deliveryStatus === "undelivered" ? "bad" : "good";
  if (text.state === "failed") return "bad";
  if (text.state === "skipped") return "off";
  return text.lastError ? "bad" : "waiting";
}

/** When a text is told by: when it went, else when it was written. */
export const textTime = (text: Pick<TextRow, "sentAt" | "createdAt">) =>
  formatKansasDateTime(text.sentAt ?? text.createdAt);
