import { describe, expect, it } from "vitest";

describe("first admin from a common ADMIN_PASSWORD", () => {
  it("still starts, with the account made, and warns in the log to change the password", async () => {
    process.env.ADMIN_EMAIL = "dale@example.com";
    process.env.ADMIN_PASSWORD = "password";
    // Imported after the variables are set: the environment is read once, at import.
    const { ensureFirstAdmin } = await import("~/services/first-admin.server");
    const { getUserByEmail } = await import("~/models/user.server");
    const lines: string[] = [];
    expect(await ensureFirstAdmin((line) => lines.push(line))).toEqual({ created: true, email: "dale@example.com" });
    expect(getUserByEmail("dale@example.com")).toBeDefined();
    expect(lines.join("\n")).toContain(
      "Warning: ADMIN_PASSWORD is a common password, easy to guess. Sign in and change it at /admin/account now.",
    );
  });
});
