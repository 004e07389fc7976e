import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { getDb } from "~/server/db.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import type { ContactSettings } from "~/lib/contact-settings";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { mailTransport, type MailTransport } from "./mail.server";
import { nextAttemptAt } from "./mail-retry";

// While one attempt runs, the row is leased for this long, so the retry loop does not
// send it twice; if the process dies mid-send, the lease runs out and it is retried.
const LEASE_MS = 5 * 60_000;

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

/** Takes the row for one attempt; false when another attempt has it or it is done. */
function lease(id: number, now: Date): boolean {
  return (
    getDb()
      .update(contactMessages)
      .set({ notifyNextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(contactMessages.id, id),
          eq(contactMessages.notifyStatus, "pending"),
          or(isNull(contactMessages.notifyNextAttemptAt), lte(contactMessages.notifyNextAttemptAt, now)),
        ),
      )
      .run().changes > 0
  );
}

/**
 * One attempt at the owner's notification and, once it has gone, the visitor's
 * autoresponder. The message itself is already stored: nothing here can lose it.
 */
export async function deliverContactMessage(id: number, transport: MailTransport = mailTransport(), now = new Date()) {
  if (!lease(id, now)) return retryAutoreply(id, transport);
  const db = getDb();
  const message = db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (!message) return;
  const facts = getBusinessFacts();
  const settings = getSetting("contact");
  const attempts = message.notifyAttempts + 1;
  try {
    await transport.send({
      to: settings.notificationEmail,
      toName: facts.company,
      fromName: facts.company,
      replyTo: message.email,
      subject: message.subject,
      text: notificationText(message),
    });
    db.update(contactMessages)
      .set({ notifyStatus: "sent", notifyAttempts: attempts, notifyLastError: null, notifyNextAttemptAt: null })
      .where(eq(contactMessages.id, id))
      .run();
  } catch (error) {
    const next = nextAttemptAt(attempts, now);
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Contact message ${id}: notification attempt ${attempts} failed: ${reason}`);
    db.update(contactMessages)
      .set({ notifyStatus: next ? "pending" : "failed", notifyAttempts: attempts, notifyLastError: reason.slice(0, 500), notifyNextAttemptAt: next })
      .where(eq(contactMessages.id, id))
      .run();
    return;
  }
  await sendAutoreply(message, transport, settings, facts.company);
}

/** A requeued autoresponder whose notification went out earlier. */
async function retryAutoreply(id: number, transport: MailTransport) {
  const message = getDb().select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (message?.notifyStatus !== "sent" || message.autoreplyStatus !== "pending") return;
  await sendAutoreply(message, transport, getSetting("contact"), getBusinessFacts().company);
}

async function sendAutoreply(
  message: ContactMessage,
  transport: MailTransport,
  settings: ContactSettings,
  company: string,
) {
  const db = getDb();
  if (message.autoreplyStatus !== "pending") return;
  if (!settings.autoresponderEnabled) {
    db.update(contactMessages).set({ autoreplyStatus: "skipped" }).where(eq(contactMessages.id, message.id)).run();
    return;
  }
  try {
    // Only ever to the one address this visitor typed, never a list.
    await transport.send({
      to: message.email,
      toName: message.name,
      fromName: company,
      subject: settings.autoresponderSubject,
      text: settings.autoresponderMessage,
    });
    db.update(contactMessages)
      .set({ autoreplyStatus: "sent", autoreplyAttempts: message.autoreplyAttempts + 1 })
      .where(eq(contactMessages.id, message.id))
      .run();
  } catch (error) {
    // The spec: an autoresponder failure is only logged.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Contact message ${message.id}: autoresponder failed: ${reason}`);
    db.update(contactMessages)
      .set({ autoreplyStatus: "failed", autoreplyAttempts: message.autoreplyAttempts + 1, autoreplyLastError: reason.slice(0, 500) })
      .where(eq(contactMessages.id, message.id))
      .run();
  }
}

/** Every notification that is due: new ones and retries whose wait is over. */
export async function processMailQueue(transport: MailTransport = mailTransport(), now = new Date()) {
  const due = getDb()
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.notifyStatus, "pending"),
        or(isNull(contactMessages.notifyNextAttemptAt), lte(contactMessages.notifyNextAttemptAt, now)),
      ),
    )
    .orderBy(asc(contactMessages.id))
    .limit(20)
    .all();
  for (const { id } of due) await deliverContactMessage(id, transport, now);
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
