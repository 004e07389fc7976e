import { countUsers, upsertUser } from "~/models/user.server";
import { env } from "~/server/env.server";
import { MIN_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGES } from "~/lib/password-rule";
import { generatePassword } from "~/server/password.server";
import { refusePassword } from "~/server/password-strength.server";

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/**
 * On a database without users, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or with a generated password that is printed once and never stored in clear.
 */
export async function ensureFirstAdmin(log: (line: string) => void = console.log) {
  if (countUsers() > 0) return { created: false as const };
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  await upsertUser(email, password);
  if (env.ADMIN_PASSWORD) {
    log(`Created the first admin account: ${email} (password from ADMIN_PASSWORD).`);
    // A guessable password from the environment warns rather than stops the start (decision
    // 0077): refusing would leave a fresh container with no way in at all.
    if ((await refusePassword(env.ADMIN_PASSWORD, [email])) === PASSWORD_RULE_MESSAGES.common) {
      log(`Warning: ADMIN_PASSWORD is a common password, easy to guess. Sign in and change it at /admin/account now.`);
    }
  } else {
    log("");
    log("  First admin account created. This password is shown only once:");
    log(`    email:    ${email}`);
    log(`    password: ${password}`);
    log("  Change it after signing in, at /admin/account (or: npm run admin:create -- --email " + email + ")");
    log("");
  }
  return { created: true as const, email };
}
