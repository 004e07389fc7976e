import { describe, expect, it } from "vitest";
import { invoiceMail, invoiceReminderMail, receiptMail } from "./invoice-mail";

const invoice = {
  homeowner: "Jane Doe",
  number: "INV-0007",
  kindLabel: "Deposit",
  owedCents: 300_000,
  dueOn: "2026-12-11",
  company: { name: "Prairie Ridge", phone: "(620) 555-0142" },
};
const link = "https://example.com/job/xyz";

describe("invoiceMail", () => {
  it("offers online payment by card on the job page when it is on", () => {
    const { text } = invoiceMail({ ...invoice, onlinePayment: true }, link);
    expect(text).toContain(
      `Pay it online by card on your job page, which also shows every invoice and what is paid:\n\n${link}`,
    );
    expect(text).not.toContain("when we are on site");
  });

  it("says check, cash or card on site when online payment is off", () => {
    const { text } = invoiceMail({ ...invoice, onlinePayment: false }, link);
    expect(text).toContain(
      "You can pay by check (please write INV-0007 on it), in cash or by card when we are on site.",
    );
    expect(text).not.toMatch(/online/i);
  });
});

describe("receiptMail", () => {
  it("says how it was paid once, in plain words", () => {
    const { text } = receiptMail(
      {
        homeowner: "Jane Doe",
        number: "INV-0007",
        amountCents: 80_000,
        paid: "online by card",
        receivedOn: "2026-11-27",
        owedCents: 0,
        company: invoice.company,
      },
      link,
    );
    expect(text).toContain(
      "Thank you: you paid $800.00 online by card on November 27, 2026 toward invoice INV-0007. This invoice is now paid in full.",
    );
  });
});

describe("invoiceReminderMail", () => {
  it("says politely what is still owed, since when, how to pay and whom to call", () => {
    const { subject, text, html } = invoiceReminderMail({ ...invoice, owedCents: 120_050, onlinePayment: true }, link);
    expect(subject).toBe("Reminder: invoice INV-0007 from Prairie Ridge was due December 11, 2026");
    expect(text).toContain(
      "A friendly reminder: invoice INV-0007 was due on December 11, 2026, and $1,200.50 of it is still open.",
    );
    expect(text).toContain(`Pay it online by card on your job page`);
    expect(text).toContain("If you have paid it already, thank you, and please ignore this note.");
    expect(text).toContain("call us at (620) 555-0142");
    expect(html).toContain(`<a href="${link}">`);
  });
});
