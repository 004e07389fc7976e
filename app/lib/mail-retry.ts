/** Where each mail of a contact message stands. */
// "unsent": handed to the stand-in transport used while mail is not set up (printed to the
// server log, never delivered). Final: configuring mail later does not send old ones.
export const MAIL_STATES = ["pending", "sent", "failed", "skipped", "unsent"] as const;
export type MailState = (typeof MAIL_STATES)[number];

/** Minutes to wait before each retry of a notification that failed. */
export const RETRY_DELAYS_MINUTES = [1, 5, 30, 120, 360] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** When to try again after `attempts` failed tries, or null once they are used up. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MINUTES[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 60_000);
}
