import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashLinkToken, isLinkToken, newLinkToken } from "./link-token.server";

describe("link tokens", () => {
  it("are 256 random bits in base64url, different every time, kept only as their SHA-256", () => {
    const a = newLinkToken();
    const b = newLinkToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(createHash("sha256").update(a.token).digest("base64url"));
    expect(a.hash).not.toContain(a.token);
    expect(hashLinkToken(a.token)).toBe(a.hash);
  });

  it("tells a token's shape from anything else before it is looked up", () => {
    expect(isLinkToken(newLinkToken().token)).toBe(true);
    for (const other of ["", "short", "a".repeat(44), `${"a".repeat(42)}/`, `${"a".repeat(42)}=`])
      expect(isLinkToken(other)).toBe(false);
  });
});
