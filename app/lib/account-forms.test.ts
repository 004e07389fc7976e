import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, ChangeEmailSchema, ChangePasswordSchema, SignOutDeviceSchema } from "./account-forms";
import { MIN_PASSWORD_LENGTH } from "./password-rule";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const errorsOf = (submission: { reply: () => { error?: Record<string, string[] | null> | null } }) =>
  submission.reply().error ?? {};

describe("the new password form", () => {
  const ok = { currentPassword: "old password", newPassword: "prairie wind", repeatPassword: "prairie wind" };
  const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ChangePasswordSchema });

  it("takes a new password of the admin:create length, typed twice", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(parse(ok).status).toBe("success");
    expect(parse({ ...ok, newPassword: "12345678", repeatPassword: "12345678" }).status).toBe("success");
  });

  it("says what is wrong in the owner's words", () => {
    expect(errorsOf(parse({ ...ok, currentPassword: "" }))).toEqual({
      currentPassword: [ACCOUNT_MESSAGES.currentMissing],
    });
    expect(errorsOf(parse({ ...ok, newPassword: "1234567", repeatPassword: "1234567" }))).toEqual({
      newPassword: ["Please choose a password of at least 8 characters"],
    });
    expect(errorsOf(parse({ ...ok, repeatPassword: "prairie wnd" }))).toEqual({
      repeatPassword: [ACCOUNT_MESSAGES.repeatWrong],
    });
    expect(errorsOf(parse({ ...ok, newPassword: "old password", repeatPassword: "old password" }))).toEqual({
      newPassword: [ACCOUNT_MESSAGES.newSame],
    });
    expect(
      errorsOf(parse({ ...ok, newPassword: "x".repeat(201), repeatPassword: "x".repeat(201) })).newPassword,
    ).toEqual([ACCOUNT_MESSAGES.newLong]);
  });

  it("keeps spaces: a password is taken as typed", () => {
    const submission = parse({ ...ok, newPassword: "  spaced out  ", repeatPassword: "  spaced out  " });
    expect(submission.status === "success" && submission.value.newPassword).toBe("  spaced out  ");
  });
});

describe("the new email form", () => {
  const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ChangeEmailSchema });

  it("trims the address and asks for the current password", () => {
    const submission = parse({ email: "  dale@whitakerroofing.com ", currentPassword: "pw" });
    expect(submission.status === "success" && submission.value.email).toBe("dale@whitakerroofing.com");
    expect(errorsOf(parse({ email: "dale@whitakerroofing.com", currentPassword: "" }))).toEqual({
      currentPassword: [ACCOUNT_MESSAGES.currentMissing],
    });
  });

  it("refuses what is not an address", () => {
    expect(errorsOf(parse({ email: "", currentPassword: "pw" }))).toEqual({ email: [ACCOUNT_MESSAGES.emailMissing] });
    expect(errorsOf(parse({ email: "dale at home", currentPassword: "pw" }))).toEqual({
      email: [ACCOUNT_MESSAGES.emailInvalid],
    });
    expect(errorsOf(parse({ email: "a@b.co\r\nBcc: x@y.z", currentPassword: "pw" }))).toEqual({
      email: [ACCOUNT_MESSAGES.emailInvalid],
    });
  });
});

describe("a device to sign out", () => {
  it("is named by a short key, nothing else", () => {
    const parse = (device: string) => parseWithZod(form({ device }), { schema: SignOutDeviceSchema }).status;
    expect(parse("AbC-12_xyz")).toBe("success");
    expect(parse("../../etc/passwd")).toBe("error");
    expect(parse("x".repeat(65))).toBe("error");
    expect(parse("")).toBe("error");
  });
});

describe("the device's words", () => {
  it("count the other devices right", () => {
    expect(ACCOUNT_MESSAGES.othersSignedOut(1)).toBe("Signed out 1 other device");
    expect(ACCOUNT_MESSAGES.othersSignedOut(3)).toBe("Signed out 3 other devices");
  });
});
