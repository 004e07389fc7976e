import type { Proposal } from "~/db/schema";
import { nextAttemptAt } from "~/lib/mail-retry";
import { formatCents } from "~/lib/money-format";
import { formatMoment, type ProposalContent } from "~/lib/proposal";
import { leaseDueProposalNotices, leaseProposalNotice, recordProposalNotice } from "~/models/proposal.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { repeatInBackground } from "~/server/background.server";
import { BATCH_LIMIT, mailTransport, type Mail, type MailTransport } from "~/server/mail.server";
import { siteOrigin } from "~/server/origin.server";

// As the contact notifications (contact-mailer.server.ts): leased while an attempt runs, so
// the loop never sends one twice; a process that dies mid-send leaves it to the next run.
const LEASE_MS = 5 * 60_000;
const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS);

/** The owner's mail when a homeowner accepts a proposal. */
export function acceptanceMail(p: Proposal, notificationEmail: string, company: string): Mail {
  const content = p.content as ProposalContent;
  const total = formatCents(content.totalCents);
  return {
    to: notificationEmail,
    toName: company,
    fromName: company,
    replyTo: content.customer.email || undefined,
    subject: `Proposal accepted: ${content.customer.name}, ${total}`,
    text: [
      `${content.customer.name} accepted your proposal through the link.`,
      "",
      `Total:        ${total}`,
      `Address:      ${content.customer.address || "(not given)"}`,
      `Typed name:   ${p.acceptedName ?? ""}`,
      `Accepted at:  ${p.acceptedAt ? formatMoment(p.acceptedAt) : ""} (Kansas time)`,
      `From address: ${p.acceptedIp ?? ""}`,
      `Phone:        ${content.customer.phone || "(not given)"}`,
      "",
      `The lead is marked Won: ${siteOrigin()}/admin/messages/${p.leadId}`,
    ].join("\n"),
  };
}

async function deliver(due: Proposal[], transport: MailTransport, now: Date): Promise<boolean> {
  const { notificationEmail } = getSetting("contact");
  const { company } = getBusinessFacts();
  try {
    await transport.sendBatch(due.map((p) => acceptanceMail(p, notificationEmail, company)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Proposal acceptance mails ${due.map((p) => p.id).join(", ")}: attempt failed: ${reason}`);
    for (const p of due) recordProposalNotice(p.id, p.notifyAttempts + 1, { status: "retry", next: nextAttemptAt(p.notifyAttempts + 1, now), reason });
    return false;
  }
  for (const p of due) recordProposalNotice(p.id, p.notifyAttempts + 1, { status: transport.delivers ? "sent" : "unsent" });
  return true;
}

/** One attempt right after the homeowner accepted; the acceptance is already stored. */
export async function deliverProposalNotice(id: number, transport: MailTransport = mailTransport(), now = new Date()) {
  const proposal = leaseProposalNotice(id, now, leaseEnd(now));
  if (proposal) await deliver([proposal], transport, now);
}

/** Every due owner mail, batch after batch, until the provider refuses one (the rest wait their backoff). */
export async function processProposalNotices(transport: MailTransport = mailTransport(), now = new Date()) {
  for (let batch = leaseDueProposalNotices(now, leaseEnd(now), BATCH_LIMIT); batch.length; batch = leaseDueProposalNotices(now, leaseEnd(now), BATCH_LIMIT)) {
    if (!(await deliver(batch, transport, now))) return;
  }
}

/** Retries survive restarts: the state is in the proposals table, and this loop picks it up. */
export function startProposalNotices(intervalMs = 30_000) {
  repeatInBackground("Proposal acceptance mail", intervalMs, () => processProposalNotices());
}
