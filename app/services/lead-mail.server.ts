import type { LeadMails } from "~/lib/outbox";
import { findMail, listMails, mailView, requeueFailedMails } from "~/models/outbox.server";
import { mailTransport, type MailTransport } from "~/server/mail.server";
import { textTransport, type TextTransport } from "~/server/texts.server";
import { deliverNow } from "~/services/outbox.server";

/** A website lead's two mails: the owner's notification, then the visitor's auto-reply. */
const LEAD_MAIL_KINDS = ["lead-notification", "lead-autoreply"] as const;

/** Where each lead's two mails stand, for its row and its page (none: never mailed, a lead staff added). */
export function leadMails(leadIds: number[]): Map<number, LeadMails> {
  const byLead = new Map<number, LeadMails>(leadIds.map((id) => [id, { notification: null, autoreply: null }]));
  // Oldest first: a later mail of the same kind (none today) would win.
  for (const m of listMails(LEAD_MAIL_KINDS, { leadIds })) {
    const mails = byLead.get(m.leadId!)!;
    mails[m.kind === "lead-notification" ? "notification" : "autoreply"] = mailView(m);
  }
  return byLead;
}

/**
 * One attempt at a new lead's notification right after it was stored (and at the
 * auto-reply once it went); anything that fails is left to the outbox's retries.
 */
export async function mailNewLead(
  leadId: number,
  transport: MailTransport = mailTransport(),
  now = new Date(),
  texts: TextTransport = textTransport(),
) {
  const notification = findMail("lead-notification", { leadId });
  if (notification) await deliverNow(notification.id, { transport, now });
  // "We got your request" by text, to a homeowner who takes texts.
  const text = findMail("lead-autoreply", { leadId }, "text");
  if (text) await deliverNow(text.id, { texts, now });
}

/**
 * "Resend failed mail": the lead's failed mails go back in line with a fresh set of
 * retries and are tried at once. False when nothing had failed; else whether all went.
 */
export async function resendFailedLeadMails(
  leadId: number,
  transport: MailTransport = mailTransport(),
  now = new Date(),
): Promise<{ sent: boolean } | false> {
  if (!requeueFailedMails(LEAD_MAIL_KINDS, leadId)) return false;
  for (const kind of LEAD_MAIL_KINDS) {
    const mail = findMail(kind, { leadId });
    if (mail?.state === "pending") await deliverNow(mail.id, { transport, now });
  }
  const after = leadMails([leadId]).get(leadId)!;
  return { sent: after.notification?.state === "sent" && after.autoreply?.state !== "failed" };
}
