import { describe, expect, it } from "vitest";
import { latestBy, leaseEnd, mailStateLabel, OUTBOX_KINDS } from "./outbox";

describe("mailStateLabel", () => {
  it("says a mail waiting out a failure will be tried again, and a first wait is only queued", () => {
    expect(mailStateLabel({ state: "pending", lastError: null })).toBe("Queued");
    expect(mailStateLabel({ state: "pending", lastError: "Provider is down" })).toBe("Failed, will retry");
    expect(mailStateLabel({ state: "failed", lastError: "Provider is down" })).toBe("Failed");
    expect(mailStateLabel({ state: "sent", lastError: null })).toBe("Sent");
    expect(mailStateLabel({ state: "unsent", lastError: null })).toBe("Not sent — mail is not set up");
  });
});

describe("latestBy", () => {
  it("keeps the newest row of each key whatever the order", () => {
    const rows = [
      { id: 3, lead: 1 },
      { id: 1, lead: 1 },
      { id: 2, lead: 2 },
    ];
    expect([...latestBy(rows, (r) => r.lead).values()]).toEqual([
      { id: 3, lead: 1 },
      { id: 2, lead: 2 },
    ]);
  });
});

describe("the outbox", () => {
  it("names each kind once", () => {
    expect(new Set(OUTBOX_KINDS).size).toBe(OUTBOX_KINDS.length);
  });

  it("leases an attempt for five minutes", () => {
    expect(leaseEnd(new Date(0)).getTime()).toBe(300_000);
  });
});
