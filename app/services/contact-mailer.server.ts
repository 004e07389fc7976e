import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import type { ContactSettings } from "~/lib/contact-settings";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { BATCH_LIMIT, mailTransport, type Mail, type MailTransport } from "~/server/mail.server";
import { nextAttemptAt } from "~/lib/mail-retry";

// While one attempt runs, the row is leased for this long, so the retry loop does not
// send it twice; if the process dies mid-send, the lease runs out and it is retried.
const LEASE_MS = 5 * 60_000;
const PAUSE_BETWEEN_BATCHES_MS = 1000;

const pending = eq(contactMessages.notifyStatus, "pending");
const dueBy = (now: Date) => or(isNull(contactMessages.notifyNextAttemptAt), lte(contactMessages.notifyNextAttemptAt, now));

function notificationText(m: ContactMessage): string {
  return [
    "A new message came in through the website's contact form.",
    "",
    `Name:  ${m.name}`,
    `Email: ${m.email}`,
    `Phone: ${m.phone ?? "(not given)"}`,
    "",
    "Message:",
    m.message,
    "",
    "Reply to this email to answer the visitor directly.",
  ].join("\n");
}

function notificationMail(m: ContactMessage, settings: ContactSettings, company: string): Mail {
  return { to: settings.notificationEmail, toName: company, fromName: company, replyTo: m.email, subject: m.subject, text: notificationText(m) };
}

function autoreplyMail(m: ContactMessage, settings: ContactSettings, company: string): Mail {
  // Only ever to the one address this visitor typed, never a list.
  return { to: m.email, toName: m.name, fromName: company, subject: settings.autoresponderSubject, text: settings.autoresponderMessage };
}

/**
 * One attempt at the owner's notification and, once it has gone, the visitor's
 * autoresponder, right after the visitor sent the form (or the owner asked to resend).
 * The message itself is already stored: nothing here can lose it.
 */
export async function deliverContactMessage(id: number, transport: MailTransport = mailTransport(), now = new Date()) {
  const message = getDb()
    .update(contactMessages)
    .set({ notifyNextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(contactMessages.id, id), pending, dueBy(now)))
    .returning()
    .get();
  if (message) {
    await deliverBatch([message], transport, now);
    return;
  }
  // Not ours to send (done, or another attempt has it); a requeued autoresponder may be.
  const done = getDb().select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (done?.notifyStatus === "sent" && done.autoreplyStatus === "pending") {
    await sendAutoreplies([done], transport, getSetting("contact"), getBusinessFacts().company);
  }
}

