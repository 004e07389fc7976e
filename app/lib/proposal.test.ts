import { describe, expect, it } from "vitest";
import {
  buildProposalContent,
  factTermsLines,
  proposalStanding,
  proposalState,
  PROPOSAL_MESSAGES,
  PROPOSAL_STANDING_LABELS,
  quantityWithUnit,
  shingleLine,
  termsText,
  type ProposalSources,
} from "./proposal";
import { statusAfterProposal } from "./lead-status";
import { britishSpellings } from "../../tests/british-spellings";

describe("where a proposal stands for staff", () => {
  it("is not sent yet until it is emailed; then it waits for the homeowner", () => {
    const label = (...args: Parameters<typeof proposalStanding>) => PROPOSAL_STANDING_LABELS[proposalStanding(...args)];
    expect(label("open", false)).toBe("Not sent yet");
    expect(label("open", true)).toBe("Waiting for the homeowner");
    // Once it is answered, expired or replaced, the mail no longer matters.
    expect(label("accepted", false)).toBe("Accepted");
    expect(label("expired", false)).toBe("Expired");
    expect(label("withdrawn", true)).toBe("Replaced");
  });
});

describe("validity", () => {
  it("is open until it expires, and accepted for good once accepted", () => {
    const expiresAt = new Date("2026-12-24T06:00:00Z");
    expect(proposalState({ acceptedAt: null, expiresAt }, new Date("2026-12-24T05:59:59Z"))).toBe("open");
    expect(proposalState({ acceptedAt: null, expiresAt }, expiresAt)).toBe("expired");
    expect(
      proposalState({ acceptedAt: new Date("2026-12-01T00:00:00Z"), expiresAt }, new Date("2027-06-01T00:00:00Z")),
    ).toBe("accepted");
  });
});

describe("a lead's status after a proposal", () => {
  it("becomes Quoted from any open status, and a Won or Lost lead stays", () => {
    expect(statusAfterProposal("new")).toBe("quoted");
    expect(statusAfterProposal("measured")).toBe("quoted");
    expect(statusAfterProposal("quoted")).toBe("quoted");
    expect(statusAfterProposal("won")).toBe("won");
    expect(statusAfterProposal("lost")).toBe("lost");
  });
});

