import http from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";
import { rateBucket } from "./rate-bucket";

export type SentText = { sid: string; to: string; from: string | null; body: string; statusCallback: string | null };

export const FAKE_TWILIO = {
  accountSid: "AC00000000000000000000000000000001",
  authToken: "fake-twilio-auth-token",
  from: "+13165550100",
} as const;

export type WebhookSigning = { authToken?: string; signature?: string | null };

/** A form post to one of our Twilio webhooks, signed as Twilio signs it (or with `signature`; null: none). */
export function twilioWebhookRequest(
  url: string,
  params: Record<string, string>,
  { authToken = FAKE_TWILIO.authToken, signature }: WebhookSigning = {},
): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  const signed = signature === undefined ? twilio.getExpectedTwilioSignature(authToken, url, params) : signature;
  if (signed !== null) headers["X-Twilio-Signature"] = signed;
  return new Request(url, { method: "POST", headers, body: new URLSearchParams(params) });
}

/** The same post, sent. */
export const postTwilioWebhook = (url: string, params: Record<string, string>, signing: WebhookSigning = {}) =>
  fetch(twilioWebhookRequest(url, params, signing));

/** What a homeowner's text to the business's number looks like to our webhook. */
export function inboundText(from: string, body: string, sid = `SM${crypto.randomUUID().replace(/-/g, "")}`) {
  return {
    MessageSid: sid,
    AccountSid: FAKE_TWILIO.accountSid,
    From: from,
    To: FAKE_TWILIO.from,
    Body: body,
    NumSegments: "1",
  };
}

export type FakeTwilioOptions = {
  /** Each answer comes this long after its request, as Twilio across the internet answers. */
  latencyMs?: number;
  /**
   * The number's carrier rate: past this many texts a second (a bucket that refills at this
   * rate and holds as many), a text is answered 429 (code 20429) and not sent.
   */
  textsPerSecond?: number;
};

/**
 * A stand-in for Twilio's Messages API on 127.0.0.1: checks the account's credentials,
 * records each text and answers like Twilio, or with an outage (503) or a refusal of one
 * number (400, code 21211) when told to. `report` posts a signed status callback the way
 * Twilio does after the carrier answers. GET /sent lists what it got (for the browser
 * tests, which run it as a separate process: tests/fake-twilio-cli.ts).
 */
export async function startFakeTwilio(listenPort = 0, { latencyMs = 0, textsPerSecond }: FakeTwilioOptions = {}) {
  const sent: SentText[] = [];
  // Message ids are never reused, even after `sent` is emptied between tests.
  let taken = 0;
  let down = false;
  let refuse: ((text: SentText) => boolean) | null = null;
  /** Every POST of a text, answered or not: how many calls a backlog took. */
  let requests = 0;
  let limited = 0;
  /** Calls open this moment, and the most ever open at once. */
  let open = 0;
  let mostOpen = 0;
  const overRate = rateBucket(textsPerSecond);
  const server = http.createServer((req, res) => {
    let body = "";
    const path = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
    const call = req.method === "POST" && req.url === path;
    if (call) {
      requests++;
      mostOpen = Math.max(mostOpen, ++open);
    }
    req.on("data", (c) => (body += c));
    req.on("end", () => (latencyMs ? setTimeout(answer, latencyMs) : answer()));
    const answer = () => {
      const json = (status: number, value: unknown) => {
        if (call) open--;
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.method === "GET" && req.url === "/sent") return json(200, sent);
      if (!call) return json(404, { code: 20404, message: "Not found" });
      const auth = Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString("base64");
      if (req.headers.authorization !== `Basic ${auth}`)
        return json(401, { code: 20003, message: "Authenticate", status: 401 });
      if (down) return json(503, { code: 20500, message: "Service unavailable", status: 503 });
      if (overRate()) {
        limited++;
        return json(429, { code: 20429, message: "Too Many Requests", status: 429 });
      }
      const form = new URLSearchParams(body);
      const text: SentText = {
        sid: `SM${String(++taken).padStart(32, "0")}`,
        to: form.get("To") ?? "",
        from: form.get("From") ?? form.get("MessagingServiceSid"),
        body: form.get("Body") ?? "",
        statusCallback: form.get("StatusCallback"),
      };
      if (refuse?.(text))
        return json(400, {
          code: 21211,
          message: `The 'To' number ${text.to} is not a valid phone number.`,
          status: 400,
        });
      sent.push(text);
      json(201, {
        sid: text.sid,
        account_sid: FAKE_TWILIO.accountSid,
        to: text.to,
        from: text.from,
        body: text.body,
        status: "queued",
        num_segments: "1",
        date_created: new Date().toUTCString(),
      });
    };
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    /** How many calls to send a text it got (an outage's and a refusal's too). */
    requests: () => requests,
    /** How many calls the carrier rate turned away (see `textsPerSecond`). */
    limited: () => limited,
    /** The most calls it had open at once (sent and not yet answered). */
    mostAtOnce: () => mostOpen,
    /** How many texts it took beyond the first of their kind (`key`: the same number and words by default). */
    duplicates(key: (text: SentText) => string = (t) => `${t.to}\n${t.body}`) {
      return sent.length - new Set(sent.map(key)).size;
    },
    /** Twilio answers 503 to everything while down. */
    setDown(value: boolean) {
      down = value;
    },
    /** Texts Twilio refuses one by one, as it does a number it cannot text. */
    refuseWhen(predicate: ((text: SentText) => boolean) | null) {
      refuse = predicate;
    },
    /** Twilio's status callback for a text it took: what the carrier made of it. */
    report(text: SentText, status: string, errorCode?: string) {
      if (!text.statusCallback) throw new Error(`Text ${text.sid} asked for no status callback`);
      return postTwilioWebhook(text.statusCallback, {
        MessageSid: text.sid,
        AccountSid: FAKE_TWILIO.accountSid,
        MessageStatus: status,
        To: text.to,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
