import { describe, expect, it } from "vitest";
import { proposalMail, signedProposalMail } from "./proposal-mail";

const content = {
  company: { name: "Wheat & Sons Roofing", phone: "316-555-0100", email: "office@example.com", address: "1 Main St" },
  customer: { name: "Dana <Miller>", address: "12 Elm St", email: "dana@example.com", phone: "" },
  totalCents: 1_234_500,
  validUntil: "2026-12-24",
};

describe("proposalMail", () => {
  it("gives the total, the last day and the link, in text and in HTML", () => {
    const mail = proposalMail(content, "https://example.com/proposal/abc?x=1&y=2", "https://example.com/job/xyz");
    expect(mail.subject).toBe("Your proposal from Wheat & Sons Roofing: $12,345.00");
    expect(mail.text).toContain("https://example.com/proposal/abc?x=1&y=2");
    expect(mail.text).toContain("open until December 24, 2026");
    expect(mail.html).toContain(
      '<a href="https://example.com/proposal/abc?x=1&#38;y=2">View and accept your proposal</a>',
    );
  });

  it("links the job page too, after the proposal's own link", () => {
    const mail = proposalMail(content, "https://example.com/proposal/abc", "https://example.com/job/xyz");
    expect(mail.text).toContain("send us more photos there:\n\nhttps://example.com/job/xyz\n");
    expect(mail.text.indexOf("/proposal/abc")).toBeLessThan(mail.text.indexOf("/job/xyz"));
    const anchors = [...mail.html.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(anchors).toEqual([
      ["https://example.com/proposal/abc", "View and accept your proposal"],
      ["https://example.com/job/xyz", "Open your job page"],
    ]);
  });

  it("escapes what the lead typed in the HTML copy", () => {
    const { html } = proposalMail(content, "https://example.com/proposal/abc", "https://example.com/job/xyz");
    expect(html).toContain("Hi Dana &#60;Miller&#62;,");
    expect(html).not.toContain("<Miller>");
  });
});

describe("signedProposalMail", () => {
  it("says what was signed, by whom and when (Kansas time), that the PDF is attached, and links the job page", () => {
    const mail = signedProposalMail(
      content,
      { name: "Dana Miller", at: new Date("2026-11-20T21:30:00Z") },
      "https://example.com/job/xyz",
    );
    expect(mail.subject).toBe("Your signed proposal from Wheat & Sons Roofing");
    expect(mail.text).toContain("our proposal for $12,345.00, signed online by Dana Miller on");
    expect(mail.text).toContain("3:30 PM");
    expect(mail.text).toContain("Your signed proposal is attached as a PDF.");
    expect(mail.html).toContain('<a href="https://example.com/job/xyz">Open your job page</a>');
    // The homeowner's name is escaped in the HTML copy.
    expect(mail.html).toContain("Dana &#60;Miller&#62;");
  });
});
