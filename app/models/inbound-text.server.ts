import { and, desc, eq, isNotNull, isNull, like } from "drizzle-orm";
import { inboundTexts, leads, textOptOuts } from "~/db/schema";
import { textNumber } from "~/lib/texts";
import { getDb } from "~/server/db.server";

/**
 * What texts coming in change: the ids already received (a webhook replayed changes nothing),
 * the numbers that said STOP, and which lead a number belongs to.
 */

/** Keeps this message's id; false when it came before (Twilio's retry, or a replay). Call inside a transaction. */
export function claimInboundText(messageSid: string, phone: string, now: Date): boolean {
  return (
    getDb().insert(inboundTexts).values({ messageSid, phone, receivedAt: now }).onConflictDoNothing().run().changes ===
    1
  );
}

/** The lead this message ended up on (for the record of what came in). */
export function setInboundLead(messageSid: string, leadId: number) {
  getDb().update(inboundTexts).set({ leadId }).where(eq(inboundTexts.messageSid, messageSid)).run();
}

export function optOut(phone: string, now: Date) {
  getDb()
    .insert(textOptOuts)
    .values({ phone, optedOutAt: now })
    .onConflictDoUpdate({ target: textOptOuts.phone, set: { optedOutAt: now } })
    .run();
}

export function optIn(phone: string) {
  getDb().delete(textOptOuts).where(eq(textOptOuts.phone, phone)).run();
}

/**
 * Every lead whose phone is this number however it was typed, newest first, open ones before
 * archived. Numbers are stored as typed: the last four digits narrow the search in SQL.
 */
export function leadsWithNumber(phone: string) {
  const lastFour = phone.slice(-4);
  const rows = getDb()
    .select({ id: leads.id, name: leads.name, phone: leads.phone, archivedAt: leads.archivedAt })
    .from(leads)
    .where(and(isNotNull(leads.phone), like(leads.phone, `%${lastFour.slice(0, 2)}%${lastFour.slice(2)}%`)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .all()
    .filter((lead) => textNumber(lead.phone) === phone);
  return [...rows.filter((l) => !l.archivedAt), ...rows.filter((l) => l.archivedAt)];
}

/** A reply came in: the dashboard shows the lead as "new reply" until someone opens it. */
export function markReplied(leadId: number, now: Date) {
  getDb().update(leads).set({ unreadReplyAt: now }).where(eq(leads.id, leadId)).run();
}

/** START from the number: it agrees to texts again, on every lead of that number that had not agreed. */
export function agreeToTexts(leadIds: number[], now: Date) {
  for (const id of leadIds)
    getDb()
      .update(leads)
      .set({ textConsentAt: now })
      .where(and(eq(leads.id, id), isNull(leads.textConsentAt)))
      .run();
}
