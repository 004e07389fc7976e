import { href } from "react-router";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { env } from "~/server/env.server";
import type { BatchOutcome, Transport } from "~/server/mail.server";
import { siteOrigin } from "~/server/origin.server";
import { providerLine } from "~/server/provider-line.server";

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

/** A text ready to hand to Twilio. */
export type Text = { to: string; body: string };
export type TextTransport = Transport<Text>;

/** Where Twilio posts what became of each text it took (verified like every webhook). */
export const TEXT_STATUS_PATH = href("/webhooks/twilio/status");

/** Whether texts really go out (Twilio's account, token and number are set), or are only printed. */
export const textsAreSetUp = () => !!(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM);

/** The auth token Twilio signs its webhooks with, or null while texts are not set up. */
export const twilioAuthToken = () => (textsAreSetUp() ? env.TWILIO_AUTH_TOKEN! : null);

/**
 * Twilio's request client, with its address moved from api.twilio.com to `base` (tests: a
 * fake Twilio on 127.0.0.1). The SDK has no base-address option; this is the client it takes.
 */
class RebasedClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 20_000 });
  }
  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, this.base.replace(/\/$/, "")) });
  }
}

// Twilio takes a text a call, and the number's carrier registration allows so many a
// second: every text of this process waits for the next free slot.
const textLine = providerLine(() => textGapMs());

/** Whether a text handed over now would wait behind others: a request leaves it to the worker then. */
export const textLineBusy = textLine.busy;

/** Errors about the one text, not an outage (Twilio's codes): an unreachable, landline or opted-out number. */
const REFUSALS = new Set([21211, 21212, 21408, 21610, 21612, 21614, 21617, 30003, 30005, 30006]);

export type TwilioSettings = { accountSid: string; authToken: string; from: string; apiBase?: string };

/** Through Twilio's Messages API, one call a text (it has no batch call). */
export function twilioTransport(settings: TwilioSettings): TextTransport {
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiBase ? { httpClient: new RebasedClient(settings.apiBase) } : {}),
  });
  const from = settings.from.startsWith("MG") ? { messagingServiceSid: settings.from } : { from: settings.from };
  const statusCallback = new URL(TEXT_STATUS_PATH, siteOrigin()).href;
  return {
    name: "twilio",
    delivers: true,
    async sendBatch(texts) {
      // Each text is handed over at its turn, without waiting for Twilio's answer to the one
      // before: an answer takes longer than the gap at most carrier rates, and one call at a
      // time would send at the pace of Twilio's answers, not at the number's rate. At most a
      // second's worth of calls are open at once.
      let outage: string | null = null;
      const one = async (text: Text): Promise<BatchOutcome | { outage: string }> => {
        try {
          const message = await client.messages.create({ to: text.to, body: text.body, statusCallback, ...from });
          return { id: message.sid };
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          const status = (error as { status?: unknown }).status;
          const reason = error instanceof Error ? error.message : String(error);
          const aboutThisText =
            (typeof code === "number" && REFUSALS.has(code)) ||
            (typeof status === "number" && status >= 400 && status < 500 && status !== 429);
          if (aboutThisText)
            return { refused: `Twilio refused the text: ${reason}${typeof code === "number" ? ` (${code})` : ""}` };
          // An outage (5xx, 429, no answer): no text after this one is handed over.
          outage ??= reason;
          return { outage: reason };
        }
      };
      const calls: Promise<BatchOutcome | { outage: string }>[] = [];
      const open = new Set<Promise<unknown>>();
      const mostOpen = Math.max(1, Math.ceil(env.TEXTS_PER_SECOND));
      for (const text of texts) {
        while (open.size >= mostOpen) await Promise.race(open);
        if (outage !== null) break;
        await textLine.turn();
        if (outage !== null) break;
        const call = one(text);
        const settled = call.then(() => void open.delete(settled));
        open.add(settled);
        calls.push(call);
      }
      const answers = await Promise.all(calls);
      // Before anything went, the batch fails as a whole; after some went, those are kept as
      // taken (never sent twice) and the rest wait out their backoff like a refusal.
      if (outage !== null && !answers.some((a) => "id" in a))
        throw new Error(`Twilio did not take the text: ${outage}`);
      return texts.map((_, i): BatchOutcome => {
        const answer = answers[i];
        if (answer && !("outage" in answer)) return answer;
        return { refused: `Twilio did not take the text: ${answer?.outage ?? outage}` };
      });
    },
  };
}

/** Without Twilio, `npm start` still works offline: each text is printed, recorded as not sent. */
const logTransport: TextTransport = {
  name: "log",
  delivers: false,
  async sendBatch(texts) {
    for (const text of texts) {
      console.log(`--- text (Twilio is not set up: printed, not sent) ---\nTo: ${text.to}\n\n${text.body}\n---`);
    }
    return texts.map(() => ({ id: null }));
  },
};

export function textTransport(): TextTransport {
  return textsAreSetUp()
    ? twilioTransport({
        accountSid: env.TWILIO_ACCOUNT_SID!,
        authToken: env.TWILIO_AUTH_TOKEN!,
        from: env.TWILIO_FROM!,
        apiBase: env.TWILIO_API_BASE,
      })
    : logTransport;
}

/** The time between two texts the number's carrier rate allows. */
export const textGapMs = () => Math.ceil(1000 / env.TEXTS_PER_SECOND);
