import twilio from "twilio";
import { systemActor } from "~/lib/actor";
import { formatPhone } from "~/lib/business";
import { carrierReason, deliveryStatusOf, helpReply, TEXT_MAX, textKeyword, textNumber } from "~/lib/texts";
import { createLead } from "~/models/lead.server";
import { writeLeadHistory } from "~/models/lead-history.server";
import {
  agreeToTexts,
  claimInboundText,
  leadsWithNumber,
  markReplied,
  optIn,
  optOut,
  setInboundLead,
} from "~/models/inbound-text.server";
import { recordDelivery, skipTextsTo } from "~/models/outbox.server";
import { getBusinessFacts } from "~/models/settings.server";
import { inTransaction } from "~/server/db.server";
import { env } from "~/server/env.server";
import { siteOrigin } from "~/server/origin.server";
import { readForm } from "~/server/request-body.server";
import { refusal } from "~/lib/refusal";
import { twilioAuthToken } from "~/server/texts.server";
import { mailNewLead } from "~/services/lead-mail.server";

/**
 * Twilio's two webhooks (decision 0101): texts homeowners send to the business's number, and
 * what became of each text we sent. Both are believed only with Twilio's signature (the SDK's
 * validator, over the address Twilio was given: SITE_URL and the path) and our account's id;
 * a message id seen before changes nothing. Hostile input gets a 4xx, never a 5xx.
 */

type Answer = { status: number; body: string; type: "text/plain" | "text/xml" };
const plain = (status: number, body: string): Answer => ({ status, body, type: "text/plain" });
const twiml = (reply?: string): Answer => {
  const response = new twilio.twiml.MessagingResponse();
  if (reply) response.message(reply);
  return { status: 200, body: response.toString(), type: "text/xml" };
};

// Twilio's ids: two letters and 32 hex digits.
const TWILIO_ID = /^[A-Z]{2}[0-9a-f]{32}$/i;

/** The form Twilio posted, if its signature and account are ours; else the refusal to answer. */
async function verified(request: Request, path: string): Promise<{ params: Record<string, string> } | Answer> {
  const refuse = (status: 400 | 403, why: string) => {
    const no = refusal(why, { status });
    return plain(no.status ?? 400, no.refused);
  };
  const authToken = twilioAuthToken();
  // Texts are not set up: there is no such endpoint.
  if (!authToken) return plain(404, "Not found");
  const form = await readForm(request);
  const params: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") params[key] = value;
  const signature = request.headers.get("x-twilio-signature");
  const url = new URL(path, siteOrigin()).href;
  if (!signature || !twilio.validateRequest(authToken, signature, url, params)) return refuse(403, "Signature refused");
  if (params.AccountSid !== env.TWILIO_ACCOUNT_SID) return refuse(403, "Not our account");
  if (!TWILIO_ID.test(params.MessageSid ?? "")) return refuse(400, "No message id");
  return { params };
}

/** A text to the business's number. */
export async function receiveText(request: Request, path: string, now = new Date()): Promise<Answer> {
  const checked = await verified(request, path);
  if (!("params" in checked)) return checked;
  const { params } = checked;
  const from = textNumber(params.From);
  if (!from) return plain(400, "No number to answer");
  const words = (params.Body ?? "").trim().slice(0, TEXT_MAX);
  const keyword = textKeyword(words);
  const { company, phone } = getBusinessFacts();
  let newLead: number | null = null;
  const outcome = inTransaction((): Answer => {
    if (!claimInboundText(params.MessageSid!, from, now)) return plain(409, "Already received");
    const leads = leadsWithNumber(from);
    const by = (name: string) => systemActor(name);
    if (keyword === "stop" || keyword === "start") {
      if (keyword === "stop") {
        optOut(from, now);
        skipTextsTo(from, now);
      } else {
        optIn(from);
        agreeToTexts(
          leads.map((l) => l.id),
          now,
        );
      }
      for (const lead of leads)
        writeLeadHistory(
          { leadId: lead.id, kind: keyword === "stop" ? "texts-stopped" : "texts-started", detail: from },
          by(lead.name),
          now,
        );
      // Twilio answers STOP and START itself with the carriers' required words.
      return twiml();
    }
    if (keyword === "help") return twiml(helpReply(company, phone));
    const open = leads.find((l) => !l.archivedAt);
    if (open) {
      writeLeadHistory({ leadId: open.id, kind: "text-received", body: words, detail: from }, by(open.name), now);
      markReplied(open.id, now);
      setInboundLead(params.MessageSid!, open.id);
      return twiml();
    }
    // A number no open lead has: someone new, who texted us first (and so agrees to an answer by text).
    const shown = formatPhone(from);
    const lead = createLead(
      {
        name: `Text from ${shown}`,
        email: "",
        phone: shown,
        message: words || "(a text without words)",
        preferredContact: "text",
        textConsent: true,
      },
      [],
      "text",
    );
    writeLeadHistory({ leadId: lead.id, kind: "text-received", body: words, detail: from }, by(lead.name), now);
    setInboundLead(params.MessageSid!, lead.id);
    newLead = lead.id;
    return twiml();
  });
  if (newLead !== null) void mailNewLead(newLead).catch((error: unknown) => console.error("New text lead:", error));
  return outcome;
}

/** What the carrier made of a text we sent. */
export async function receiveTextStatus(request: Request, path: string): Promise<Answer> {
  const checked = await verified(request, path);
  if (!("params" in checked)) return checked;
  const { params } = checked;
  const status = deliveryStatusOf(params.MessageStatus);
  // A status we do not keep (or a text that is not ours) is taken and forgotten: Twilio retries a refusal.
  if (status) recordDelivery(params.MessageSid!, status, carrierReason(params.ErrorCode));
  return plain(200, "OK");
}
