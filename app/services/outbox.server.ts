import type { OutboxItem } from "~/db/schema";
import { nextAttemptAt } from "~/lib/mail-retry";
import { LEASE_MS, REQUEST_GAP_MS } from "~/lib/outbox";
import {
  endBackoffs,
  leaseDueMails,
  leaseProbe,
  recordAttempts,
  releaseProbe,
  type Attempt,
} from "~/models/outbox.server";
import { repeatInBackground } from "~/server/background.server";
import {
  BATCH_LIMIT,
  mailTransport,
  MailTimeout,
  withTimeout,
  type Mail,
  type MailTransport,
} from "~/server/mail.server";
import { MAIL_KINDS, RETRYING_KINDS } from "~/services/mail/kinds.server";
import type { MailKind } from "~/services/mail/mail-kind.server";

/**
 * The one worker of the outbox (decision 0037): every kind of mail, in batches of up to
 * 100 (Resend's batch endpoint), at most one request to the provider every REQUEST_GAP_MS
 * however many callers send at once, one early probe while everything waits out a
 * failure, and one backoff table (lib/mail-retry.ts).
 */

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The line to the provider, for this process. Resend allows 2 requests a second: every
 * request takes the next free slot. `down`: its last answer was a failure (an outage, a
 * 429, no answer in time), until it answers again.
 */
const line = { nextSlot: 0, down: false };
async function paced<T>(send: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const wait = line.nextSlot - now;
  line.nextSlot = Math.max(now, line.nextSlot) + REQUEST_GAP_MS;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  let answer: T;
  try {
    answer = await send();
  } catch (error) {
    line.down = true;
    throw error;
  }
  if (line.down) {
    line.down = false;
    // Its next run finds nothing due and probes: the mails waiting out the failure go at once.
    wakeOutbox();
  }
  return answer;
}

/** Set by startOutbox: a run of the worker in a moment. Null where none runs (a script, a test). */
let wakeWorker: (() => void) | null = null;
const wakeOutbox = () => wakeWorker?.();

/**
 * Whether a mail nobody waits for is better left to the worker than sent by the request
 * that stored it: the provider is known to be down (the worker tries again on its own
 * schedule, and a request must not hammer an outage), or another request holds the line
 * (the worker sends all that wait in one batch, where each request would wait its turn
 * for a request of its own). Never without a worker in this process (a script, a test):
 * then the caller is the only sender there is.
 */
function leaveToWorker(): boolean {
  if (!wakeWorker) return false;
  if (line.down) return true;
  if (line.nextSlot <= Date.now()) return false;
  wakeWorker();
  return true;
}

/**
 * A request still unanswered when half its mails' lease is gone counts as failed: they are
 * retried on their backoff, never picked up by a later run while this one still waits.
 */
const SEND_LIMIT_MS = LEASE_MS / 2;

type AttemptResult = {
  /** How many the provider took (or the stand-in printed). */
  sent: number;
  /** The provider's refusal, or null. */
  failed: string | null;
  timedOut: boolean;
  /** The mails the provider refused one by one (an address it will not take), by outbox id. */
  refused: Map<number, string>;
  /** The link each mail carried, by outbox id. */
  links: Map<number, string>;
  /** Mails their kind wants sent right after these (the auto-reply after the notification). */
  followUps: OutboxItem[];
};

/**
 * One attempt at these leased mails: each is written now (fresh links), all go in one
 * request, and every outcome is recorded. `final`: a refusal is not retried (staff wait
 * for it and are shown its link instead). `probe`: a refusal counts no attempt.
 */
async function attempt(
  items: OutboxItem[],
  transport: MailTransport,
  now: Date,
  { final = false, probe = false } = {},
): Promise<AttemptResult> {
  const records: Attempt[] = [];
  // A row of a kind this code no longer has (a kind taken out while its mails waited) fails
  // at once: left pending, it would be leased first, oldest, on every run and stall the queue.
  const kindOf = (item: OutboxItem): MailKind | undefined => MAIL_KINDS[item.kind];
  const retryAt = (item: OutboxItem) =>
    final || !kindOf(item)?.retries ? null : nextAttemptAt(item.attempts + 1, now);
  const ready: { item: OutboxItem; mail: Mail }[] = [];
  const links = new Map<number, string>();
  for (const item of items) {
    try {
      const kind = kindOf(item);
      if (!kind) throw new Error(`No mail of kind "${item.kind}" is known`);
      const composed = await kind.compose(item, now);
      if (!composed) records.push({ id: item.id, status: "skipped" });
      else {
        ready.push({ item, mail: composed.mail });
        if (composed.link) links.set(item.id, composed.link);
      }
    } catch (error) {
      // One mail that cannot be written holds up none of the others.
      console.error(`Mail ${item.id} (${item.kind}) could not be written:`, error);
      records.push({
        id: item.id,
        attempts: item.attempts + 1,
        status: "retry",
        reason: reasonOf(error),
        next: retryAt(item),
      });
    }
  }
  const result: AttemptResult = { sent: 0, failed: null, timedOut: false, refused: new Map(), links, followUps: [] };
  const taken: OutboxItem[] = [];
  if (ready.length) {
    try {
      const outcomes = await paced(() => transport.sendBatch(ready.map((r) => r.mail)));
      ready.forEach(({ item, mail }, i) => {
        const outcome = outcomes[i] ?? { id: null };
        if ("refused" in outcome) {
          // The provider answered and would not take this one mail: its own retry, not an outage.
          console.error(`Mail ${item.id} (${item.kind}) refused: ${outcome.refused}`);
          result.refused.set(item.id, outcome.refused);
          records.push({
            id: item.id,
            attempts: item.attempts + 1,
            status: "retry",
            reason: outcome.refused,
            next: retryAt(item),
          });
          return;
        }
        taken.push(item);
        records.push({
          id: item.id,
          attempts: item.attempts + 1,
          status: transport.delivers ? "sent" : "unsent",
          recipient: mail.to,
          providerId: outcome.id,
        });
      });
      result.sent = taken.length;
    } catch (error) {
      result.failed = reasonOf(error);
      result.timedOut = error instanceof MailTimeout;
      console.error(
        `Mails ${ready.map((r) => `${r.item.id} (${r.item.kind})`).join(", ")}: attempt failed: ${result.failed}`,
      );
      for (const { item } of ready) {
        if (probe) releaseProbe(item.id);
        else
          records.push({
            id: item.id,
            attempts: item.attempts + 1,
            status: "retry",
            reason: result.failed,
            next: retryAt(item),
          });
      }
    }
  }
  recordAttempts(records, now);
  for (const item of taken) {
    const next = kindOf(item)?.afterSent?.(item, now);
    if (next) result.followUps.push(next);
  }
  return result;
}

