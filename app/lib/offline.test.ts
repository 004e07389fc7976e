import { describe, expect, it } from "vitest";
import { keptOffline, queueKey, sendOutcome, waitingText } from "./offline";

describe("what a phone keeps without signal", () => {
  it("keeps My day, the Schedule and lead pages, with their data for moves inside the admin", () => {
    for (const path of [
      "/admin/my-day",
      "/admin/my-day.data",
      "/admin/schedule",
      "/admin/leads/12",
      "/admin/leads/12.data",
    ])
      expect(keptOffline(path)).toBe("page");
  });

  it("keeps a lead's private photos apart", () => {
    expect(keptOffline("/admin/leads/photos/ab12-w480.webp")).toBe("photo");
  });

  it("keeps nothing else: money, settings, the lead list, the roof tool, the public site", () => {
    for (const path of [
      "/admin",
      "/admin/leads",
      "/admin/leads/12/invoices",
      "/admin/leads/export.csv",
      "/admin/backups",
      "/admin/roof-measurement",
      "/admin/my-day/x",
      "/",
      "/contact",
    ])
      expect(keptOffline(path)).toBeNull();
  });
});

describe("a queued photo's sending", () => {
  it("is done on any success, a repeat the server already had included", () => {
    expect(sendOutcome(200)).toBe("sent");
  });

  it("is tried again when there was no answer or the server failed", () => {
    for (const status of [null, 500, 502, 503, 408, 429]) expect(sendOutcome(status)).toBe("retry");
  });

  it("waits for its taker when the session is gone or is someone else's", () => {
    expect(sendOutcome(401)).toBe("signed-out");
    expect(sendOutcome(409)).toBe("signed-out");
  });

  it("is refused for good when the server will never take it, a lead no longer theirs included", () => {
    for (const status of [400, 403, 404, 413, 415]) expect(sendOutcome(status)).toBe("refused");
  });
});

describe("the queue's words and keys", () => {
  it("counts photos in plain words", () => {
    expect(waitingText(1)).toBe("1 photo waiting to upload");
    expect(waitingText(3)).toBe("3 photos waiting to upload");
    expect(waitingText(2, 1)).toBe("1 note and 2 photos waiting to upload");
    expect(waitingText(0, 2)).toBe("2 notes waiting to upload");
  });

  it("makes keys the server accepts", () => {
    expect(queueKey("0b6a7c1e-3f1d-4b2e-9a8b-1c2d3e4f5a6b")).toMatch(/^q-[A-Za-z0-9_-]{1,62}$/);
  });
});
