import { digestDayDue, digestMail, digestOf, isEmptyDigest } from "~/lib/lead-digest";
import { listWaitingLeads } from "~/models/lead.server";
import { changeSetting, getBusinessFacts, getSetting } from "~/models/settings.server";
import { mailTransport, type MailTransport } from "~/server/mail.server";
import { siteOrigin } from "~/server/origin.server";
import { repeatInBackground } from "~/server/background.server";

export type DigestOutcome = "not due" | "nothing waiting" | "sent";

/**
 * The owner's daily summary of waiting leads (contact settings), when it is due: one mail
 * to the notification address, at most one a Kansas day. The day is marked as done before
 * the mail goes, so a second tick or a restart never sends it again; a refused mail gives
 * the day back for the next tick to try. With nothing waiting, the day is done, unmailed.
 */
export async function sendLeadDigest(transport: MailTransport = mailTransport(), now = new Date()): Promise<DigestOutcome> {
  const settings = getSetting("contact");
  const { lastSentOn } = getSetting("digest");
  const day = digestDayDue(settings, lastSentOn, now);
  // Taken only if no one took it since it was read (decision 0021).
  if (!day || !changeSetting("digest", (state) => (state.lastSentOn === lastSentOn ? { lastSentOn: day } : null))) return "not due";
  const digest = digestOf(listWaitingLeads(day), day);
  if (isEmptyDigest(digest)) return "nothing waiting";
  const { company } = getBusinessFacts();
  try {
    await transport.sendBatch([
      { to: settings.notificationEmail, toName: company, fromName: company, ...digestMail(digest, siteOrigin(), settings.digestHour) },
    ]);
  } catch (error) {
    changeSetting("digest", (state) => (state.lastSentOn === day ? { lastSentOn } : null));
    throw error;
  }
  return "sent";
}

/** Looks every few minutes whether the day's summary is due; it costs two settings reads when not. */
export function startLeadDigest(intervalMs = 5 * 60_000) {
  repeatInBackground("Daily lead summary", intervalMs, async () => {
    if ((await sendLeadDigest()) === "sent") console.log("Daily lead summary: sent.");
  });
}
