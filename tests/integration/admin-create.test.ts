import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { countSessions, createSession } from "~/models/session.server";
import { getUserByEmail } from "~/models/user.server";
import { verifyPassword } from "~/server/password.server";

function run(args: string[], opts: { password?: string; input?: string } = {}) {
  const env = { ...process.env };
  delete env.ADMIN_PASSWORD;
  if (opts.password) env.ADMIN_PASSWORD = opts.password;
  return spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin-create.ts", ...args], {
    env,
    input: opts.input ?? "",
    encoding: "utf8",
  });
}

describe("npm run admin:create", () => {
  it("creates an admin with the password from ADMIN_PASSWORD", async () => {
    const result = run(["--email", "Owner@Example.com"], { password: "first-password" });
    expect(result.stdout).toContain("Created admin owner@example.com.");
    expect(result.status).toBe(0);
    const user = getUserByEmail("owner@example.com");
    expect(user).toBeDefined();
    expect(await verifyPassword("first-password", user!.passwordHash)).toBe(true);
  });

  it("resets the password of an existing admin from standard input, signing them out everywhere", async () => {
    const before = getUserByEmail("owner@example.com")!;
    createSession(before.id);
    createSession(before.id);
    expect(countSessions(before.id)).toBe(2);
    const result = run(["--email", "owner@example.com"], { input: "second-password\n" });
    expect(countSessions(before.id)).toBe(0);
    expect(result.stdout).toContain("Updated the password of owner@example.com.");
    const user = getUserByEmail("owner@example.com")!;
    expect(await verifyPassword("second-password", user.passwordHash)).toBe(true);
    expect(await verifyPassword("first-password", user.passwordHash)).toBe(false);
  });

  it("explains its usage when the email is missing or invalid", () => {
    for (const args of [[], ["--email", "nope"]]) {
      const result = run(args, { password: "whatever-pass" });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("Usage: npm run admin:create -- --email");
    }
  });

  it("refuses a short password and creates nothing", () => {
    const result = run(["--email", "short@example.com"], { password: "abc" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("at least 8 characters");
    expect(getUserByEmail("short@example.com")).toBeUndefined();
  });

  it("refuses a common password, saying why, and creates nothing", () => {
    const result = run(["--email", "common@example.com"], { password: "password" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("That password is too common and easy to guess");
    expect(getUserByEmail("common@example.com")).toBeUndefined();
  });
});
