import { describe, expect, it } from "vitest";
import { ChangePasswordSchema } from "./account-forms";
import { MIN_PASSWORD_SCORE, PASSWORD_RULE_MESSAGES, passwordRefusal, withGuessCheck } from "./password-rule";

describe("the password rule", () => {
  it("refuses a short or overlong password without asking the estimator", () => {
    const never = () => {
      throw new Error("scored");
    };
    expect(passwordRefusal("short", never)).toBe(PASSWORD_RULE_MESSAGES.short);
    expect(passwordRefusal("x".repeat(201), never)).toBe(PASSWORD_RULE_MESSAGES.long);
  });

  it("refuses a password the estimator guesses easily, and takes one it does not", () => {
    expect(passwordRefusal("password", () => MIN_PASSWORD_SCORE - 1)).toBe(PASSWORD_RULE_MESSAGES.common);
    expect(passwordRefusal("prairie wind", () => MIN_PASSWORD_SCORE)).toBeNull();
  });

  it("adds the guess check to a form's schema, on the field's own error", () => {
    const schema = withGuessCheck(ChangePasswordSchema, "newPassword", (p) => (p === "password" ? 0 : 4));
    const weak = schema.safeParse({ currentPassword: "old one", newPassword: "password", repeatPassword: "password" });
    expect(weak.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["newPassword", PASSWORD_RULE_MESSAGES.common],
    ]);
    expect(
      schema.safeParse({ currentPassword: "old one", newPassword: "prairie wind", repeatPassword: "prairie wind" })
        .success,
    ).toBe(true);
    // A short one gets the length message alone.
    const short = schema.safeParse({ currentPassword: "old one", newPassword: "pass", repeatPassword: "pass" });
    expect(short.error?.issues.map((i) => i.message)).toEqual([PASSWORD_RULE_MESSAGES.short]);
  });
});
