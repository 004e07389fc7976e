import type { OutboxItem } from "~/db/schema";
import { nextAttemptAt } from "~/lib/mail-retry";
import { LEASE_MS, REQUEST_GAP_MS, type Channel } from "~/lib/outbox";
import { quietUntil, type TextOutcome } from "~/lib/texts";
import {
  endBackoffs,
  findMail,
  leaseDueMails,
  leaseProbe,
  recordAttempts,
  releaseLease,
  type Attempt,
} from "~/models/outbox.server";
import { repeatInBackground } from "~/server/background.server";
import { providerLine } from "~/server/provider-line.server";
import {
  BATCH_LIMIT,
  mailTransport,
  MailTimeout,
  withTimeout,
  type BatchOutcome,
  type Mail,
  type MailTransport,
} from "~/server/mail.server";
import { textGapMs, textLineBusy, textTransport, type Text, type TextTransport } from "~/server/texts.server";
import { textFor } from "~/services/texts.server";
import { MAIL_KINDS, RETRYING_KINDS, RETRYING_TEXT_KINDS, textRetries } from "~/services/mail/kinds.server";
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
const line = { ...providerLine(() => REQUEST_GAP_MS), down: false };
async function paced<T>(send: () => Promise<T>): Promise<T> {
  await line.turn();
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
/** A run of the worker in a moment (one for a whole burst of wakes), where one runs. */
export const wakeOutbox = () => wakeWorker?.();

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
  if (!line.busy()) return false;
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

/** The way out for each channel: mail (Resend or the log) and texts (Twilio or the log). */
export type Transports = { mail: MailTransport; text: TextTransport };

/** Mails or texts of one channel, and how they go. */
type Outgoing = { item: OutboxItem; message: Mail | Text };
function send(channel: Channel, transports: Transports, messages: (Mail | Text)[]): Promise<BatchOutcome[]> {
  if (channel === "text") return transports.text.sendBatch(messages as Text[]);
  return paced(() => transports.mail.sendBatch(messages as Mail[]));
}

/**
 * One attempt at these leased mails or texts (one channel): each is written now (fresh
 * links), all go in one request (texts one by one at the number's rate), and every outcome
 * is recorded. `final`: a refusal is not retried (staff wait for it and are shown its link
 * instead). `probe`: a refusal counts no attempt. A text in the quiet hours waits for the
 * morning, uncounted.
 */
async function attempt(
  items: OutboxItem[],
  channel: Channel,
  transports: Transports,
  now: Date,
  { final = false, probe = false } = {},
): Promise<AttemptResult> {
  const transport = transports[channel];
  const retries = (kind: MailKind | undefined) => !!kind && (channel === "text" ? textRetries(kind) : kind.retries);
  const records: Attempt[] = [];
  // A row of a kind this code no longer has (a kind taken out while its mails waited) fails
  // at once: left pending, it would be leased first, oldest, on every run and stall the queue.
  const kindOf = (item: OutboxItem): MailKind | undefined => MAIL_KINDS[item.kind];
  const retryAt = (item: OutboxItem) =>
    final || !retries(kindOf(item)) ? null : nextAttemptAt(item.attempts + 1, now);
  const ready: Outgoing[] = [];
  const links = new Map<number, string>();
  for (const item of items) {
    try {
      const kind = kindOf(item);
      if (!kind) throw new Error(`No mail of kind "${item.kind}" is known`);
      if (channel === "text") {
        // "On my way" is for now or never; everything else waits for 8 AM.
        const morning = item.kind === "on-my-way" ? null : quietUntil(now);
        if (morning) {
          records.push({ id: item.id, status: "later", next: morning });
          continue;
        }
        const written = textFor(item, kind, now);
        if (!written) records.push({ id: item.id, status: "skipped" });
        else {
          ready.push({ item, message: written.text });
          if (written.link) links.set(item.id, written.link);
        }
        continue;
      }
      if (!kind.compose) throw new Error(`"${item.kind}" goes only by text`);
      const composed = await kind.compose(item, now);
      if (!composed) records.push({ id: item.id, status: "skipped" });
      else {
        ready.push({ item, message: composed.mail });
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
      const outcomes = await send(
        channel,
        transports,
        ready.map((r) => r.message),
      );
      ready.forEach(({ item, message }, i) => {
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
          recipient: message.to,
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
        if (probe) releaseLease(item.id);
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
export type DeliveryOutcome = (
  | { status: "sent" | "unsent" | "skipped"; link?: string }
  | { status: "queued" }
  | { status: "failed" | "timeout"; reason: string; link?: string }
) & {
  /** The same news by text, to the number (E.164), when the homeowner takes texts. */
  text?: TextOutcome;
};

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
    texts = textTransport(),
    now = new Date(),
    waitMs,
    final = false,
  }: { transport?: MailTransport; texts?: TextTransport; now?: Date; waitMs?: number; final?: boolean } = {},
): Promise<DeliveryOutcome> {
  const [item] = leaseDueMails(now, 1, id);
  if (!item) return { status: "queued" };
  // Texts go one a call at the number's rate: behind others, this one is the worker's.
  const toWorker =
    item.channel === "text"
      ? texts.delivers && textLineBusy() && !!wakeWorker
      : waitMs === undefined && leaveToWorker();
  if (toWorker) {
    releaseLease(item.id);
    // A mail's worker was woken by leaveToWorker when the line is busy, and is not while the
    // provider is down: the worker's own tick is the only try into an outage (decision 0100).
    if (item.channel === "text") wakeOutbox();
    return { status: "queued" };
  }
  const limit = waitMs ?? SEND_LIMIT_MS;
  const waited: Transports = { mail: withTimeout(transport, limit), text: withTimeout(texts, limit) };
  const result = await attempt([item], item.channel, waited, now, { final });
  const link = result.links.get(item.id);
  for (const next of result.followUps) {
    if (next.channel === "mail" && leaveToWorker()) continue;
    const [leased] = leaseDueMails(now, 1, next.id);
    if (leased) await attempt([leased], leased.channel, waited, now);
  }
  const twin = item.channel === "mail" ? textTwinOf(item) : undefined;
  const text = twin && (await textNow(twin, { texts, now, waitMs }));
  const also = text ? { text } : {};
  if (result.failed !== null)
    return { status: result.timedOut ? "timeout" : "failed", reason: result.failed, link, ...also };
  const refused = result.refused.get(item.id);
  if (refused !== undefined) return { status: "failed", reason: refused, link, ...also };
  if (!result.sent) return { status: "skipped", link, ...also };
  return { status: waited[item.channel].delivers ? "sent" : "unsent", link, ...also };
}

/** One attempt at this text right away (a request just stored it), and what became of it. */
async function textNow(
  text: OutboxItem,
  options: { texts?: TextTransport; now?: Date; waitMs?: number } = {},
): Promise<TextOutcome> {
  return { to: text.recipient, status: (await deliverNow(text.id, options)).status };
}

/** The text stored beside this mail (the same news about the same thing), if one waits. */
function textTwinOf(mail: OutboxItem): OutboxItem | undefined {
  const about = {
    leadId: mail.leadId ?? undefined,
    proposalId: mail.proposalId ?? undefined,
    reviewRequestId: mail.reviewRequestId ?? undefined,
    visitId: mail.visitId ?? undefined,
    invoiceId: mail.invoiceId ?? undefined,
    paymentId: mail.paymentId ?? undefined,
  };
  const twin = about.leadId === undefined ? undefined : findMail(mail.kind, about, "text");
  return twin?.state === "pending" ? twin : undefined;
}

/**
 * While every waiting mail (or text) is in its backoff, the one whose wait ends first is
 * tried early, without counting the try: when the provider answers again, the whole backlog
 * of its channel becomes due at once instead of waiting out hours of backoff.
 */
async function probeProvider(channel: Channel, all: Transports, now: Date): Promise<boolean> {
  const probe = leaseProbe(now, channel === "text" ? RETRYING_TEXT_KINDS : RETRYING_KINDS, channel);
  if (!probe) return false;
  const result = await attempt([probe], channel, all, now, { probe: true });
  // Taken, or refused for itself: either way the provider answers again.
  if (result.failed !== null || (!result.sent && !result.refused.size)) return false;
  endBackoffs(now, channel);
  return true;
}

/**
 * How many texts one attempt holds: as many as go out in a quarter of the send limit at the
 * number's rate (Twilio takes one a call), so a batch never outlasts its lease.
 */
const textBatchLimit = () => Math.max(1, Math.min(BATCH_LIMIT, Math.floor(SEND_LIMIT_MS / 4 / textGapMs())));

/**
 * Every mail or text of one channel that is due, batch after batch for as long as the
 * provider takes them (a backlog of hundreds of mails goes out in a few requests); the first
 * refusal ends the run and leaves the rest to their backoff.
 */
async function drain(channel: Channel, all: Transports, now: Date) {
  const limit = channel === "text" ? textBatchLimit() : BATCH_LIMIT;
  let batch = leaseDueMails(now, limit, undefined, channel);
  if (!batch.length) {
    if (!(await probeProvider(channel, all, now))) return;
    batch = leaseDueMails(now, limit, undefined, channel);
  }
  while (batch.length) {
    if ((await attempt(batch, channel, all, now)).failed !== null) return;
    batch = leaseDueMails(now, limit, undefined, channel);
  }
}

/** Every mail and every text that is due: the two channels side by side, each at its provider's pace. */
export async function processOutbox(
  provider: MailTransport = mailTransport(),
  now = new Date(),
  texts: TextTransport = textTransport(),
) {
  const all: Transports = { mail: withTimeout(provider, SEND_LIMIT_MS), text: withTimeout(texts, SEND_LIMIT_MS) };
  await Promise.all([drain("mail", all, now), drain("text", all, now)]);
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
