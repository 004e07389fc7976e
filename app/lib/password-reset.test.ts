import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH } from "./password-rule";
import {
  ForgotPasswordSchema,
  passwordResetMail,
  RESET_MESSAGES,
  resetLinkExpiry,
  resetLinkState,
  resetPath,
  ResetPasswordSchema,
} from "./password-reset";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  // The first message of each field, as the form shows it.
  Object.fromEntries((result.error?.issues ?? []).toReversed().map((i) => [String(i.path[0]), i.message]));

describe("a reset link's life", () => {
  const sent = new Date("2026-11-27T15:00:00Z");
  it("works for one hour, once", () => {
    const expiresAt = resetLinkExpiry(sent);
    expect(expiresAt.getTime() - sent.getTime()).toBe(60 * 60_000);
    expect(resetLinkState({ usedAt: null, expiresAt }, new Date(expiresAt.getTime() - 1))).toBe("open");
    expect(resetLinkState({ usedAt: null, expiresAt }, expiresAt)).toBe("expired");
    expect(resetLinkState({ usedAt: sent, expiresAt }, sent)).toBe("used");
  });
  it("lives under /admin/reset-password/", () => {
    expect(resetPath("abc")).toBe("/admin/reset-password/abc");
  });
});

describe("the forms", () => {
  it("asks for a real address", () => {
    expect(ForgotPasswordSchema.safeParse({ email: " Owner@Example.com " }).data).toEqual({
      email: "Owner@Example.com",
    });
    expect(errorsOf(ForgotPasswordSchema.safeParse({ email: "" }))).toEqual({ email: RESET_MESSAGES.emailMissing });
    expect(errorsOf(ForgotPasswordSchema.safeParse({ email: "owner" }))).toEqual({
      email: RESET_MESSAGES.emailInvalid,
    });
    expect(errorsOf(ForgotPasswordSchema.safeParse({ email: `${"a".repeat(250)}@example.com` }))).toEqual({
      email: RESET_MESSAGES.emailInvalid,
    });
  });
  it("takes the account page's password rule, typed twice alike", () => {
    const short = "x".repeat(MIN_PASSWORD_LENGTH - 1);
    expect(errorsOf(ResetPasswordSchema.safeParse({ newPassword: short, repeatPassword: short }))).toEqual({
      newPassword: RESET_MESSAGES.newShort,
    });
    expect(RESET_MESSAGES.newShort).toContain(String(MIN_PASSWORD_LENGTH));
    expect(
      errorsOf(ResetPasswordSchema.safeParse({ newPassword: "long-enough", repeatPassword: "long-enougH" })),
    ).toEqual({ repeatPassword: RESET_MESSAGES.repeatWrong });
    expect(
      errorsOf(ResetPasswordSchema.safeParse({ newPassword: "p".repeat(201), repeatPassword: "p".repeat(201) })),
    ).toEqual({ newPassword: RESET_MESSAGES.newLong });
    expect(ResetPasswordSchema.safeParse({ newPassword: "long-enough", repeatPassword: "long-enough" }).success).toBe(
      true,
    );
  });
  it("gives one answer to every address, in words a person can act on", () => {
    expect(RESET_MESSAGES.sent).toBe("If that address has an account, we sent a link to it. It works for one hour.");
    expect(RESET_MESSAGES.gone).toBe("This link has expired or was already used. Ask for a new one.");
  });
});

describe("the mail", () => {
  it("carries the link, the hour in Kansas time, and what to do if it was not you", () => {
    const mail = passwordResetMail({
      name: "Dana",
      company: "Prairie Ridge",
      link: "https://example.com/admin/reset-password/t",
      expiresAt: new Date("2026-11-27T16:00:00Z"),
    });
    expect(mail.subject).toBe("Choose a new password for Prairie Ridge");
    expect(mail.text).toContain("Hi Dana,");
    expect(mail.text).toContain("https://example.com/admin/reset-password/t");
    expect(mail.text).toContain("until 10:00 AM CST (one hour)");
    expect(mail.text).toContain("ignore this mail");
  });
  it("greets a person without a name plainly", () => {
    expect(
      passwordResetMail({ name: " ", company: "P", link: "l", expiresAt: new Date() }).text.startsWith("Hello,"),
    ).toBe(true);
  });
});
