import { describe, expect, it } from "vitest";
import {
  arrivalWords,
  invoiceReminderText,
  invoiceText,
  onMyWayText,
  proposalText,
  receiptText,
  requestReceivedText,
  reviewRequestText,
  visitText,
} from "./text-words";
import { STOP_FOOTER, textSegments } from "./texts";
import type { VisitMailKind } from "./visit-mail";

const company = "Prairie Ridge Framing & Roofing";
// A job page link as long as a real one: the site's origin and a 43-character token.
const link = `https://www.prairieridgeroofing.com/job/${"x".repeat(43)}`;
const startsAt = new Date("2026-12-01T15:00:00Z"); // 9:00 AM in Kansas

const every: [string, string][] = [
  ["request received", requestReceivedText(company, link)],
  ...(["confirmation", "reminder", "moved", "updated", "cancelled"] as VisitMailKind[]).map(
    (kind): [string, string] => [
      `visit ${kind}`,
      visitText(kind, { company, kind: "estimate_visit", startsAt, who: "Dale Hobbs" }, link),
    ],
  ),
  ["on my way", onMyWayText({ company, who: "Dale Hobbs", arrival: "in about 20 minutes (around 9:20 AM)" })],
  ["proposal", proposalText(company, link)],
  ["invoice", invoiceText({ company, number: "INV-0042", owedCents: 1_234_567, payOnline: true }, link)],
  ["receipt", receiptText({ company, amountCents: 500_000, number: "INV-0042", owedCents: 734_567 }, link)],
  [
    "invoice reminder",
    invoiceReminderText(
      { company, number: "INV-0042", owedCents: 1_234_567, dueOn: "2026-12-11", payOnline: true },
      link,
    ),
  ],
  ["review request", reviewRequestText(company, link)],
];

describe("the texts to a homeowner", () => {
  it.each(every)("%s: the company's name first, under two segments even with the first text's STOP line", (_, body) => {
    expect(body.startsWith(`${company}:`)).toBe(true);
    expect(textSegments(`${body} ${STOP_FOOTER}`).segments).toBeLessThanOrEqual(2);
    expect(textSegments(body).encoding).toBe("GSM-7");
  });

  it("gives a visit's time in Kansas words and who comes", () => {
    expect(every.find(([name]) => name === "visit confirmation")?.[1]).toBe(
      `${company}: your estimate visit is booked for Tue, Dec 1 at 9:00 AM. Dale Hobbs will be there. Details: ${link}`,
    );
  });

  it("says what is still owed after a payment, or that it is paid", () => {
    expect(receiptText({ company, amountCents: 10_000, number: "INV-1", owedCents: 0 }, link)).toContain(
      "It is paid in full.",
    );
    expect(receiptText({ company, amountCents: 10_000, number: "INV-1", owedCents: 5_000 }, link)).toContain(
      "$50.00 is still due.",
    );
  });

  it("reminds of an overdue invoice with its balance and the day it was due", () => {
    expect(
      invoiceReminderText({ company, number: "INV-7", owedCents: 65_000, dueOn: "2026-12-11", payOnline: false }, link),
    ).toBe(
      `${company}: a friendly reminder, invoice INV-7 was due Fri, Dec 11 and $650.00 is still open. See it: ${link}`,
    );
  });

  it("puts the arrival on a five-minute mark of the Kansas clock", () => {
    expect(arrivalWords(20, new Date("2026-12-01T15:02:00Z"))).toBe("in about 20 minutes (around 9:25 AM)");
    expect(arrivalWords(60, new Date("2026-12-01T15:00:00Z"))).toBe("in about an hour (around 10:00 AM)");
  });
});
