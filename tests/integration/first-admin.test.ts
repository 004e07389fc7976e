import { describe, expect, it } from "vitest";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from "~/services/first-admin.server";
import { verifyPassword } from "~/server/password.server";
import { countUsers, getUserByEmail } from "~/models/user.server";

describe("first admin on an empty database", () => {
  it("creates one admin with a generated password, printed once", async () => {
    const lines: string[] = [];
    const result = await ensureFirstAdmin((line) => lines.push(line));
    expect(result).toEqual({ created: true, email: DEFAULT_ADMIN_EMAIL });
    const output = lines.join("\n");
    const password = output.match(/password: (\S+)/)?.[1];
    expect(password).toHaveLength(20);
    expect(output).toContain(`email:    ${DEFAULT_ADMIN_EMAIL}`);
    const user = getUserByEmail(DEFAULT_ADMIN_EMAIL)!;
    expect(user.passwordHash).not.toContain(password);
    expect(await verifyPassword(password!, user.passwordHash)).toBe(true);
  });

  it("does nothing, and prints nothing, once an admin exists", async () => {
    const lines: string[] = [];
    expect(await ensureFirstAdmin((line) => lines.push(line))).toEqual({ created: false });
    expect(lines).toEqual([]);
    expect(countUsers()).toBe(1);
  });
});