/** Takes up to `limit` due notifications for one attempt: leased, so no one else sends them. */
function leaseDue(now: Date, limit: number): ContactMessage[] {
  return getDb().transaction((tx) => {
    const due = tx.select().from(contactMessages).where(and(pending, dueBy(now))).orderBy(asc(contactMessages.id)).limit(limit).all();
    if (due.length) {
      tx.update(contactMessages)
        .set({ notifyNextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(contactMessages.id, due.map((m) => m.id)))
        .run();
    }
    return due;
  });
}

/**
 * One batch of notifications (one request to the provider), then their autoresponders.
 * Returns false when the provider refused: each keeps its place in the backoff.
 */
async function deliverBatch(messages: ContactMessage[], transport: MailTransport, now: Date): Promise<boolean> {
  const db = getDb();
  const facts = getBusinessFacts();
  const settings = getSetting("contact");
  try {
    await transport.sendBatch(messages.map((m) => notificationMail(m, settings, facts.company)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Contact notifications ${messages.map((m) => m.id).join(", ")}: attempt failed: ${reason}`);
    for (const m of messages) {
      const attempts = m.notifyAttempts + 1;
      const next = nextAttemptAt(attempts, now);
      db.update(contactMessages)
        .set({ notifyStatus: next ? "pending" : "failed", notifyAttempts: attempts, notifyLastError: reason.slice(0, 500), notifyNextAttemptAt: next })
        .where(eq(contactMessages.id, m.id))
        .run();
    }
    return false;
  }
  db.transaction((tx) => {
    for (const m of messages) {
      tx.update(contactMessages)
        .set({ notifyStatus: "sent", notifyAttempts: m.notifyAttempts + 1, notifyLastError: null, notifyNextAttemptAt: null })
        .where(eq(contactMessages.id, m.id))
        .run();
    }
  });
  await sendAutoreplies(messages.filter((m) => m.autoreplyStatus === "pending"), transport, settings, facts.company);
  return true;
}

async function sendAutoreplies(messages: ContactMessage[], transport: MailTransport, settings: ContactSettings, company: string) {
  if (!messages.length) return;
  const ids = inArray(contactMessages.id, messages.map((m) => m.id));
  const db = getDb();
  if (!settings.autoresponderEnabled) {
    db.update(contactMessages).set({ autoreplyStatus: "skipped" }).where(ids).run();
    return;
  }
  try {
    await transport.sendBatch(messages.map((m) => autoreplyMail(m, settings, company)));
    db.update(contactMessages).set({ autoreplyStatus: "sent", autoreplyAttempts: sql`${contactMessages.autoreplyAttempts} + 1` }).where(ids).run();
  } catch (error) {
    // The spec: an autoresponder failure is only logged.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Contact messages ${messages.map((m) => m.id).join(", ")}: autoresponder failed: ${reason}`);
    db.update(contactMessages)
      .set({ autoreplyStatus: "failed", autoreplyAttempts: sql`${contactMessages.autoreplyAttempts} + 1`, autoreplyLastError: reason.slice(0, 500) })
      .where(ids)
      .run();
  }
}

/**
 * While every waiting notification is in its backoff, one of them is tried early, without
 * counting the try: when the provider answers again, the whole backlog becomes due at once
 * instead of waiting out hours of backoff.
 */
async function probeProvider(transport: MailTransport, now: Date): Promise<boolean> {
  const db = getDb();
  const canary = db
    .select()
    .from(contactMessages)
    .where(and(pending, isNotNull(contactMessages.notifyLastError), gt(contactMessages.notifyNextAttemptAt, now)))
    .orderBy(asc(contactMessages.notifyNextAttemptAt))
    .limit(1)
    .get();
  if (!canary) return false;
  const leased = db
    .update(contactMessages)
    .set({ notifyNextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(contactMessages.id, canary.id), pending, eq(contactMessages.notifyNextAttemptAt, canary.notifyNextAttemptAt!)))
    .run().changes;
  if (!leased) return false;
  const settings = getSetting("contact");
  const facts = getBusinessFacts();
  try {
    await transport.sendBatch([notificationMail(canary, settings, facts.company)]);
  } catch {
    db.update(contactMessages).set({ notifyNextAttemptAt: canary.notifyNextAttemptAt }).where(eq(contactMessages.id, canary.id)).run();
    return false;
  }
  db.update(contactMessages)
    .set({ notifyStatus: "sent", notifyAttempts: canary.notifyAttempts + 1, notifyLastError: null, notifyNextAttemptAt: null })
    .where(eq(contactMessages.id, canary.id))
    .run();
  await sendAutoreplies(canary.autoreplyStatus === "pending" ? [canary] : [], transport, settings, facts.company);
  // The provider is back: everything still waiting out a failure is due now.
  db.update(contactMessages)
    .set({ notifyNextAttemptAt: null })
    .where(and(pending, isNotNull(contactMessages.notifyLastError), gt(contactMessages.notifyNextAttemptAt, now)))
    .run();
  return true;
}

/**
 * Every notification that is due, batch after batch for as long as the provider takes
 * them (a backlog of hundreds goes out in a few requests); the first refusal ends the run
 * and leaves the rest to their backoff.
 */
export async function processMailQueue(transport: MailTransport = mailTransport(), now = new Date()) {
  let batch = leaseDue(now, BATCH_LIMIT);
  if (!batch.length) {
    if (!(await probeProvider(transport, now))) return;
    batch = leaseDue(now, BATCH_LIMIT);
  }
  while (batch.length) {
    if (!(await deliverBatch(batch, transport, now))) return;
    batch = leaseDue(now, BATCH_LIMIT);
    // Resend allows 2 requests a second by default; each batch takes two (notifications,
    // then autoresponders). 400 waiting messages still go out in about 4 seconds.
    if (batch.length) await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_BATCHES_MS));
  }
}

const globalQueue = globalThis as unknown as { __mailQueue?: NodeJS.Timeout };

/** Retries survive restarts: their state is in the database, and this loop picks them up. */
export function startMailQueue(intervalMs = 30_000) {
  if (globalQueue.__mailQueue) return;
  const tick = () => processMailQueue().catch((error) => console.error("Mail queue failed:", error));
  globalQueue.__mailQueue = setInterval(tick, intervalMs);
  globalQueue.__mailQueue.unref();
  void tick();
}
