// npm run bench:outbox
// A storm day with the mail provider and Twilio down: what the owner and his visitors would see.
// The real built server (build/ must exist; the npm script builds) on a fresh database,
// mailing through the real Resend SDK to a fake Resend in this process that answers
// after a small delay and turns away more than 2 requests a second with a 429, as Resend
// does, and texting through the real twilio SDK to a fake Twilio that answers after a
// delay and turns away texts past the number's carrier rate (TEXTS_PER_SECOND, 10 here).
// BENCH_REQUESTS quote requests (400) are posted to /contact, the form as a browser
// without scripts sends it, spread over a BENCH_OUTAGE_SECONDS (120) outage in which both
// providers answer 500 (503); a BENCH_TEXT_SHARE of them (half) chose Text, agreed to
// texts and gave a phone and no email. Then both are back and the bench counts the owner's
// notices, the visitors' auto-replies and the "we got your request" texts delivered 30, 60
// and 120 s after, the time all were, the texts' rate, the requests the server made to each
// provider, and anything delivered twice (by lead and kind; there must be none). In the
// quiet hours (9 PM to 8 AM Kansas time) texts wait for the morning by design: the bench
// says so and measures the mail only. Numbers vary with the machine; nothing is asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { quietUntil } from "../app/lib/texts";
import { startFakeResend, type SentMail } from "../tests/fake-resend";
import { FAKE_TWILIO, startFakeTwilio, type SentText } from "../tests/fake-twilio";
import { ms, percentile, row } from "./bench-lib";
import { startServer } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3470);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 120);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 80);
/** The share of the requests that chose Text, agreed to texts and gave no email. */
const TEXT_SHARE = Number(process.env.BENCH_TEXT_SHARE ?? 0.5);
/** The number's carrier rate, for the server and the fake Twilio alike. */
const TEXTS_PER_SECOND = Number(process.env.TEXTS_PER_SECOND ?? 10);
/** Twilio's answer to a text: a call across the internet, slower than Resend's. */
const TEXT_LATENCY_MS = Number(process.env.BENCH_TEXT_LATENCY_MS ?? 200);
/** Counted this long after recovery at most: main took about 390 s. */
const GIVE_UP_SECONDS = Number(process.env.BENCH_GIVE_UP_SECONDS ?? 900);
/** Watched this long after the last mail went, so a mail sent twice by a later run of the worker shows. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 35);
const CHECKPOINTS = [30, 60, 120];

/** Whether request `i` chose Text: the share spread evenly over the storm. */
const texts = (i: number) => Math.floor((i + 1) * TEXT_SHARE) > Math.floor(i * TEXT_SHARE);
const TEXTERS = Array.from({ length: REQUESTS }, (_, i) => i).filter(texts).length;
const MAILERS = REQUESTS - TEXTERS;

const fake = await startFakeResend(0, { latencyMs: LATENCY_MS, requestsPerSecond: 2 });
fake.failWhen(() => true);
const twilio = await startFakeTwilio(0, { latencyMs: TEXT_LATENCY_MS, textsPerSecond: TEXTS_PER_SECOND });
twilio.setDown(true);
const log = path.join(os.tmpdir(), `bench-outbox-server-${process.pid}.log`);
const server = await startServer(
  PORT,
  {
    RESEND_API_KEY: "re_bench_key",
    RESEND_BASE_URL: fake.url,
    MAIL_FROM: "Website <web@example.com>",
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_BASE: twilio.url,
    TEXTS_PER_SECOND: String(TEXTS_PER_SECOND),
    // The form's own limit per address, raised the way the browser tests raise it: every
    // request here comes from 127.0.0.1.
    CONTACT_RATE_LIMIT: String(REQUESTS),
  },
  // A failed attempt is logged; hundreds of them would bury the table.
  { stderr: fs.openSync(log, "w") },
);

const visitor = (i: number) => `storm${i}@example.com`;
/** A number of its own for each visitor who texts (316-555-1000 and on). */
const phoneOf = (i: number) => `316-555-${1000 + i}`;
/** Which lead (by its visitor's name, in the subject, or address) and which of its two mails this is. */
function keyOf(mail: SentMail): string {
  if (mail.subject.startsWith("New message from")) return `notice ${mail.subject}`;
  return `auto-reply ${mail.to.join(",")}`;
}
/** Which lead (by its number) and which text: the words after the company's name, up to the first stop. */
const textKeyOf = (text: SentText) => `${text.to} ${text.body.split(": ")[1]?.split(".")[0]}`;
function delivered() {
  const keys = fake.sent.map(keyOf);
  const unique = new Set(keys);
  const count = (kind: string) => [...unique].filter((k) => k.startsWith(kind)).length;
  return {
    notices: count("notice "),
    autoReplies: count("auto-reply "),
    texts: new Set(twilio.sent.map(textKeyOf)).size,
    duplicates: keys.length - unique.size,
    textDuplicates: twilio.duplicates(textKeyOf),
  };
}

