import { sqliteLimiter } from "~/server/rate-limit.server";

// Sign-in guessing is slowed three ways; none can lock the owner out of their own address:
// - per address: 20 failures in 15 minutes and that address waits (a person mistyping
//   never gets there; a script does);
// - per account at one address: 5 failures and that address waits for that account;
// - per account everywhere: past 10 failures in 15 minutes, every further failure for the
//   account is answered slowly (up to 3 s), so a guesser spread over many addresses gets
//   few tries an hour. A right password is answered at once, and an address with no
//   failures of its own is never refused.
const WINDOW_SECONDS = 15 * 60;
const perAddress = sqliteLimiter("login-ip", 20, WINDOW_SECONDS);
const perAccountAtAddress = sqliteLimiter("login-account-ip", 5, WINDOW_SECONDS);
const perAccount = sqliteLimiter("login-account", 10, WINDOW_SECONDS);
const MAX_DELAY_MS = 3000;

const pair = (email: string, ip: string) => `${email}|${ip}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether this address must wait before trying this account again. */
export async function signInRefused(email: string, ip: string): Promise<boolean> {
  return (await perAddress.isOver(ip)) || (await perAccountAtAddress.isOver(pair(email, ip)));
}

/** Counts a wrong password; slows the answer when the account is under a spread-out attack. */
export async function signInFailed(email: string, ip: string, wait: (ms: number) => Promise<unknown> = pause) {
  await perAddress.hit(ip);
  await perAccountAtAddress.hit(pair(email, ip));
  if (!(await perAccount.hit(email))) {
    const over = (await perAccount.count(email)) - 10;
    await wait(Math.min(MAX_DELAY_MS, over * 250));
  }
}

/** The owner got in: their address starts afresh for this account. */
export async function signInSucceeded(email: string, ip: string) {
  await perAccountAtAddress.reset(pair(email, ip));
}
