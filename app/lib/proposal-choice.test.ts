import { describe, expect, it } from "vitest";
import { hasChoices, termsText, type ProposalContent, type ProposalOption } from "./proposal";
import {
  checkedChoice,
  choiceFromForm,
  choiceTotals,
  CHOICE_MESSAGES,
  proposalOptions,
  readChoice,
  storedChoice,
} from "./proposal-choice";

const option = (tier: ProposalOption["tier"], name: string, subtotalCents: number): ProposalOption => ({
  tier,
  name,
  lines: [{ label: `${name} shingles`, quantity: 40, unit: "bundle", unitPriceCents: 100, totalCents: subtotalCents }],
  subtotalCents,
  taxCents: Math.round(subtotalCents * 0.075),
  totalCents: subtotalCents + Math.round(subtotalCents * 0.075),
});

const options = [
  option("good", "3-tab", 1_000_000),
  option("better", "Architectural", 1_200_000),
  option("best", "Designer", 1_500_000),
];
const content = {
  tier: "better",
  shingleName: "Architectural",
  lines: options[1].lines,
  subtotalCents: options[1].subtotalCents,
  taxCents: options[1].taxCents,
  totalCents: options[1].totalCents,
  taxRateBasisPoints: 750,
  options,
  addOns: [
    { id: "1", label: "Gutter guards", cents: 85_000 },
    { id: "2", label: "Ridge vent upgrade", cents: 45_005 },
  ],
  deposit: { basisPoints: 3000, cents: 387_000 },
  warrantyYears: 10,
  terms: "Cleanup included.",
} satisfies Partial<ProposalContent>;

describe("what a choice comes to", () => {
  it("is the option's own total without add-ons", () => {
    expect(choiceTotals(content, { option: "good", addOns: [] })).toMatchObject({
      subtotalCents: 1_000_000,
      taxCents: 75_000,
      totalCents: 1_075_000,
    });
  });

  it("taxes the add-ons with the option's lines, a half cent up", () => {
    // $12,000 + $450.05 = $12,450.05; 7.5 % tax is $933.75375 → $933.75.
    const totals = choiceTotals(content, { option: "better", addOns: ["2"] })!;
    expect(totals.addOns.map((a) => a.label)).toEqual(["Ridge vent upgrade"]);
    expect(totals).toMatchObject({ subtotalCents: 1_245_005, taxCents: 93_375, totalCents: 1_338_380 });
  });

  it("is no figure for an option or add-on the proposal does not offer, or one named twice", () => {
    expect(choiceTotals(content, { option: "best", addOns: ["9"] })).toBeNull();
    expect(choiceTotals({ ...content, options: options.slice(0, 2) }, { option: "best", addOns: [] })).toBeNull();
    expect(choiceTotals(content, { option: "good", addOns: ["1", "1"] })).toBeNull();
  });

  it("reads the page's own fields as the server reads the post", () => {
    const form = new FormData();
    form.append("option", "best");
    form.append("addOn", "1");
    expect(choiceFromForm(content, form)?.totalCents).toBe(
      choiceTotals(content, { option: "best", addOns: ["1"] })!.totalCents,
    );
  });
});

describe("a posted choice", () => {
  it("must name an offered option and offered add-ons", () => {
    expect(readChoice(content, { option: null, addOns: [] })).toEqual({ error: CHOICE_MESSAGES.noOption });
    expect(readChoice(content, { option: "premium", addOns: [] })).toEqual({ error: CHOICE_MESSAGES.unknownOption });
    expect(readChoice(content, { option: "good", addOns: ["3"] })).toEqual({ error: CHOICE_MESSAGES.unknownAddOn });
    expect(readChoice(content, { option: "good", addOns: ["2", "2"] })).toEqual({ option: "good", addOns: ["2"] });
  });

  it("is accepted only at the total the homeowner was shown", () => {
    const shown = String(choiceTotals(content, { option: "better", addOns: ["1"] })!.totalCents);
    expect(checkedChoice(content, { option: "better", addOns: ["1"], total: shown })).toMatchObject({
      choice: { option: "better", addOns: ["1"] },
      totals: { totalCents: Number(shown) },
    });
    expect(checkedChoice(content, { option: "better", addOns: ["1"], total: "100" })).toEqual({
      error: CHOICE_MESSAGES.totalChanged,
    });
    expect(checkedChoice(content, { option: "better", addOns: [], total: shown })).toEqual({
      error: CHOICE_MESSAGES.totalChanged,
    });
  });

  it("needs nothing on a proposal of one option without add-ons (as before options)", () => {
    const { options: _o, addOns: _a, ...single } = content;
    expect(hasChoices({ ...single, options: [options[1]] })).toBe(false);
    expect(proposalOptions(single)).toHaveLength(1);
    expect(checkedChoice(single, { option: null, addOns: [], total: null })).toMatchObject({
      choice: { option: "better", addOns: [] },
      totals: { totalCents: single.totalCents },
    });
  });

  it("reads an acceptance from before options as the only option", () => {
    expect(storedChoice(content, { chosenOption: null, chosenAddOns: null })).toEqual({ option: "better", addOns: [] });
  });
});

describe("the terms of a proposal with options", () => {
  it("state the deposit's percent until a total is chosen, then its amount", () => {
    expect(termsText(content).split("\n")[0]).toBe(
      "Payment: a deposit of 30% of the total you choose on signing, the balance when the work is done and you have looked it over.",
    );
    expect(termsText(content, 1_338_380).split("\n")[0]).toContain("a deposit of 30% of the total ($4,015.14)");
  });
});
