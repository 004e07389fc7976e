import { describe, expect, it } from "vitest";
import { proposalMail } from "./proposal-mail";

const content = {
  company: { name: "Wheat & Sons Roofing", phone: "316-555-0100", email: "office@example.com", address: "1 Main St" },
  customer: { name: "Dana <Miller>", address: "12 Elm St", email: "dana@example.com", phone: "" },
  totalCents: 1_234_500,
  validUntil: "2026-12-24",
};

describe("proposalMail", () => {
  it("gives the total, the last day and the link, in text and in HTML", () => {
    const mail = proposalMail(content, "https://example.com/proposal/abc?x=1&y=2");
    expect(mail.subject).toBe("Your proposal from Wheat & Sons Roofing: $12,345.00");
    expect(mail.text).toContain("https://example.com/proposal/abc?x=1&y=2");
    expect(mail.text).toContain("open until December 24, 2026");
    expect(mail.html).toContain('<a href="https://example.com/proposal/abc?x=1&#38;y=2">View and accept your proposal</a>');
  });

  it("escapes what the lead typed in the HTML copy", () => {
    const { html } = proposalMail(content, "https://example.com/proposal/abc");
    expect(html).toContain("Hi Dana &#60;Miller&#62;,");
    expect(html).not.toContain("<Miller>");
  });
});
