/**
 * Texts to homeowners, apart from the database and Twilio: who may be texted, when, how a
 * number is written for the carrier, what a reply's keyword means and how many segments a
 * text costs. services/texts.server.ts queues them; the outbox sends them (decision 0101).
 */
import { addDays, kansasInstant, wallClock } from "./business-time";
import type { PreferredContact } from "./contact-form";
import type { DeliveryStatus } from "./outbox";

/**
 * A US number as carriers take it (E.164, "+13165550123"), from however it was typed, or
 * null when it is not ten US digits (a number abroad, an extension, a typo): those are called.
 */
export function textNumber(phone: string | null | undefined): string | null {
  if (!phone || /[^\d\s().+-]/.test(phone)) return null;
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  // North American numbers: area code and exchange never start with 0 or 1.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? `+1${digits}` : null;
}

/** What decides whether a homeowner is texted. */
export type TextReach = {
  phone: string | null;
  email: string;
  preferredContact: PreferredContact | null;
  textConsentAt: Date | null;
};

/**
 * Texted when they agreed and have a number carriers take, and either chose Text, gave no
 * email, or the owner texts everyone who agreed. A STOP from the number is checked apart
 * (it belongs to the number, not the lead).
 */
export function wantsTexts(lead: TextReach, textEveryone: boolean): boolean {
  if (!lead.textConsentAt || !textNumber(lead.phone)) return false;
  return textEveryone || lead.preferredContact === "text" || !lead.email;
}

/** No text goes out between 9 PM and 8 AM Kansas time (except "on my way"). */
export const QUIET_HOURS = { from: "21:00", until: "08:00" } as const;

/**
 * The end of the quiet hours `at` falls in (8 AM Kansas time that morning or the next), or
 * null when texts may go now. 8 AM exists every day: the clocks change at 2 AM.
 */
export function quietUntil(at: Date): Date | null {
  const { day, time } = wallClock(at);
  const morning = time >= QUIET_HOURS.from ? addDays(day, 1) : time < QUIET_HOURS.until ? day : null;
  if (morning === null) return null;
  const found = kansasInstant(morning, QUIET_HOURS.until);
  if (!found.ok) throw new Error(`No ${QUIET_HOURS.until} on ${morning}`);
  return found.at;
}

/**
 * The words carriers expect beside the box (CTIA): who texts, about what, how often, that
 * rates may apply, how to stop and get help, and that agreeing is not a condition of buying.
 */
export function textConsentWords(company: string): string {
  return (
    `Yes, ${company} may text me about my request and my job (visits, reminders, proposals, invoices) ` +
    "at the number above. Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, " +
    "HELP for help. Agreeing is not a condition of any purchase."
  );
}

/** Staff's box on "Add a lead": they asked on the phone and were told yes. */
export const TEXT_CONSENT_BY_STAFF = "They agreed to get texts about their job at this number";

/** The form field both boxes send. */
export const TEXT_CONSENT_FIELD = "textConsent";

/** The keywords carriers require a number to honor (Twilio's defaults), as the first word of a reply. */
const KEYWORDS = {
  stop: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"],
  start: ["START", "YES", "UNSTOP"],
  help: ["HELP", "INFO"],
} as const;
export type TextKeyword = keyof typeof KEYWORDS;

/** STOP, START or HELP when the whole reply is one of their words (any case, with stray spaces or a dot). */
export function textKeyword(body: string): TextKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  for (const [keyword, words] of Object.entries(KEYWORDS) as [TextKeyword, readonly string[]][]) {
    if (words.includes(word)) return keyword;
  }
  return null;
}

/** The answer to HELP: who this is and how to reach a person. */
export const helpReply = (company: string, phone: string) =>
  `${company}: texts about your request and job. Call ${phone} for help. Reply STOP to opt out.`;

/** Said once, in the first text a lead gets. */
export const STOP_FOOTER = "Reply STOP to opt out.";

// GSM 03.38: what one 7-bit character covers; the extension table's characters take two.
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** How a text is billed: its encoding, its length in that encoding, and how many segments it takes. */
export function textSegments(body: string): { encoding: "GSM-7" | "UCS-2"; units: number; segments: number } {
  let units = 0;
  let gsm = true;
  for (const char of body) {
    if (GSM_BASIC.includes(char)) units += 1;
    else if (GSM_EXTENDED.includes(char)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (!gsm) {
    // UTF-16 code units: an emoji takes two.
    units = body.length;
    return { encoding: "UCS-2", units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
  }
  return { encoding: "GSM-7", units, segments: units === 0 ? 0 : units <= 160 ? 1 : Math.ceil(units / 153) };
}

/** The longest text staff may write (Twilio takes up to 1,600 characters; ten segments is plenty). */
export const TEXT_MAX = 1600;

// The carrier's reasons staff most often meet (Twilio's error codes), in their words.
const CARRIER_REASONS: Record<string, string> = {
  "30003": "the phone is off or out of reach",
  "30004": "the number blocks texts from us",
  "30005": "the number does not exist",
  "30006": "the number is a landline or cannot take texts",
  "30007": "the carrier filtered it as spam (is the number registered for 10DLC?)",
  "30008": "the carrier gave no reason",
  "30034": "the number is not registered for 10DLC yet",
  "21610": "the number replied STOP",
};

/** Why a text did not arrive, from the carrier's code: "the number does not exist (30005)". */
export function carrierReason(code: string | null | undefined): string | null {
  if (!code) return null;
  return `${CARRIER_REASONS[code] ?? "the carrier refused it"} (${code})`;
}

/** Twilio's message statuses as the outbox keeps them; anything else (a status we do not track) is null. */
export function deliveryStatusOf(status: string | null | undefined): DeliveryStatus | null {
  switch (status) {
    case "accepted":
    case "scheduled":
    case "queued":
    case "sending":
      return "queued";
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return null;
  }
}

/** What became of a text sent on the spot. */
export type TextOutcome = { to: string; status: "sent" | "unsent" | "skipped" | "queued" | "failed" | "timeout" };

/**
 * What became of a text to a homeowner, as staff are told after sending something that went
 * by text (a lead without an email): "texted to (316) 555-0123". Empty when nothing went.
 */
export function textedWords(
  to: string,
  status: "sent" | "unsent" | "queued" | "skipped" | "failed" | "timeout",
  now = new Date(),
): string {
  switch (status) {
    case "sent":
      return `texted to ${to}`;
    case "queued":
      return quietUntil(now) ? `the text to ${to} waits for 8 AM` : `the text to ${to} is on its way`;
    case "unsent":
      return "texts are not set up, so it was not texted";
    case "skipped":
      return "";
    default:
      return `the text to ${to} could not go yet and will be tried again`;
  }
}
