import { describe, expect, it } from "vitest";
import { historyFor, historyText, type HistoryRow } from "./lead-history";

const row = (fields: Partial<HistoryRow>): HistoryRow => ({
  id: 1,
  createdAt: new Date("2026-11-28T15:00:00Z"),
  author: "Pat Owner",
  kind: "note",
  body: null,
  statusFrom: null,
  statusTo: null,
  amountCents: null,
  count: null,
  detail: null,
  reference: null,
  visitStartsAt: null,
  subjectName: null,
  invoiceNumber: null,
  invoiceKind: null,
  paymentMethod: null,
  checkNumber: null,
  visitKind: null,
  ...fields,
});

const sent = row({ kind: "invoice-sent", amountCents: 115_316, invoiceNumber: 1, invoiceKind: "deposit" });
const check = row({
  kind: "payment-received",
  amountCents: 115_316,
  invoiceNumber: 1,
  invoiceKind: "deposit",
  paymentMethod: "check",
  checkNumber: "1042",
});
const voided = row({
  kind: "invoice-voided",
  invoiceNumber: 2,
  invoiceKind: "progress",
  detail: "Billed twice for $500",
});
const deleted = row({ kind: "invoice-draft-deleted", amountCents: 100_000, detail: "progress" });
const proposal = row({ kind: "proposal-created", amountCents: 345_881, detail: "2026-12-28", count: 1 });
const over = row({
  kind: "online-payment-over",
  amountCents: 25_000,
  invoiceNumber: 3,
  invoiceKind: "final",
  reference: "cs_test_9",
});
const unrecorded = row({
  kind: "online-payment-unrecorded",
  amountCents: 80_000,
  invoiceNumber: 3,
  detail: "This invoice is paid in full.",
  reference: "cs_test_8",
});
const reminded = row({
  kind: "invoice-reminder-sent",
  amountCents: 65_316,
  count: 10,
  invoiceNumber: 1,
  invoiceKind: "deposit",
});
const refunded = row({
  kind: "payment-refunded",
  amountCents: 20_000,
  invoiceNumber: 1,
  invoiceKind: "deposit",
  paymentMethod: "check",
  checkNumber: "1042",
  detail: "Job called off",
});
const MONEY = [sent, check, voided, deleted, proposal, over, unrecorded, reminded, refunded];

describe("a history entry in the office's words", () => {
  it("says what was sent, received, voided or deleted, with its amount and invoice", () => {
    expect(historyText(sent, "office")).toBe("Invoice INV-0001 (deposit, $1,153.16) sent");
    expect(historyText(check, "owner")).toBe("$1,153.16 received by check no. 1042 on invoice INV-0001");
    expect(historyText({ ...check, paymentMethod: "online", checkNumber: null }, "owner")).toBe(
      "$1,153.16 received online by card on invoice INV-0001",
    );
    expect(historyText(voided, "owner")).toBe("Invoice INV-0002 voided: Billed twice for $500");
    expect(historyText(refunded, "office")).toBe(
      "$200.00 refunded from the payment received by check no. 1042 on invoice INV-0001: Job called off",
    );
    expect(historyText(deleted, "office")).toBe("Draft progress invoice ($1,000.00) deleted");
    expect(historyText(proposal, "office")).toBe(
      "Proposal link created: $3,458.81, valid until December 28, 2026; it replaces the earlier proposal",
    );
    expect(historyText({ ...proposal, count: null }, "office")).toBe(
      "Proposal link created: $3,458.81, valid until December 28, 2026",
    );
    expect(historyText(reminded, "office")).toBe("Reminder sent for invoice INV-0001, 10 days past due: $653.16 owed");
  });

  it("asks the owner to refund what Stripe took beyond what was owed", () => {
    expect(historyText(over, "owner")).toBe(
      "The online payment for invoice INV-0003 was $250.00 more than was owed: refund $250.00 from the Stripe dashboard (cs_test_9).",
    );
    expect(historyText(unrecorded, "owner")).toBe(
      "An online payment of $800.00 for invoice INV-0003 was not recorded (This invoice is paid in full.): refund it from the Stripe dashboard (cs_test_8).",
    );
  });

  it("keeps an older entry's words as they were written", () => {
    expect(historyText(row({ kind: "invoice-sent", body: "Invoice INV-0009 (final, $12.00) sent" }), "owner")).toBe(
      "Invoice INV-0009 (final, $12.00) sent",
    );
  });
});

