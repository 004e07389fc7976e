import { describe, expect, it } from "vitest";
import { LeadTextSchema, segmentWords, sentTextFlash, textRefusal, textStateWords, type TextRow } from "./lead-texts";

const now = new Date("2026-12-01T15:00:00Z"); // 9:00 AM in Kansas

const text = (fields: Partial<TextRow>): TextRow => ({
  kind: "text-message",
  state: "pending",
  lastError: null,
  nextAttemptAt: null,
  sentAt: null,
  createdAt: now,
  deliveryStatus: null,
  deliveryError: null,
  ...fields,
});

describe("what a text costs", () => {
  it("counts text messages as phones bill them, with the characters once it is more than one", () => {
    expect(segmentWords("")).toBe("");
    expect(segmentWords("a".repeat(160))).toBe("1 text message");
    expect(segmentWords("a".repeat(161))).toBe("2 text messages (161 characters)");
    // An emoji turns the whole text into the 70-character kind.
    expect(segmentWords(`${"a".repeat(70)}👍`)).toBe("2 text messages (71 characters)");
  });
});

describe("the reply form", () => {
  it("asks for words, and no more than a text can carry", () => {
    const refused = (body: string) => LeadTextSchema.safeParse({ body }).error?.issues[0]?.message;
    expect(refused("   ")).toBe("Please write the text");
    expect(refused("x".repeat(1601))).toBe("A text can be at most 1,600 characters");
    expect(LeadTextSchema.parse({ body: "  See you at 9.  " })).toEqual({ body: "See you at 9." });
  });
});

describe("where a text stands", () => {
  it("says it in words, with the carrier's reason when it failed", () => {
    expect(textStateWords(text({}), now)).toBe("Queued");
    expect(textStateWords(text({ nextAttemptAt: new Date(now.getTime() + 3_600_000) }), now)).toBe(
      "Waits for 8 AM (quiet hours)",
    );
    expect(textStateWords(text({ state: "sent", sentAt: now }), now)).toBe("Sent");
    expect(textStateWords(text({ state: "sent", deliveryStatus: "delivered" }), now)).toBe("Delivered");
    expect(
      textStateWords(text({ state: "sent", deliveryStatus: "undelivered", deliveryError: "Unknown destination" }), now),
    ).toBe("Failed: Unknown destination");
    expect(textStateWords(text({ state: "unsent" }), now)).toBe("Not sent — texts are not set up");
    expect(textStateWords(text({ state: "skipped" }), now)).toBe("Off (skipped)");
  });

  it("tells staff what became of the text they wrote, and what it cost", () => {
    expect(sentTextFlash({ status: "sent" }, "See you at 9.")).toEqual({
      type: "success",
      message: "Text sent. 1 text message.",
    });
    expect(sentTextFlash({ status: "quiet", at: new Date("2026-12-02T14:00:00Z") }, "Hi").message).toBe(
      "Text queued: it goes at 8:00 AM (quiet hours). 1 text message.",
    );
    expect(sentTextFlash(textRefusal("stopped"), "Hi")).toEqual({
      type: "error",
      message: "They replied STOP: no texts until they reply START.",
    });
  });
});
