import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DRAFT_MESSAGES } from "./portfolio-draft-form";
import { LEAD_MESSAGES } from "./lead-status";
import { PROPOSAL_MESSAGES } from "./proposal";
import { isLeadIntent, LEAD_INTENTS, LeadFormSchema, leadUpdate } from "./lead-forms";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: LeadFormSchema });
/** Each field's first error, as the page shows them. */
const errors = (fields: Record<string, string>) => {
  const reply = parse(fields).reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([name, list]) => [name, list?.[0]]));
};

describe("the lead page's intents", () => {
  it("are each written once, one per form of the page", () => {
    expect([...LEAD_INTENTS].sort()).toEqual(
      [
        "add-to-portfolio",
        "ask-review",
        "assign",
        "complete",
        "email-proposal",
        "lead",
        "leave-out-materials",
        "make-estimate",
        "measure",
        "reopen",
        "save-estimate",
        "send-proposal",
      ].sort(),
    );
    expect(new Set(LEAD_INTENTS).size).toBe(LEAD_INTENTS.length);
  });

  it("know only their own names: none, a made-up one or a look-alike is no intent of the page", () => {
    expect(isLeadIntent("make-estimate")).toBe(true);
    for (const value of [null, undefined, "", "made-up", "Lead", "save", " measure", ["lead"]])
      expect(isLeadIntent(value)).toBe(false);
  });
});

describe("the status form", () => {
  it("takes a status, a follow-up day and a note, each trimmed; nothing typed is null", () => {
    const parsed = parse({
      intent: "lead",
      status: "contacted",
      followUpOn: "2026-11-30",
      note: "  Left a voicemail ",
    });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success" || parsed.value.intent !== "lead") return;
    expect(leadUpdate(parsed.value)).toEqual({
      status: "contacted",
      lostReason: null,
      followUpOn: "2026-11-30",
      note: "Left a voicemail",
    });
  });

  it("asks why a lead was lost, under that field, and keeps the reason only for a lost lead", () => {
    expect(errors({ intent: "lead", status: "lost", lostReason: "   " })).toEqual({
      lostReason: LEAD_MESSAGES.lostReason,
    });
    const lost = parse({ intent: "lead", status: "lost", lostReason: " Went   with another " });
    const won = parse({ intent: "lead", status: "won", lostReason: "Price" });
    if (
      lost.status !== "success" ||
      lost.value.intent !== "lead" ||
      won.status !== "success" ||
      won.value.intent !== "lead"
    )
      throw new Error("refused");
    expect(leadUpdate(lost.value).lostReason).toBe("Went with another");
    expect(leadUpdate(won.value).lostReason).toBeNull();
  });

  it("refuses an unknown status, a made-up date and a huge note or reason, each under its field", () => {
    expect(errors({ intent: "lead", status: "maybe" })).toEqual({ status: LEAD_MESSAGES.badStatus });
    expect(errors({ intent: "lead" })).toEqual({ status: LEAD_MESSAGES.badStatus });
    expect(errors({ intent: "lead", status: "new", followUpOn: "2026-02-30" })).toEqual({
      followUpOn: LEAD_MESSAGES.badDate,
    });
    expect(errors({ intent: "lead", status: "new", note: "x".repeat(5001) })).toEqual({ note: LEAD_MESSAGES.tooLong });
    expect(errors({ intent: "lead", status: "lost", lostReason: "x".repeat(201) })).toEqual({
      lostReason: LEAD_MESSAGES.tooLong,
    });
  });
});

describe("the proposal forms", () => {
  it("take the terms and a whole number of days from 1 to 365", () => {
    const parsed = parse({
      intent: "send-proposal",
      terms: " Pay\r\non completion ",
      validDays: "30",
      saveDefaults: "on",
    });
    expect(parsed.status === "success" && parsed.value).toEqual({
      intent: "send-proposal",
      terms: "Pay\non completion",
      validDays: 30,
      saveDefaults: true,
      // Nothing ticked: the estimate alone, unit prices shown, as before options.
      tiers: [],
      addOns: [],
      hideUnitPrices: false,
    });
    for (const days of ["0", "366", "2.5", "", "abc"])
      expect(errors({ intent: "send-proposal", terms: "T", validDays: days })).toEqual({
        validDays: PROPOSAL_MESSAGES.badDays,
      });
    expect(errors({ intent: "send-proposal", terms: " ", validDays: "30" })).toEqual({
      terms: PROPOSAL_MESSAGES.termsMissing,
    });
    expect(errors({ intent: "send-proposal", terms: "x".repeat(5001), validDays: "30" })).toEqual({
      terms: PROPOSAL_MESSAGES.termsTooLong,
    });
  });

  it("mail one proposal, named by its id; anything else names none (the action's 404)", () => {
    expect(parse({ intent: "email-proposal", proposalId: "7" })).toMatchObject({
      status: "success",
      value: { proposalId: 7 },
    });
    for (const proposalId of ["", "abc", "0", "-1", "1.5"])
      expect(parse({ intent: "email-proposal", proposalId })).toMatchObject({
        status: "success",
        value: { proposalId: 0 },
      });
    expect(parse({ intent: "email-proposal" })).toMatchObject({ status: "success", value: { proposalId: 0 } });
  });
});

describe("the estimate and job forms", () => {
  it("check the estimate's fields with the estimate's own schemas", () => {
    expect(parse({ intent: "make-estimate", tier: "better", wastePercent: "10", tearOffLayers: "1" }).status).toBe(
      "success",
    );
    expect(
      Object.keys(errors({ intent: "make-estimate", tier: "gold", wastePercent: "-5", tearOffLayers: "9" })).sort(),
    ).toEqual(["tearOffLayers", "tier", "wastePercent"]);
    expect(
      errors({ intent: "save-estimate", "lines[0].label": "", "lines[0].quantity": "1", "lines[0].unitPrice": "1" }),
    ).toEqual({ "lines[0].label": "Please describe the line" });
    expect(errors({ intent: "leave-out-materials", reason: " " })).toEqual({
      reason: "Please say why they are left out",
    });
  });

  it("take the buttons with no fields as they come, and a portfolio draft's fields under their names", () => {
    for (const intent of ["measure", "complete", "reopen", "ask-review"])
      expect(parse({ intent, anything: "else" })).toMatchObject({ status: "success", value: { intent } });
    expect(
      errors({ intent: "add-to-portfolio", title: "Porch", description: "New porch roof", altText: "A porch" }),
    ).toEqual({ category: DRAFT_MESSAGES.category });
  });

  it("ask a portfolio draft for alt text only with a picture chosen: a request without photos has none", () => {
    const draft = { intent: "add-to-portfolio", title: "Porch", category: "roofing", description: "New porch roof" };
    expect(parse(draft)).toMatchObject({ status: "success", value: { altText: "" } });
    expect(errors({ ...draft, photoId: "7", altText: " " })).toEqual({ altText: DRAFT_MESSAGES.alt });
    expect(parse({ ...draft, photoId: "7", altText: "A porch" })).toMatchObject({ status: "success" });
  });
});
