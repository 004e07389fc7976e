import type { Lead } from "~/db/schema";
import type { ContactSettings } from "~/lib/contact-settings";
import { nextAttemptAt } from "~/lib/mail-retry";
import { addressLine, PREFERRED_CONTACT } from "~/lib/contact-form";
import { siteOrigin } from "~/server/origin.server";
import { endBackoffs, leaseBackoffCanary, leaseDueNotifications, leaseNotification, recordAutoreplies, recordNotificationFailure, recordNotificationsSent, returnCanary } from "~/models/lead-mail.server";
import { getLead } from "~/models/lead.server";
import { photoCounts } from "~/models/lead-photo.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { BATCH_LIMIT, mailTransport, type Mail, type MailTransport } from "~/server/mail.server";
import { repeatInBackground } from "~/server/background.server";

// While one attempt runs, the row is leased for this long, so the retry loop does not
// send it twice; if the process dies mid-send, the lease runs out and it is retried.
const LEASE_MS = 5 * 60_000;
const PAUSE_BETWEEN_BATCHES_MS = 1000;
const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS);
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const notGiven = "(not given)";

function notificationText(m: Lead, photos: number): string {
  return [
    "A new message came in through the website's contact form.",
    "",
    `Name:  ${m.name}`,
    `Email: ${m.email || notGiven}`,
    `Phone: ${m.phone ?? notGiven}`,
    `Work:  ${m.service ?? notGiven}`,
    `Address: ${addressLine(m) || notGiven}`,
    `Best way to reach: ${m.preferredContact ? PREFERRED_CONTACT[m.preferredContact] : notGiven}`,
    `Photos: ${photos}`,
    "",
    "Message:",
    m.message,
    "",
    // The photos are private: the link asks staff to sign in. Only in this mail, never the visitor's.
    `See it in the admin${photos ? " (with the photos)" : ""}: ${siteOrigin()}/admin/messages/${m.id}`,
    "",
    "Reply to this email to answer the visitor directly.",
  ].join("\n");
}

/** What a mail handed to this transport became: delivered, or only printed (mail not set up). */
const outcome = (transport: MailTransport) => (transport.delivers ? "sent" : "unsent");

function notificationMail(m: Lead, settings: ContactSettings, company: string, photos = 0): Mail {
  // A lead staff wrote down may have no email (stored as ""): then there is nobody to reply to.
  return { to: settings.notificationEmail, toName: company, fromName: company, replyTo: m.email || undefined, subject: m.subject, text: notificationText(m, photos) };
}

function autoreplyMail(m: Lead, settings: ContactSettings, company: string): Mail {
  // Only ever to the one address this visitor typed, never a list.
  return { to: m.email, toName: m.name, fromName: company, subject: settings.autoresponderSubject, text: settings.autoresponderMessage };
}

/**
 * One attempt at the owner's notification and, once it has gone, the visitor's
 * autoresponder, right after the visitor sent the form (or the owner asked to resend).
 * The message itself is already stored: nothing here can lose it.
 */
export async function deliverContactMessage(id: number, transport: MailTransport = mailTransport(), now = new Date()) {
  const message = leaseNotification(id, now, leaseEnd(now));
  if (message) {
    await deliverBatch([message], transport, now);
    return;
  }
  // Not ours to send (done, or another attempt has it); a requeued autoresponder may be.
  const done = getLead(id);
  if (done?.notifyStatus === "sent" && done.autoreplyStatus === "pending") {
    await sendAutoreplies([done], transport, getSetting("contact"), getBusinessFacts().company);
  }
}

/**
 * One batch of notifications (one request to the provider), then their autoresponders.
 * Returns false when the provider refused: each keeps its place in the backoff.
 */
async function deliverBatch(messages: Lead[], transport: MailTransport, now: Date): Promise<boolean> {
  const facts = getBusinessFacts();
  const settings = getSetting("contact");
  try {
    const photos = photoCounts(messages.map((m) => m.id));
    await transport.sendBatch(messages.map((m) => notificationMail(m, settings, facts.company, photos.get(m.id))));
  } catch (error) {
    const reason = reasonOf(error);
    console.error(`Contact notifications ${messages.map((m) => m.id).join(", ")}: attempt failed: ${reason}`);
    for (const m of messages) recordNotificationFailure(m.id, m.notifyAttempts + 1, nextAttemptAt(m.notifyAttempts + 1, now), reason);
    return false;
  }
  recordNotificationsSent(messages, outcome(transport));
  await sendAutoreplies(messages.filter((m) => m.autoreplyStatus === "pending"), transport, settings, facts.company);
  return true;
}

async function sendAutoreplies(waiting: Lead[], transport: MailTransport, settings: ContactSettings, company: string) {
  // Without an email (a lead written down from a call stores "") there is nobody to answer.
  const noEmail = waiting.filter((m) => !m.email).map((m) => m.id);
  if (noEmail.length) recordAutoreplies(noEmail, { status: "skipped" });
  const messages = waiting.filter((m) => m.email);
  if (!messages.length) return;
  const ids = messages.map((m) => m.id);
  if (!settings.autoresponderEnabled) {
    recordAutoreplies(ids, { status: "skipped" });
    return;
  }
  try {
    await transport.sendBatch(messages.map((m) => autoreplyMail(m, settings, company)));
    recordAutoreplies(ids, { status: outcome(transport) });
  } catch (error) {
    // The spec: an autoresponder failure is only logged.
    const reason = reasonOf(error);
    console.error(`Contact messages ${ids.join(", ")}: autoresponder failed: ${reason}`);
    recordAutoreplies(ids, { status: "failed", reason });
  }
}

/**
 * While every waiting notification is in its backoff, one of them is tried early, without
 * counting the try: when the provider answers again, the whole backlog becomes due at once
 * instead of waiting out hours of backoff.
 */
async function probeProvider(transport: MailTransport, now: Date): Promise<boolean> {
  const canary = leaseBackoffCanary(now, leaseEnd(now));
  if (!canary) return false;
  const settings = getSetting("contact");
  const facts = getBusinessFacts();
  try {
    await transport.sendBatch([notificationMail(canary, settings, facts.company, photoCounts([canary.id]).get(canary.id))]);
  } catch {
    returnCanary(canary);
    return false;
  }
  recordNotificationsSent([canary], outcome(transport));
  await sendAutoreplies(canary.autoreplyStatus === "pending" ? [canary] : [], transport, settings, facts.company);
  endBackoffs(now);
  return true;
}

/**
 * Every notification that is due, batch after batch for as long as the provider takes
 * them (a backlog of hundreds goes out in a few requests); the first refusal ends the run
 * and leaves the rest to their backoff.
 */
export async function processMailQueue(transport: MailTransport = mailTransport(), now = new Date()) {
  let batch = leaseDueNotifications(now, leaseEnd(now), BATCH_LIMIT);
  if (!batch.length) {
    if (!(await probeProvider(transport, now))) return;
    batch = leaseDueNotifications(now, leaseEnd(now), BATCH_LIMIT);
  }
  while (batch.length) {
    if (!(await deliverBatch(batch, transport, now))) return;
    batch = leaseDueNotifications(now, leaseEnd(now), BATCH_LIMIT);
    // Resend allows 2 requests a second by default; each batch takes two (notifications,
    // then autoresponders). 400 waiting messages still go out in about 4 seconds.
    if (batch.length) await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_BATCHES_MS));
  }
}

/** Retries survive restarts: their state is in the database, and this loop picks them up. */
export function startMailQueue(intervalMs = 30_000) {
  repeatInBackground("Mail queue", intervalMs, () => processMailQueue());
}
