import http from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

export type SentText = { sid: string; to: string; from: string | null; body: string; statusCallback: string | null };

export const FAKE_TWILIO = {
  accountSid: "AC00000000000000000000000000000001",
  authToken: "fake-twilio-auth-token",
  from: "+13165550100",
} as const;

/** A form post to one of our Twilio webhooks, signed as Twilio signs it (or with `signature`). */
export async function postTwilioWebhook(
  url: string,
  params: Record<string, string>,
  { authToken = FAKE_TWILIO.authToken, signature }: { authToken?: string; signature?: string | null } = {},
) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  const signed = signature === undefined ? twilio.getExpectedTwilioSignature(authToken, url, params) : signature;
  if (signed !== null) headers["X-Twilio-Signature"] = signed;
  return fetch(url, { method: "POST", headers, body: new URLSearchParams(params) });
}

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

/**
 * A stand-in for Twilio's Messages API on 127.0.0.1: checks the account's credentials,
 * records each text and answers like Twilio, or with an outage (503) or a refusal of one
 * number (400, code 21211) when told to. `report` posts a signed status callback the way
 * Twilio does after the carrier answers. GET /sent lists what it got (for the browser
 * tests, which run it as a separate process: tests/fake-twilio-cli.ts).
 */
export async function startFakeTwilio(listenPort = 0) {
  const sent: SentText[] = [];
  // Message ids are never reused, even after `sent` is emptied between tests.
  let taken = 0;
  let down = false;
  let refuse: ((text: SentText) => boolean) | null = null;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.method === "GET" && req.url === "/sent") return json(200, sent);
      const path = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
      if (req.method !== "POST" || req.url !== path) return json(404, { code: 20404, message: "Not found" });
      const auth = Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString("base64");
      if (req.headers.authorization !== `Basic ${auth}`)
        return json(401, { code: 20003, message: "Authenticate", status: 401 });
      if (down) return json(503, { code: 20500, message: "Service unavailable", status: 503 });
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
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
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
