// npm run admin:create -- --email owner@example.com [--name "Pat Owner"]
// Creates an owner (or resets the password of an existing account and makes it an owner
// again, back on the team if it was removed: whoever has the terminal has the server). The password comes from
// ADMIN_PASSWORD, or is asked for on the terminal, or read from the first line of stdin.
import readline from "node:readline";
import { parseArgs } from "node:util";
import { closeDb } from "~/server/db.server";
import { refusePassword } from "~/server/password-strength.server";
import { disableTwoStep } from "~/models/two-step.server";
import { upsertUser } from "~/models/user.server";

async function askPassword(): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    // Hide what is typed: echo nothing after the prompt.
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    let prompted = false;
    out._writeToOutput = (s: string) => {
      if (!prompted) out.output.write(s);
      prompted = true;
    };
  }
  const answer = await new Promise<string>((resolve) => rl.question("Password: ", resolve));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write("\n");
  return answer.trim();
}

export async function main(argv = process.argv.slice(2)) {
  const { values } = parseArgs({ args: argv, options: { email: { type: "string" }, name: { type: "string" } } });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error('Usage: npm run admin:create -- --email you@example.com [--name "Your Name"]');
    return 1;
  }
  const password = process.env.ADMIN_PASSWORD || (await askPassword());
  const refusal = await refusePassword(password, [email]);
  if (refusal) {
    console.error(`${refusal}.`);
    return 1;
  }
  const name = values.name?.trim().slice(0, 80);
  const { user, created } = await upsertUser(email, password, name ? { name } : {});
  // "admin" kept in the words: scripts and docs around it read them.
  console.log(created ? `Created admin ${user.email}.` : `Updated the password of ${user.email}.`);
  // The terminal is the way back in for someone who lost both phone and recovery codes.
  if (!created && user.totpEnabledAt !== null) {
    disableTwoStep(user.id);
    console.log("Two-step sign-in is off for this account; turn it on again from Your account.");
  }
  closeDb();
  return 0;
}

process.exitCode = await main();