describe("the snapshot", () => {
  const sources: ProposalSources = {
    lead: {
      name: "Karen Miller",
      email: "k@example.com",
      phone: null,
      street: "412 N Main St",
      city: "Derby",
      zip: "67037",
    },
    estimate: {
      tier: "best",
      lines: [
        {
          key: "shingles",
          label: "Shingles",
          quantity: 45,
          unit: "bundles",
          unitPriceCents: 4150,
          totalCents: 186750,
          adjusted: true,
        },
      ],
      subtotalCents: 186750,
      taxRateBasisPoints: 750,
      taxCents: 14006,
      totalCents: 200756,
    },
    roof: {
      figures: [{ label: "Roof area", value: "1,342 sq ft" }],
      drawing: {
        scale: 0.1,
        scaleSource: "typed",
        scaleFeet: null,
        facets: [],
        lines: [],
        ridgeFeet: null,
        pitchLine: null,
        map: null,
      },
    },
    business: {
      company: "Prairie Ridge",
      phone: "(620) 555-0142",
      email: "hello@example.com",
      street: "100 N Washington Ave",
      city: "Wellington",
      region: "KS",
      postalCode: "67152",
    },
    terms: "Pay on completion.",
    facts: { depositBasisPoints: 3000, warrantyYears: 10 },
    validDays: 30,
    shingleName: "Designer",
    today: "2026-11-23",
    now: new Date("2026-11-23T19:00:00Z"),
  };

  it("copies who, where, what and how much, and the last day", () => {
    const c = buildProposalContent(sources);
    expect(c).toMatchObject({
      issuedAt: "2026-11-23T19:00:00.000Z",
      validUntil: "2026-12-23",
      company: { name: "Prairie Ridge", address: "100 N Washington Ave, Wellington, KS 67152" },
      customer: { name: "Karen Miller", address: "412 N Main St, Derby, KS 67037", phone: "" },
      tier: "best",
      totalCents: 200756,
      terms: "Pay on completion.",
    });
    // What the homeowner needs of a line, not the takeoff's bookkeeping.
    expect(c.lines).toEqual([
      { label: "Shingles", quantity: 45, unit: "bundles", unitPriceCents: 4150, totalCents: 186750 },
    ]);
    // An outline with nothing traced is no diagram; the figures stay.
    expect(c.roof).toEqual({ figures: [{ label: "Roof area", value: "1,342 sq ft" }], drawing: null });
  });

  it("freezes the owner's deposit (the invoice's cents, half up) and warranty, and states them before the owner's wording", () => {
    const c = buildProposalContent(sources);
    // 30 % of $2,007.56 is $602.268: $602.27.
    expect(c.deposit).toEqual({ basisPoints: 3000, cents: 60227 });
    expect(c.warrantyYears).toBe(10);
    expect(termsText(c).split("\n")).toEqual([
      "Payment: a deposit of 30% of the total ($602.27) on signing, the balance when the work is done and you have looked it over.",
      "Workmanship is guaranteed for 10 years from completion.",
      "Pay on completion.",
    ]);
  });

  it("says no deposit and no warranty when the owner's settings name none; older copies keep their own words", () => {
    const c = buildProposalContent({ ...sources, facts: { depositBasisPoints: 0, warrantyYears: null } });
    expect(factTermsLines(c)).toEqual([
      "Payment: nothing on signing; the total when the work is done and you have looked it over.",
    ]);
    expect(factTermsLines({ deposit: { basisPoints: 1000, cents: 1 }, warrantyYears: 1 })[1]).toBe(
      "Workmanship is guaranteed for 1 year from completion.",
    );
    // Sent before the terms held the facts: the owner's text is the whole of it.
    expect(termsText({ terms: "Payment: 10% on signing." })).toBe("Payment: 10% on signing.");
  });

  it("asks no deposit of an insurance job: the carrier pays what it approves, the homeowner his deductible", () => {
    const claim = { carrier: "State Farm", claimNumber: "12-345", deductibleCents: 100_000 };
    const c = buildProposalContent({ ...sources, facts: { depositBasisPoints: 3000, warrantyYears: 10, claim } });
    expect(c.deposit).toEqual({ basisPoints: 0, cents: 0 });
    expect(c.claim).toEqual(claim);
    expect(termsText(c).split("\n")).toEqual([
      "Payment: nothing on signing. This is an insurance job: State Farm (claim 12-345) pays what it approves for the work, as it releases it; you pay your deductible of $1,000.00, and anything you choose beyond what it approves, when we bill it.",
      "Workmanship is guaranteed for 10 years from completion.",
      "Pay on completion.",
    ]);
    // A lead that is no claim (null) is asked the owner's deposit as before.
    const plain = buildProposalContent({
      ...sources,
      facts: { depositBasisPoints: 3000, warrantyYears: 10, claim: null },
    });
    expect(plain.deposit?.basisPoints).toBe(3000);
    expect(plain).not.toHaveProperty("claim");
  });

  it("leaves the roof out when it was never measured, and the address to what is known", () => {
    const c = buildProposalContent({
      ...sources,
      roof: null,
      lead: { ...sources.lead, street: null, city: null, zip: null },
    });
    expect(c.roof).toBeNull();
    expect(c.customer.address).toBe("");
  });
});

describe("the homeowner's acceptance", () => {
  it("speaks US English to the homeowner (review L5)", () => {
    expect(britishSpellings(Object.values(PROPOSAL_MESSAGES).join("\n"))).toEqual([]);
    expect(PROPOSAL_MESSAGES.agreeMissing).toBe("Please check the box to agree to the terms.");
    expect(britishSpellings("Tick the box to make an enquiry; postcode; a fortnight")).toEqual([
      "Tick",
      "enquiry",
      "postcode",
      "fortnight",
    ]);
    expect(britishSpellings("Check the box to make an inquiry; ZIP code; ticket; stick; two weeks")).toEqual([]);
  });
});

describe("what the homeowner reads", () => {
  it("counts units as people do, and names the shingle line as the owner does", () => {
    expect([
      quantityWithUnit(37, "bundle"),
      quantityWithUnit(1, "roll"),
      quantityWithUnit(2, "roll"),
      quantityWithUnit(13.42, "sq"),
      quantityWithUnit(3, "each"),
      quantityWithUnit(2, "Piece"),
    ]).toEqual(["37 bundles", "1 roll", "2 rolls", "13.42 sq", "3 each", "2 pieces"]);
    expect(shingleLine({ shingleName: "Timberline HDZ", lines: [] })).toBe("Timberline HDZ");
    expect(
      shingleLine({
        lines: [{ label: "Architectural shingles", quantity: 1, unit: "bundle", unitPriceCents: 1, totalCents: 1 }],
      }),
    ).toBe("Architectural");
  });

  it("keeps a withdrawn proposal withdrawn, expired or not; accepted stays accepted", () => {
    const expiresAt = new Date("2026-12-24T06:00:00Z");
    const at = new Date("2026-12-01T00:00:00Z");
    expect(proposalState({ acceptedAt: null, withdrawnAt: at, expiresAt }, at)).toBe("withdrawn");
    expect(proposalState({ acceptedAt: null, withdrawnAt: at, expiresAt }, new Date("2027-01-01T00:00:00Z"))).toBe(
      "withdrawn",
    );
    expect(proposalState({ acceptedAt: at, withdrawnAt: null, expiresAt }, at)).toBe("accepted");
  });
});
