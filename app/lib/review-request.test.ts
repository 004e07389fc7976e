import { describe, expect, it } from "vitest";
import {
  canAskForReview,
  reviewLinkExpiry,
  reviewLinkState,
  reviewLocation,
  reviewRequestMail,
} from "./review-request";

const at = (iso: string) => new Date(iso);

describe("a review link", () => {
  it("works for 60 days after it was sent, then says it expired", () => {
    const sent = at("2026-05-01T15:00:00Z");
    const expiresAt = reviewLinkExpiry(sent);
    expect(expiresAt.toISOString()).toBe("2026-06-30T15:00:00.000Z");
    expect(reviewLinkState({ submittedAt: null, expiresAt }, at("2026-06-30T14:59:59Z"))).toBe("open");
    expect(reviewLinkState({ submittedAt: null, expiresAt }, expiresAt)).toBe("expired");
  });

  it("is used once a review came through it, even before it expires", () => {
    const expiresAt = at("2026-06-30T15:00:00Z");
    expect(reviewLinkState({ submittedAt: at("2026-05-02T00:00:00Z"), expiresAt }, at("2026-05-03T00:00:00Z"))).toBe(
      "used",
    );
  });

  it("is asked for only on a completed job with an email", () => {
    const done = at("2026-05-01T00:00:00Z");
    expect(canAskForReview({ completedAt: done, email: "kim@example.com" })).toBe(true);
    expect(canAskForReview({ completedAt: null, email: "kim@example.com" })).toBe(false);
    expect(canAskForReview({ completedAt: done, email: "" })).toBe(false);
    // Without an email, by text to a homeowner who takes texts.
    expect(canAskForReview({ completedAt: done, email: "" }, true)).toBe(true);
    expect(canAskForReview({ completedAt: null, email: "" }, true)).toBe(false);
  });
});

describe("the homeowner's town", () => {
  it("prefills the town the way the public cards write it", () => {
    expect(reviewLocation("Derby")).toBe("Derby, KS");
    expect(reviewLocation("Derby, KS")).toBe("Derby, KS");
    expect(reviewLocation(null)).toBe("");
  });
});

describe("the review request mail", () => {
  it("names the job and carries the link, its last day and the job page's link after it", () => {
    const mail = reviewRequestMail({
      name: "Kim",
      company: "Prairie Ridge Framing & Roofing",
      phone: "(620) 555-0142",
      service: "Roof Repairs",
      town: "Derby",
      link: "https://example.com/review/abc",
      jobPageLink: "https://example.com/job/xyz",
      expiresAt: at("2026-06-30T15:00:00Z"),
    });
    expect(mail.subject).toBe("How did we do? A quick review for Prairie Ridge Framing & Roofing");
    expect(mail.text).toContain("your roof repairs in Derby");
    expect(mail.text).toContain("\nhttps://example.com/review/abc\n");
    expect(mail.text).toContain("until June 30, 2026");
    expect(mail.text).toContain(
      "Your job page keeps the proposal, your invoices and receipts:\n\nhttps://example.com/job/xyz\n",
    );
    // The review's link comes first: it is what the mail asks for.
    expect(mail.text.indexOf("/review/abc")).toBeLessThan(mail.text.indexOf("/job/xyz"));
  });
});
