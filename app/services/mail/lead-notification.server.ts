import { href } from "react-router";
import type { Lead } from "~/db/schema";
import { leadAddressLine } from "~/lib/address";
import { formatPhone } from "~/lib/business";
import { PREFERRED_CONTACT } from "~/lib/contact-form";
import { newLeadSubject } from "~/lib/lead-notification";
import { getLead } from "~/models/lead.server";
import { photoCounts } from "~/models/lead-photo.server";
import { enqueueMail, findMail } from "~/models/outbox.server";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { siteOrigin } from "~/server/origin.server";
import type { MailKind } from "./mail-kind.server";

const notGiven = "(not given)";

function notificationText(m: Lead, photos: number): string {
  return [
    "A new message came in through the website's contact form.",
    "",
    `Name:  ${m.name}`,
    `Email: ${m.email || notGiven}`,
    `Phone: ${m.phone ? formatPhone(m.phone) : notGiven}`,
    `Work:  ${m.service ?? notGiven}`,
    `Address: ${leadAddressLine(m) || notGiven}`,
    `Best way to reach: ${m.preferredContact ? PREFERRED_CONTACT[m.preferredContact] : notGiven}`,
    `Photos: ${photos}`,
    "",
    "Message:",
    m.message,
    "",
    // The photos are private: the link asks staff to sign in. Only in this mail, never the visitor's.
    `See it in the admin${photos ? " (with the photos)" : ""}: ${siteOrigin()}${href("/admin/leads/:id", { id: String(m.id) })}`,
    "",
    // The quote form takes a phone alone (lib/contact-schema.ts): then there is no address to answer.
    m.email ? "Reply to this email to answer the visitor directly." : "No email was given: call or text them.",
  ].join("\n");
}

/** The owner's mail when a quote request comes in (decision 0006: the lead is stored first). */
export const leadNotification: MailKind = {
  retries: true,
  compose(item) {
    const lead = item.leadId === null ? undefined : getLead(item.leadId);
    if (!lead) return null;
    const { company } = getBusinessFacts();
    const photos = photoCounts([lead.id]).get(lead.id) ?? 0;
    // A lead staff wrote down may have no email (stored as ""): then there is nobody to reply to.
    return {
      mail: {
        to: getSetting("contact").notificationEmail,
        toName: company,
        fromName: company,
        replyTo: lead.email || undefined,
        subject: newLeadSubject(lead),
        text: notificationText(lead, photos),
      },
    };
  },
  // The visitor's auto-reply goes once the owner has been told, and only once.
  afterSent(item, now) {
    if (item.leadId === null || findMail("lead-autoreply", { leadId: item.leadId })) return undefined;
    return enqueueMail(
      { kind: "lead-autoreply", leadId: item.leadId, recipient: getLead(item.leadId)?.email ?? "" },
      now,
    );
  },
};
