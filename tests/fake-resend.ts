import http from "node:http";
import type { AddressInfo } from "node:net";
import { rateBucket } from "./rate-bucket";

export type SentMail = {
  from: string;
  to: string[];
  reply_to?: string | string[];
  subject: string;
  text: string;
  html?: string;
};

export type FakeResendOptions = {
  /** Each answer comes this long after its request, as a provider across the internet answers. */
  latencyMs?: number;
  /**
   * Resend's rate limit: past this many requests a second (a bucket that refills at this
   * rate and holds as many), a request is answered 429 and nothing in it is sent.
   */
  requestsPerSecond?: number;
};

/**
 * A stand-in for Resend's HTTP API on 127.0.0.1: records each POST /emails (and each mail
 * of a POST /emails/batch) and answers
 * like Resend does, or with an error when told to fail. GET /sent lists what it got
 * (for the browser tests, which run it as a separate process: tests/fake-resend-cli.ts).
 */
export async function startFakeResend(listenPort = 0, { latencyMs = 0, requestsPerSecond }: FakeResendOptions = {}) {
  const sent: SentMail[] = [];
  /** The path of every POST, to see how many requests a backlog took. */
  const requests: string[] = [];
  /** How many requests the rate limit turned away. */
  let limited = 0;
  const overLimit = rateBucket(requestsPerSecond);
  let failNext: ((mail: SentMail) => boolean) | null = null;
  let refuse: ((mail: SentMail) => boolean) | null = null;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => (latencyMs ? setTimeout(answer, latencyMs) : answer()));
    const answer = () => {
      if (req.method === "GET" && req.url === "/sent") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(sent));
        return;
      }
      const batch = req.url === "/emails/batch";
      if (req.method !== "POST" || (req.url !== "/emails" && !batch)) {
        res.writeHead(404).end();
        return;
      }
      requests.push(req.url ?? "");
      if (overLimit()) {
        limited++;
        res.writeHead(429, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            statusCode: 429,
            name: "rate_limit_exceeded",
            message: `Too many requests. You can only make ${requestsPerSecond} requests per second.`,
          }),
        );
        return;
      }
      const parsed: unknown = JSON.parse(body || "{}");
      const mails = (batch ? parsed : [parsed]) as SentMail[];
      // Like Resend's strict batch validation: one refused mail refuses the whole request.
      if (mails.some((mail) => failNext?.(mail))) {
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ statusCode: 500, name: "internal_server_error", message: "Provider is down" }));
        return;
      }
      // A mail Resend will not take (an address it rejects): strict validation (its default)
      // refuses the whole request for it; permissive sends the others and lists it by index.
      const refused = mails.flatMap((mail, index) =>
        refuse?.(mail)
          ? [{ index, message: `Invalid address in ${[...mail.to, ...[mail.reply_to ?? []].flat()].join(", ")}` }]
          : [],
      );
      if (refused.length && (!batch || req.headers["x-batch-validation"] !== "permissive")) {
        res.writeHead(422, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ statusCode: 422, name: "validation_error", message: refused[0]?.message }));
        return;
      }
      const ids = mails.flatMap((mail, index) =>
        refused.some((r) => r.index === index) ? [] : [{ id: `fake-${sent.push(mail)}` }],
      );
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(batch ? { data: ids, ...(refused.length ? { errors: refused } : {}) } : ids[0]));
    };
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    requests,
    /** How many requests were answered 429 (see `requestsPerSecond`). */
    limited: () => limited,
    failWhen(predicate: ((mail: SentMail) => boolean) | null) {
      failNext = predicate;
    },
    /** Mails it refuses one by one, as Resend does an address it will not take. */
    refuseWhen(predicate: ((mail: SentMail) => boolean) | null) {
      refuse = predicate;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
