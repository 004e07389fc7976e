import { describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";
import {
  AddSupplementSchema,
  CLAIM_INTENTS,
  CLAIM_MESSAGES,
  claimChanged,
  claimFileProblem,
  DecideSupplementSchema,
  SaveClaimSchema,
  seesClaimFile,
  supplementDecision,
} from "./insurance-claim";

/** A form's fields parsed: its value, or each field's messages. */
function parse<S extends z.ZodType>(schema: S, fields: Record<string, string>) {
  const parsed = schema.safeParse(fields);
  const error: Record<string, string[]> = {};
  for (const issue of parsed.error?.issues ?? []) (error[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return parsed.success
    ? { status: "success" as const, value: parsed.data as z.output<S>, error: undefined }
    : { status: "error" as const, value: undefined, error };
}

describe("the claim form", () => {
  const claim = { intent: CLAIM_INTENTS.save, carrier: "State Farm", claimNumber: "12-345" };

  it("needs only the carrier and the claim number; blank money is none yet", () => {
    const parsed = parse(SaveClaimSchema, claim);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({
      carrier: "State Farm",
      claimNumber: "12-345",
      lossOn: null,
      adjusterPhone: null,
      deductibleCents: 0,
      approvedCents: null,
      depreciationCents: 0,
    });
  });

  it("says which box is missing, in plain words", () => {
    const parsed = parse(SaveClaimSchema, { intent: CLAIM_INTENTS.save });
    expect(parsed.status).toBe("error");
    expect(parsed.error?.carrier).toEqual([CLAIM_MESSAGES.carrier]);
    expect(parsed.error?.claimNumber).toEqual([CLAIM_MESSAGES.claimNumber]);
  });

  it("reads dollars as the money boxes do, in whole cents", () => {
    const parsed = parse(SaveClaimSchema, {
      ...claim,
      deductible: "$1,000",
      approved: "18,450.55",
      depreciation: "4200.5",
      lossOn: "2026-06-14",
      adjusterPhone: "(316) 555-0142",
      adjusterEmail: "pat.adjuster@statefarm.example",
    });
    expect(parsed.status === "success" && parsed.value).toMatchObject({
      deductibleCents: 100_000,
      approvedCents: 1_845_055,
      depreciationCents: 420_050,
      lossOn: "2026-06-14",
    });
  });

  it("refuses depreciation beyond the approved cost, or without it, and money that is not dollars", () => {
    expect(parse(SaveClaimSchema, { ...claim, approved: "1000", depreciation: "1000.01" }).error?.depreciation).toEqual(
      [CLAIM_MESSAGES.depreciationOverApproved],
    );
    expect(parse(SaveClaimSchema, { ...claim, depreciation: "500" }).error?.approved).toEqual([
      CLAIM_MESSAGES.depreciationWithoutApproved,
    ]);
    expect(parse(SaveClaimSchema, { ...claim, deductible: "-5" }).error?.deductible).toEqual([
      CLAIM_MESSAGES.badDollars,
    ]);
    expect(parse(SaveClaimSchema, { ...claim, approved: "1000001" }).error?.approved).toEqual([CLAIM_MESSAGES.tooMuch]);
    expect(parse(SaveClaimSchema, { ...claim, adjusterPhone: "555" }).error?.adjusterPhone).toEqual([
      CLAIM_MESSAGES.badPhone,
    ]);
    expect(parse(SaveClaimSchema, { ...claim, lossOn: "2026-02-30" }).error?.lossOn).toEqual([CLAIM_MESSAGES.badDate]);
    expect(parse(SaveClaimSchema, { ...claim, carrier: "State\nFarm" }).error?.carrier).toEqual([
      CLAIM_MESSAGES.oneLine,
    ]);
  });

  it("knows when a save changes nothing", () => {
    const facts = {
      carrier: "State Farm",
      claimNumber: "12-345",
      lossOn: null,
      adjusterName: null,
      adjusterPhone: null,
      adjusterEmail: null,
      deductibleCents: 100_000,
      approvedCents: null,
      depreciationCents: 0,
    };
    expect(claimChanged(facts, { ...facts })).toBe(false);
    expect(claimChanged(facts, { ...facts, approvedCents: 1_800_000 })).toBe(true);
  });
});

describe("supplements", () => {
  it("need what is asked, an amount over nothing and the day", () => {
    const ok = parse(AddSupplementSchema, {
      intent: CLAIM_INTENTS.addSupplement,
      description: "Ridge vent",
      requested: "450",
      submittedOn: "2026-12-03",
    });
    expect(ok.status === "success" && ok.value).toMatchObject({ requestedCents: 45_000, submittedOn: "2026-12-03" });
    const zero = parse(AddSupplementSchema, {
      intent: CLAIM_INTENTS.addSupplement,
      description: "Ridge vent",
      requested: "0",
      submittedOn: "2026-12-03",
    });
    expect(zero.error?.requested).toEqual([CLAIM_MESSAGES.supplementAmount]);
  });

  const submitted = {
    requestedCents: 45_000,
    invoiceId: null,
    state: "submitted" as const,
    approvedCents: null,
    decidedOn: null,
  };

  it("are approved for the amount asked unless less is said, never more", () => {
    const decided = parse(DecideSupplementSchema, {
      intent: CLAIM_INTENTS.decideSupplement,
      supplementId: "3",
      decision: "approved",
      decidedOn: "2026-12-09",
    });
    expect(decided.status).toBe("success");
    if (decided.status !== "success") return;
    expect(supplementDecision(submitted, decided.value)).toEqual({
      state: "approved",
      approvedCents: 45_000,
      decidedOn: "2026-12-09",
    });
    expect(supplementDecision(submitted, { ...decided.value, approvedCents: 40_000 })).toMatchObject({
      approvedCents: 40_000,
    });
    expect(supplementDecision(submitted, { ...decided.value, approvedCents: 45_001 })).toEqual({
      refused: CLAIM_MESSAGES.supplementOverAsked,
      field: "approved",
    });
  });

  it("denied carry no amount; a billed one is not changed; the same answer twice changes nothing", () => {
    const denied = { decision: "denied" as const, approvedCents: null, decidedOn: "2026-12-09" };
    expect(supplementDecision(submitted, denied)).toEqual({
      state: "denied",
      approvedCents: null,
      decidedOn: "2026-12-09",
    });
    expect(supplementDecision({ ...submitted, invoiceId: 7 }, denied)).toMatchObject({
      refused: CLAIM_MESSAGES.supplementBilled,
    });
    expect(supplementDecision({ ...submitted, state: "denied", decidedOn: "2026-12-09" }, denied)).toBe("unchanged");
  });
});

describe("claim files", () => {
  it("take the scope as a PDF, a photo as a picture, anything else as either", () => {
    expect(claimFileProblem("scope", "pdf")).toBeNull();
    expect(claimFileProblem("scope", "image")).toBe(CLAIM_MESSAGES.scopeNotPdf);
    expect(claimFileProblem("photo", "image")).toBeNull();
    expect(claimFileProblem("photo", "pdf")).toBe(CLAIM_MESSAGES.photoNotImage);
    expect(claimFileProblem("other", "pdf")).toBeNull();
    expect(claimFileProblem("other", null)).toBe(CLAIM_MESSAGES.notPdfOrImage);
  });

  it("open for the crew when they are the scope or photos", () => {
    expect(seesClaimFile(false, "scope")).toBe(true);
    expect(seesClaimFile(false, "photo")).toBe(true);
    expect(seesClaimFile(false, "other")).toBe(false);
    expect(seesClaimFile(true, "other")).toBe(true);
  });
});
