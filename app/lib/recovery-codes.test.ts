import { describe, expect, it } from "vitest";
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";

describe("recovery codes", () => {
  it("makes ten different codes of ten unambiguous characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  });

  it("reads a code typed in capitals, with spaces or without its dash", async () => {
    const [code] = newRecoveryCodes(1);
    const hash = await hashRecoveryCode(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashRecoveryCode(` ${code.toUpperCase().replace("-", " ")} `)).toBe(hash);
    expect(await hashRecoveryCode(code.replace("-", ""))).toBe(hash);
  });

  it("is not a code when too short, too long or with letters it never uses", async () => {
    for (const junk of ["", "abcde", "abcde-abcdef", "abcde-0bcde", "abcde-ilo23", "123456"]) {
      expect(normalizeRecoveryCode(junk)).toBeNull();
      expect(await hashRecoveryCode(junk)).toBeNull();
    }
  });
});
