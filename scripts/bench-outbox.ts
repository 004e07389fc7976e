// npm run bench:outbox
// A storm day with the mail provider down: what the owner and his visitors would see.
// The real built server (build/ must exist; the npm script builds) on a fresh database,
// mailing through the real Resend SDK to a fake Resend in this process that answers
// after a small delay and turns away more than 2 requests a second with a 429, as Resend
// does. BENCH_REQUESTS quote requests (400) are posted to /contact, the form as a browser
// without scripts sends it, spread over a BENCH_OUTAGE_SECONDS (120) outage in which the
// provider answers 500; then the provider is back and the bench counts the owner's
// notices and the visitors' auto-replies delivered 30, 60 and 120 s after, the time all
// were, the requests the server made to the provider, and any mail delivered twice (by
// lead and kind; there must be none). Numbers vary with the machine; nothing is asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startFakeResend, type SentMail } from "../tests/fake-resend";
import { ms, percentile, row } from "./bench-lib";
import { startServer } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3470);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 120);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 80);
/** Counted this long after recovery at most: main took about 390 s. */
const GIVE_UP_SECONDS = Number(process.env.BENCH_GIVE_UP_SECONDS ?? 900);
/** Watched this long after the last mail went, so a mail sent twice by a later run of the worker shows. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 35);
const CHECKPOINTS = [30, 60, 120];

const fake = await startFakeResend(0, { latencyMs: LATENCY_MS, requestsPerSecond: 2 });
fake.failWhen(() => true);
const log = path.join(os.tmpdir(), `bench-outbox-server-${process.pid}.log`);
const server = await startServer(
  PORT,
  {
    RESEND_API_KEY: "re_bench_key",
    RESEND_BASE_URL: fake.url,
    MAIL_FROM: "Website <web@example.com>",
    // The form's own limit per address, raised the way the browser tests raise it: every
    // request here comes from 127.0.0.1.
    CONTACT_RATE_LIMIT: String(REQUESTS),
  },
  // A failed attempt is logged; hundreds of them would bury the table.
  { stderr: fs.openSync(log, "w") },
);

const visitor = (i: number) => `storm${i}@example.com`;
/** Which lead (by its visitor's address) and which of its two mails this is. */
function keyOf(mail: SentMail): string {
  if (mail.subject.startsWith("New message from")) return `notice ${String(mail.reply_to)}`;
  return `auto-reply ${mail.to.join(",")}`;
}
function delivered() {
  const keys = fake.sent.map(keyOf);
  const unique = new Set(keys);
  const count = (kind: string) => [...unique].filter((k) => k.startsWith(kind)).length;
  return { notices: count("notice "), autoReplies: count("auto-reply "), duplicates: keys.length - unique.size };
}

async function postQuote(i: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.base}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({
      name: `Storm Visitor ${i}`,
      email: visitor(i),
      phone: "316-555-0100",
      message: "Hail took shingles off the north slope last night.",
    }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

try {
  console.log(
    `${REQUESTS} quote requests over a ${OUTAGE_SECONDS} s mail outage (the provider answers 500), then the provider is back` +
      ` (${LATENCY_MS} ms an answer, 429 past 2 requests a second)`,
  );
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
  fake.failWhen(null);
  const recovered = performance.now();
  const since = () => (performance.now() - recovered) / 1000;

  const counted = new Map<number, ReturnType<typeof delivered>>();
  let doneAt: number | null = null;
  while (since() < GIVE_UP_SECONDS) {
    await new Promise((r) => setTimeout(r, 100));
    const now = delivered();
    for (const at of CHECKPOINTS) if (!counted.has(at) && since() >= at) counted.set(at, now);
    if (doneAt === null && now.notices >= REQUESTS && now.autoReplies >= REQUESTS) doneAt = since();
    if (doneAt !== null && since() >= Math.max(doneAt + SETTLE_SECONDS, ...CHECKPOINTS)) break;
  }
  const end = delivered();

  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const refused = answers.filter((a) => a.status !== 200).length;
  console.log(
    `Quote requests answered: ${REQUESTS - refused} of ${REQUESTS} with 200; p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`,
  );
  const widths = [22, 9, 12];
  console.log(row(["after recovery", "notices", "auto-replies"], widths));
  for (const at of CHECKPOINTS) {
    const c = counted.get(at);
    console.log(row([`${at} s`, c?.notices ?? "-", c?.autoReplies ?? "-"], widths));
  }
  console.log(row(["at the end", end.notices, end.autoReplies], widths));
  console.log(
    row(["all done", doneAt === null ? `not within ${GIVE_UP_SECONDS} s` : `${doneAt.toFixed(1)} s`, ""], widths),
  );
  console.log(
    `Requests to the provider: ${fake.requests.length} (${duringOutage} during the outage; ${fake.limited()} answered 429)`,
  );
  console.log(`Mails delivered twice (same lead and kind): ${end.duplicates}`);
  console.log(`Server log: ${log}`);
} finally {
  server.stop();
  await fake.close();
}