describe("the same entries for the crew", () => {
  it("say that an invoice went out or a payment came in, never an amount, number, method or reason", () => {
    expect(MONEY.map((r) => historyText(r, "crew"))).toEqual([
      "Deposit invoice sent",
      "Payment received on the deposit invoice",
      "Progress invoice voided",
      "Draft progress invoice deleted",
      "Proposal link created",
      "An online payment needs the owner's attention",
      "An online payment needs the owner's attention",
      "Payment reminder sent for the deposit invoice",
      "Payment refunded on the deposit invoice",
    ]);
    for (const text of MONEY.map((r) => historyText(r, "crew")))
      expect(text).not.toMatch(/\$|\d|INV-|check|card|cs_test|called off/i);
  });

  it("never show an older entry's money words", () => {
    expect(
      historyText(row({ kind: "payment-received", body: "$1,153.16 received (cash) on invoice INV-0001" }), "crew"),
    ).toBe("Payment received on the invoice");
  });

  it("carry no amount anywhere in what leaves the server", () => {
    const views = historyFor(MONEY, "crew");
    expect(JSON.stringify(views)).not.toMatch(/\$|115316|INV-|1042|cs_test/);
    expect(Object.keys(views[0]!).sort()).toEqual(["author", "createdAt", "id", "statusFrom", "statusTo", "text"]);
  });
});

describe("entries without money read the same for everyone", () => {
  it.each(["owner", "office", "crew"] as const)("as %s", (role) => {
    expect(historyText(row({ body: "Called, left a voicemail" }), role)).toBe("Called, left a voicemail");
    expect(historyText(row({ statusFrom: "new", statusTo: "contacted" }), role)).toBeNull();
    expect(historyText(row({ kind: "assigned", subjectName: "Kim Alvarez" }), role)).toBe("Assigned to Kim Alvarez");
    expect(historyText(row({ kind: "assigned" }), role)).toBe("Assigned to nobody");
    expect(historyText(row({ kind: "added-by-hand" }), role)).toBe("Added by hand");
    expect(historyText(row({ kind: "homeowner-photos", count: 2 }), role)).toBe("Added 2 photos from the job page");
    expect(historyText(row({ kind: "homeowner-photos", count: 1 }), role)).toBe("Added a photo from the job page");
    expect(historyText(row({ kind: "job-links-revoked", count: 2 }), role)).toBe("Turned off 2 links to the job page");
    expect(historyText(row({ kind: "proposal-accepted", detail: "Dana Ortiz" }), role)).toBe("Accepted by Dana Ortiz");
    expect(historyText(row({ kind: "invoice-reminders-paused" }), role)).toBe("Overdue reminders paused for this job");
    expect(historyText(row({ kind: "invoice-reminders-resumed" }), role)).toBe(
      "Overdue reminders resumed for this job",
    );
    // 9:00 AM in Kansas (CST) on Monday, March 9, 2026.
    const at = new Date("2026-03-09T14:00:00Z");
    expect(historyText(row({ kind: "visit-booked", visitKind: "work_day", visitStartsAt: at }), role)).toBe(
      "Work day booked for Mon, Mar 9 at 9:00 AM",
    );
    expect(historyText(row({ kind: "visit-canceled", visitKind: "work_day", visitStartsAt: at }), role)).toBe(
      "Work day on Mon, Mar 9 at 9:00 AM canceled",
    );
  });
});

describe("texts in the history", () => {
  it.each(["owner", "office", "crew"] as const)("read as texts, not as notes, for %s", (role) => {
    expect(historyText(row({ kind: "text-sent", body: "We can come Thursday at 9." }), role)).toBe(
      "Texted: We can come Thursday at 9.",
    );
    expect(historyText(row({ kind: "text-received", body: "Thursday works", detail: "+13165550123" }), role)).toBe(
      "Text from them: Thursday works",
    );
    expect(historyText(row({ kind: "on-my-way", detail: "in about 20 minutes (around 9:40 AM)" }), role)).toBe(
      'Texted "on my way" (in about 20 minutes (around 9:40 AM))',
    );
    expect(historyText(row({ kind: "texts-stopped" }), role)).toBe("Replied STOP: no more texts");
    expect(historyText(row({ kind: "texts-started" }), role)).toBe("Replied START: texts are on again");
  });
});