async function postQuote(i: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const fields: Record<string, string> = texts(i)
    ? { phone: phoneOf(i), preferredContact: "text", textConsent: "on" }
    : { email: visitor(i), phone: "316-555-0100" };
  const res = await fetch(`${server.base}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({
      name: `Storm Visitor ${i}`,
      ...fields,
      message: "Hail took shingles off the north slope last night.",
    }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

try {
  console.log(
    `${REQUESTS} quote requests (${TEXTERS} chose Text and gave no email) over a ${OUTAGE_SECONDS} s outage` +
      ` of both providers (500 and 503 to everything), then both are back` +
      ` (Resend: ${LATENCY_MS} ms an answer, 429 past 2 requests a second;` +
      ` Twilio: ${TEXT_LATENCY_MS} ms an answer, 429 past ${TEXTS_PER_SECOND} texts a second;` +
      ` the server's TEXTS_PER_SECOND=${TEXTS_PER_SECOND})`,
  );
  const startedAt = new Date();
  const outageStart = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REQUESTS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * OUTAGE_SECONDS * 1000) / REQUESTS));
      return postQuote(i);
    }),
  );
  const left = OUTAGE_SECONDS * 1000 - (performance.now() - outageStart);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  const duringOutage = fake.requests.length;
  const textCallsDuringOutage = twilio.requests();
  fake.failWhen(null);
  twilio.setDown(false);
  const recovered = performance.now();
  const since = () => (performance.now() - recovered) / 1000;
  // Texts stored in the quiet hours wait for 8 AM: they are not counted then.
  const quiet = () => quietUntil(new Date());
  let heldUntil = quietUntil(startedAt) ?? quiet();

  const counted = new Map<number, ReturnType<typeof delivered>>();
  let doneAt: number | null = null;
  /** When the first and the last text after recovery were seen (to a poll's 100 ms). */
  let firstTextAt: number | null = null;
  let lastTextAt: number | null = null;
  let textsSeen = 0;
  while (since() < GIVE_UP_SECONDS) {
    await new Promise((r) => setTimeout(r, 100));
    const now = delivered();
    if (now.texts > textsSeen) {
      firstTextAt ??= since();
      lastTextAt = since();
      textsSeen = now.texts;
    }
    for (const at of CHECKPOINTS) if (!counted.has(at) && since() >= at) counted.set(at, now);
    const textsDone = heldUntil !== null || now.texts >= TEXTERS;
    if (doneAt === null && now.notices >= REQUESTS && now.autoReplies >= MAILERS && textsDone) doneAt = since();
    if (doneAt !== null && since() >= Math.max(doneAt + SETTLE_SECONDS, ...CHECKPOINTS)) break;
  }
  heldUntil ??= quiet();
  const end = delivered();

  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const refused = answers.filter((a) => a.status !== 200).length;
  console.log(
    `Quote requests answered: ${REQUESTS - refused} of ${REQUESTS} with 200; p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
  );
  const measureTexts = heldUntil === null && TEXTERS > 0;
  const widths = [22, 9, 12, 7];
  console.log(row(["after recovery", "notices", "auto-replies", "texts"], widths));
  const textCell = (n: number | undefined) => (measureTexts ? (n ?? "-") : "held");
  for (const at of CHECKPOINTS) {
    const c = counted.get(at);
    console.log(row([`${at} s`, c?.notices ?? "-", c?.autoReplies ?? "-", textCell(c?.texts)], widths));
  }
  console.log(row(["at the end", end.notices, end.autoReplies, textCell(end.texts)], widths));
  console.log(
    row(["all done", doneAt === null ? `not within ${GIVE_UP_SECONDS} s` : `${doneAt.toFixed(1)} s`, "", ""], widths),
  );
  console.log(
    `Requests to Resend: ${fake.requests.length} (${duringOutage} during the outage; ${fake.limited()} answered 429)`,
  );
  console.log(`Mails delivered twice (same lead and kind): ${end.duplicates}`);
  if (!measureTexts && heldUntil !== null) {
    console.log(
      `Texts were held for the quiet hours (no text between 9 PM and 8 AM Kansas time; these wait for` +
        ` ${heldUntil.toISOString()}): by design, so the text figures are skipped. Run the bench between` +
        ` 8 AM and about 8:45 PM Kansas time to measure them.`,
    );
  }
  if (measureTexts) {
    const allTexts = end.texts >= TEXTERS && lastTextAt !== null ? `${lastTextAt.toFixed(1)} s` : "not all";
    console.log(`All ${TEXTERS} texts went: ${allTexts} after recovery`);
    if (firstTextAt !== null && lastTextAt !== null && lastTextAt > firstTextAt) {
      const rate = (textsSeen - 1) / (lastTextAt - firstTextAt);
      console.log(
        `Texts per second from the first to the last after recovery: ${rate.toFixed(1)}` +
          ` (TEXTS_PER_SECOND ${TEXTS_PER_SECOND}; the first at ${firstTextAt.toFixed(1)} s)`,
      );
    }
  }
  console.log(
    `Requests to Twilio: ${twilio.requests()} (${textCallsDuringOutage} during the outage;` +
      ` ${twilio.limited()} answered 429; at most ${twilio.mostAtOnce()} open at once)`,
  );
  console.log(`Texts delivered twice (same lead and kind): ${end.textDuplicates}`);
  console.log(`Server log: ${log}`);
} finally {
  server.stop();
  await fake.close();
  await twilio.close();
}
