import { describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGES } from "~/lib/password-rule";
import { refusePassword } from "./password-strength.server";

describe("the strength estimator behind the password rule", () => {
  it("refuses common passwords and their usual dressings", async () => {
    for (const p of ["password", "12345678", "qwerty123", "Password1!", "iloveyou1"])
      expect(await refusePassword(p), p).toBe(PASSWORD_RULE_MESSAGES.common);
  });

  it("refuses the person's own email as a password", async () => {
    expect(await refusePassword("dale.roofs@gmail.com", ["dale.roofs@gmail.com"])).toBe(PASSWORD_RULE_MESSAGES.common);
  });

  it("takes a few plain words", async () => {
    expect(await refusePassword("prairie wind")).toBeNull();
    expect(await refusePassword("correct horse battery")).toBeNull();
  });
});
