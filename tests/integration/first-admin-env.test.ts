import { describe, expect, it } from "vitest";

describe("first admin from ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("uses the configured account and never prints the password", async () => {
    process.env.ADMIN_EMAIL = "dale@example.com";
    process.env.ADMIN_PASSWORD = "configured-password";
    // Imported after the variables are set: the environment is read once, at import.
    const { ensureFirstAdmin } = await import("~/services/first-admin.server");
    const { getUserByEmail } = await import("~/models/user.server");
    const { verifyPassword } = await import("~/server/password.server");
    const lines: string[] = [];
    await ensureFirstAdmin((line) => lines.push(line));
    expect(lines.join("\n")).toContain("dale@example.com");
    expect(lines.join("\n")).not.toContain("configured-password");
    const user = getUserByEmail("dale@example.com")!;
    expect(await verifyPassword("configured-password", user.passwordHash)).toBe(true);
    // A good password: no warning.
    expect(lines.join("\n")).not.toContain("Warning");
  });
});
