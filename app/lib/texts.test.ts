import { describe, expect, it } from "vitest";
import { quietUntil, textKeyword, textNumber, textSegments, textedWords, wantsTexts } from "./texts";

describe("textNumber", () => {
  it("writes a US number the way carriers take it, however it was typed", () => {
    expect(textNumber("(316) 555-0123")).toBe("+13165550123");
    expect(textNumber("1-316-555-0123")).toBe("+13165550123");
    expect(textNumber("+1 316.555.0123")).toBe("+13165550123");
  });
  it("gives up on what cannot be texted", () => {
    expect(textNumber(null)).toBeNull();
    expect(textNumber("555-0123")).toBeNull();
    expect(textNumber("316-555-0123 ext 4")).toBeNull();
    expect(textNumber("(116) 555-0123")).toBeNull();
    expect(textNumber("+44 20 7946 0958")).toBeNull();
  });
});

describe("wantsTexts", () => {
  const agreed = { phone: "316-555-0123", email: "pat@example.com", preferredContact: null, textConsentAt: new Date() };
  it("texts who agreed and chose Text, or gave no email", () => {
    expect(wantsTexts({ ...agreed, preferredContact: "text" }, false)).toBe(true);
    expect(wantsTexts({ ...agreed, email: "" }, false)).toBe(true);
    expect(wantsTexts(agreed, false)).toBe(false);
    expect(wantsTexts(agreed, true)).toBe(true);
  });
  it("never texts without agreement or a number", () => {
    expect(wantsTexts({ ...agreed, preferredContact: "text", textConsentAt: null }, true)).toBe(false);
    expect(wantsTexts({ ...agreed, preferredContact: "text", phone: null }, true)).toBe(false);
  });
});

describe("quietUntil", () => {
  // Kansas is UTC-6 in winter, UTC-5 in summer.
  it("lets texts go between 8 AM and 9 PM Kansas time", () => {
    expect(quietUntil(new Date("2026-12-01T14:00:00Z"))).toBeNull(); // 8:00 AM CST
    expect(quietUntil(new Date("2026-12-02T02:59:00Z"))).toBeNull(); // 8:59 PM CST
  });
  it("holds them from 9 PM to 8 AM the next morning, across midnight", () => {
    const morning = new Date("2026-12-02T14:00:00Z");
    expect(quietUntil(new Date("2026-12-02T03:00:00Z"))).toEqual(morning); // 9:00 PM CST
    expect(quietUntil(new Date("2026-12-02T05:30:00Z"))).toEqual(morning); // 11:30 PM
    expect(quietUntil(new Date("2026-12-02T07:00:00Z"))).toEqual(morning); // 1:00 AM
    expect(quietUntil(new Date("2026-12-02T13:59:00Z"))).toEqual(morning); // 7:59 AM
  });
  it("knows 8 AM on the days the clocks change", () => {
    // Spring forward (March 8, 2026): 8 AM CDT is 13:00 UTC.
    expect(quietUntil(new Date("2026-03-08T04:00:00Z"))).toEqual(new Date("2026-03-08T13:00:00Z"));
    // Fall back (November 1, 2026): 8 AM CST is 14:00 UTC; 10 PM CDT the night before.
    expect(quietUntil(new Date("2026-11-01T03:00:00Z"))).toEqual(new Date("2026-11-01T14:00:00Z"));
  });
});

describe("textKeyword", () => {
  it("reads the words carriers require, in any case", () => {
    expect(textKeyword("stop")).toBe("stop");
    expect(textKeyword(" Unsubscribe. ")).toBe("stop");
    expect(textKeyword("START")).toBe("start");
    expect(textKeyword("help")).toBe("help");
  });
  it("leaves a sentence that uses them alone", () => {
    expect(textKeyword("Please stop by Tuesday")).toBeNull();
    expect(textKeyword("Yes that works")).toBeNull();
  });
});

describe("textSegments", () => {
  it("counts plain text in 160s, then 153s", () => {
    expect(textSegments("a".repeat(160))).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(textSegments("a".repeat(161))).toMatchObject({ segments: 2 });
    expect(textSegments("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(textSegments("a".repeat(307))).toMatchObject({ segments: 3 });
  });
  it("counts a bracket as two, and an emoji or curly quote turns it into 70s", () => {
    expect(textSegments("[".repeat(80)).units).toBe(160);
    expect(textSegments("Thanks 👍")).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(textSegments("’".repeat(71))).toMatchObject({ encoding: "UCS-2", segments: 2 });
  });
});

describe("what staff are told of a text", () => {
  const noon = new Date("2026-11-24T18:00:00Z");
  const night = new Date("2026-11-25T04:00:00Z");
  it("names the number, and says when it waits for the morning", () => {
    expect(textedWords("(316) 555-0123", "sent", noon)).toBe("texted to (316) 555-0123");
    expect(textedWords("(316) 555-0123", "queued", noon)).toBe("the text to (316) 555-0123 is on its way");
    expect(textedWords("(316) 555-0123", "queued", night)).toBe("the text to (316) 555-0123 waits for 8 AM");
    expect(textedWords("(316) 555-0123", "unsent", noon)).toBe("texts are not set up, so it was not texted");
    expect(textedWords("(316) 555-0123", "failed", noon)).toBe(
      "the text to (316) 555-0123 could not go yet and will be tried again",
    );
    expect(textedWords("(316) 555-0123", "skipped", noon)).toBe("");
  });
});
