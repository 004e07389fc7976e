import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { groupSecret, matchTotp, newTotpSecret, normalizeCode, totpStep, totpUri } from "./totp";

const NOW = Date.UTC(2026, 10, 27, 4, 30, 10);
const at = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
const secret = newTotpSecret();

describe("two-step codes", () => {
  it("takes the code of this 30-second step, the one before and the one after", async () => {
    expect(await matchTotp(secret, await at(NOW), NOW)).toBe(totpStep(NOW));
    expect(await matchTotp(secret, await at(NOW - 30_000), NOW)).toBe(totpStep(NOW) - 1);
    expect(await matchTotp(secret, await at(NOW + 30_000), NOW)).toBe(totpStep(NOW) + 1);
  });

  it("refuses a code two steps away, another secret's code, and what is not six digits", async () => {
    expect(await matchTotp(secret, await at(NOW - 60_000), NOW)).toBeNull();
    expect(await matchTotp(secret, await at(NOW + 60_000), NOW)).toBeNull();
    expect(await matchTotp(newTotpSecret(), await at(NOW), NOW)).toBeNull();
    for (const junk of ["", "12345", "1234567", "abcdef", "12 34 5x", "𝟙𝟚𝟛𝟜𝟝𝟞"])
      expect(await matchTotp(secret, junk, NOW)).toBeNull();
    expect(await matchTotp("not base32!", "123456", NOW)).toBeNull();
  });

  it("reads a code typed with a space or dash in the middle", async () => {
    const code = await at(NOW);
    expect(await matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, NOW)).toBe(totpStep(NOW));
    expect(normalizeCode(" 123-456 ")).toBe("123456");
  });

  it("names the business and the account in the app's entry; the secret reads in fours", () => {
    const uri = totpUri({ issuer: "Sunflower Roofing", email: "owner@example.com", secret: "ABCDEFGHIJKLMNOP" });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Sunflower%20Roofing:owner%40example\.com\?/);
    expect(new URL(uri).searchParams.get("issuer")).toBe("Sunflower Roofing");
    expect(new URL(uri).searchParams.get("secret")).toBe("ABCDEFGHIJKLMNOP");
    expect(groupSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});