/** What became of a mail someone waited for. `link` is the link it carried, if any. */
export type DeliveryOutcome =
  | { status: "sent" | "unsent" | "skipped"; link?: string }
  | { status: "queued" }
  | { status: "failed" | "timeout"; reason: string; link?: string };

/**
 * One attempt at this mail right away (a request just stored it), then at what it brings
 * along (the auto-reply). When someone waits for it (`waitMs`: staff, MAIL_WAIT_MS), they
 * wait no longer than that; a mail nobody waits for is given the provider's own time, since
 * a timeout's retry might deliver it twice, up to SEND_LIMIT_MS. "queued" when it is not due
 * or another run has it this very moment (it goes from there), and when nobody waits for it
 * while the provider is down or busy (`leaveToWorker`: the worker sends it, batched), as
 * the mail it brings along always is then, waited for or not. `final`: a
 * refusal is not retried, for a mail whose link staff are then shown (a retry would make
 * a new one).
 */
export async function deliverNow(
  id: number,
  {
    transport = mailTransport(),
    now = new Date(),
    waitMs,
    final = false,
  }: { transport?: MailTransport; now?: Date; waitMs?: number; final?: boolean } = {},
): Promise<DeliveryOutcome> {
  if (waitMs === undefined && leaveToWorker()) return { status: "queued" };
  const [item] = leaseDueMails(now, 1, id);
  if (!item) return { status: "queued" };
  const waited = withTimeout(transport, waitMs ?? SEND_LIMIT_MS);
  const result = await attempt([item], waited, now, { final });
  const link = result.links.get(item.id);
  for (const next of result.followUps) {
    if (leaveToWorker()) continue;
    const [leased] = leaseDueMails(now, 1, next.id);
    if (leased) await attempt([leased], waited, now);
  }
  if (result.failed !== null) return { status: result.timedOut ? "timeout" : "failed", reason: result.failed, link };
  const refused = result.refused.get(item.id);
  if (refused !== undefined) return { status: "failed", reason: refused, link };
  if (!result.sent) return { status: "skipped", link };
  return { status: transport.delivers ? "sent" : "unsent", link };
}

/**
 * While every waiting mail is in its backoff, the one whose wait ends first is tried early,
 * without counting the try: when the provider answers again, the whole backlog becomes due
 * at once instead of waiting out hours of backoff.
 */
async function probeProvider(transport: MailTransport, now: Date): Promise<boolean> {
  const probe = leaseProbe(now, RETRYING_KINDS);
  if (!probe) return false;
  const result = await attempt([probe], transport, now, { probe: true });
  // Taken, or refused for itself: either way the provider answers again.
  if (result.failed !== null || (!result.sent && !result.refused.size)) return false;
  endBackoffs(now);
  return true;
}

/**
 * Every mail that is due, batch after batch for as long as the provider takes them (a
 * backlog of hundreds goes out in a few requests); the first refusal ends the run and
 * leaves the rest to their backoff.
 */
export async function processOutbox(provider: MailTransport = mailTransport(), now = new Date()) {
  const transport = withTimeout(provider, SEND_LIMIT_MS);
  let batch = leaseDueMails(now, BATCH_LIMIT);
  if (!batch.length) {
    if (!(await probeProvider(transport, now))) return;
    batch = leaseDueMails(now, BATCH_LIMIT);
  }
  while (batch.length) {
    if ((await attempt(batch, transport, now)).failed !== null) return;
    batch = leaseDueMails(now, BATCH_LIMIT);
  }
}

/**
 * The one mail loop for the life of the server: `beforeEachRun` queues what a clock makes
 * due (the daily summary), then whatever is due goes. Retries survive restarts: their
 * state is in the outbox.
 */
export function startOutbox(beforeEachRun: () => void, intervalMs = 30_000) {
  wakeWorker = repeatInBackground("Outbox", intervalMs, async () => {
    beforeEachRun();
    await processOutbox();
  });
}
