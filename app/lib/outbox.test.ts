import { describe, expect, it } from "vitest";
import { emailedLine, latestBy, leaseEnd, mailStateLabel, OUTBOX_KINDS } from "./outbox";

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

describe("emailedLine", () => {
  const mail = { recipient: "pat@example.com", state: "sent" as const, lastError: null };
  it("says to whom, how it stands, and once it went, when (Kansas time), the same on every card", () => {
    expect(emailedLine({ ...mail, sentAt: new Date("2026-11-29T15:14:00Z") })).toBe(
      "Emailed to pat@example.com: Sent Nov 29, 2026, 9:14 AM",
    );
    expect(emailedLine({ ...mail, state: "pending", lastError: "timeout", sentAt: null })).toBe(
      "Emailed to pat@example.com: Failed, will retry",
    );
    expect(emailedLine({ ...mail, state: "skipped", sentAt: null }, "Not sent")).toBe(
      "Emailed to pat@example.com: Not sent",
    );
  });

  it("says a text went to the number, written as every page writes it", () => {
    const text = { recipient: "+13165550123", channel: "text" as const, state: "sent" as const, lastError: null };
    expect(emailedLine({ ...text, sentAt: new Date("2026-11-29T15:14:00Z") })).toBe(
      "Texted to (316) 555-0123: Sent Nov 29, 2026, 9:14 AM",
    );
  });
});
