import { describe, expect, it } from "vitest";
import { britishSpellings } from "../british-spellings";
import { reviewRequestMail } from "~/lib/review-request";
import { DEFAULT_PROPOSAL_SETTINGS } from "~/lib/proposal";

// The business is in Kansas, so the words mailed to homeowners, and the proposal's default
// terms, are US English (the pages are checked in tests/e2e/us-english.spec.ts).
describe("US English in what homeowners are sent", () => {
  it("knows the British forms it looks for", () => {
    expect(britishSpellings("The Labour and colour of the grey centre; our neighbours' favourite.")).toEqual([
      "Labour",
      "colour",
      "grey",
      "centre",
      "neighbours",
      "favourite",
    ]);
    expect(britishSpellings('Labor, color, gray, center, neighbors, favorite; <div aria-labelledby="x">')).toEqual([]);
  });

  it("has none in the review request mail or the proposal's default terms", () => {
    const mail = reviewRequestMail({
      name: "Dana K.",
      company: "Prairie Ridge Framing & Roofing",
      phone: "(620) 555-0142",
      service: "Residential Roofing",
      town: "Derby",
      link: "https://roofs.example.com/review/x",
      jobPageLink: "https://roofs.example.com/job/y",
      expiresAt: new Date("2026-12-31T12:00:00Z"),
    });
    expect(britishSpellings(`${mail.subject}\n${mail.text}\n${DEFAULT_PROPOSAL_SETTINGS.terms}`)).toEqual([]);
  });
});
