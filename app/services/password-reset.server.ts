import { resetLinkExpiry, resetLinkState } from "~/lib/password-reset";
import { enqueuePasswordResetMail } from "~/models/outbox.server";
import { createPasswordReset, findResetByHash, redeemPasswordReset } from "~/models/password-reset.server";
import { getUserByEmail, getUserById, normalizeEmail } from "~/models/user.server";
import { inTransaction } from "~/server/db.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { MAIL_WAIT_MS, mailTransport, type MailTransport } from "~/server/mail.server";
import { hashPassword } from "~/server/password.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { deliverNow } from "~/services/outbox.server";

/**
 * A forgotten password (decision 0050): a one-time link, valid one hour, mailed
 * through the outbox; only its hash is kept. Whoever asks gets the same answer whether the
 * address has an account or not, and over the limits too.
 */

// Per typed address, per account, per client address: a script cannot flood a mailbox,
// nor walk through many addresses from one place. A person who lost a mail asks again a
// few times at most.
const HOUR = 60 * 60;
const perAddress = sqliteLimiter("reset-email", 3, HOUR);
const perAccount = sqliteLimiter("reset-account", 5, HOUR);
const perIp = sqliteLimiter("reset-ip", 10, HOUR);

/** A reset stored with its mail; the link is made when the mail goes. */
function queueReset(userId: number, email: string, now: Date) {
  return inTransaction(() => {
    const reset = createPasswordReset(userId, newLinkToken().hash, resetLinkExpiry(now), now);
    return enqueuePasswordResetMail(reset.id, email, now);
  });
}

/**
 * "Forgot your password?": a link mailed to the address if it belongs to an account that
 * was not removed and no limit is reached; nothing otherwise. The caller answers the same
 * either way, and at once: the mail goes in the background (the returned promise, for
 * tests), so the time taken does not tell either.
 */
export async function requestPasswordReset(
  email: string,
  ip: string,
  { now = new Date(), transport = mailTransport() }: { now?: Date; transport?: MailTransport } = {},
): Promise<{ delivery: Promise<unknown> }> {
  const address = normalizeEmail(email);
  const none = { delivery: Promise.resolve() };
  // Every limit is counted on every request, so being refused costs the same for any address.
  const [ipOk, addressOk] = [await perIp.hit(ip), await perAddress.hit(address)];
  const user = getUserByEmail(address);
  const accountOk = user ? await perAccount.hit(String(user.id)) : await perAccount.isOver("none");
  if (!user || user.removedAt || !ipOk || !addressOk || !accountOk) return none;
  const mail = queueReset(user.id, user.email, now);
  const delivery = deliverNow(mail.id, { transport, now }).catch((error: unknown) =>
    console.error("Password reset mail:", error),
  );
  return { delivery };
}

/** What the Team screen gets back: `link` when it was not mailed, for the owner to pass on. */
export type OwnerResetOutcome =
  { status: "sent" | "queued" } | { status: "not-mailed"; why: "no-mail" | "failed" | "timeout"; link: string };

/**
 * The owner resets someone's password from the Team screen: a reset link made and mailed
 * to them while the owner waits (at most `waitMs`). When it was not mailed (no mail set up,
 * the provider refused, no answer in time) the link comes back for the owner to copy, and
 * it is not retried (a retry would make a new link and kill the copied one), as review
 * requests do. Not rate-limited: only an owner can. Undefined for an unknown or removed person.
 */
export async function startPasswordReset(
  userId: number,
  {
    now = new Date(),
    transport = mailTransport(),
    waitMs = MAIL_WAIT_MS,
  }: { byOwner?: true; now?: Date; transport?: MailTransport; waitMs?: number } = {},
): Promise<OwnerResetOutcome | undefined> {
  const user = getUserById(userId);
  if (!user || user.removedAt) return undefined;
  const mail = queueReset(user.id, user.email, now);
  const outcome = await deliverNow(mail.id, { transport, now, waitMs, final: true });
  if (outcome.status === "sent") return { status: "sent" };
  // "queued", "skipped": the background loop has it this very moment; it goes from there.
  if (outcome.status !== "unsent" && outcome.status !== "failed" && outcome.status !== "timeout")
    return { status: "queued" };
  return {
    status: "not-mailed",
    why: outcome.status === "unsent" ? "no-mail" : outcome.status,
    link: outcome.link ?? "",
  };
}

/** The open reset a link's token belongs to (its person's email, for the form), or why not. */
export function openResetLink(
  token: string,
  now = new Date(),
): { status: "open"; resetId: number; email: string } | { status: "unknown" | "used" | "expired" } {
  const found = isLinkToken(token) ? findResetByHash(hashLinkToken(token)) : undefined;
  if (!found) return { status: "unknown" };
  // A removed person's link opens nothing, as if it had run out.
  const state = found.removedAt ? "expired" : resetLinkState(found.reset, now);
  return state === "open" ? { status: "open", resetId: found.reset.id, email: found.email } : { status: state };
}

/**
 * The new password from a reset link: stored, the link used, and every session of the
 * person ended, in one transaction. "gone" when the link is not open (any more).
 */
export async function resetPassword(token: string, password: string, now = new Date()): Promise<"done" | "gone"> {
  const link = openResetLink(token, now);
  if (link.status !== "open") return "gone";
  return redeemPasswordReset(link.resetId, await hashPassword(password), now) ? "done" : "gone";
}
