import { stripeEvents } from "~/db/schema";
import { getDb } from "~/server/db.server";

/**
 * Stripe events already handled, by Stripe's event id. Stripe delivers an
 * event at least once, so the same one may come twice: only the first is acted on.
 */

/**
 * Notes the event as handled; false when it already was (then nothing is to be done).
 * Call it inside the transaction that acts on the event, so a failure forgets it again
 * and Stripe's next delivery is acted on.
 */
export function claimStripeEvent(id: string, type: string, now = new Date()): boolean {
  const inserted = getDb()
    .insert(stripeEvents)
    .values({ id, type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
    .all();
  return inserted.length > 0;
}
