import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PROPOSAL_MESSAGES } from "./proposal";
import { AcceptanceSchema } from "./proposal-schema";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: AcceptanceSchema });
};

describe("the homeowner's acceptance form", () => {
  it("takes any non-empty name, spaces tidied, with the box checked", () => {
    const submission = parse({ fullName: "  Dana   Ortiz ", agree: "on" });
    expect(submission.status === "success" && submission.value).toEqual({ fullName: "Dana Ortiz", agree: true });
  });

  it.each([
    [{ fullName: "   ", agree: "on" }, { fullName: [PROPOSAL_MESSAGES.nameMissing] }],
    [{ agree: "on" }, { fullName: [PROPOSAL_MESSAGES.nameMissing] }],
    [{ fullName: "Dana Ortiz" }, { agree: [PROPOSAL_MESSAGES.agreeMissing] }],
    [{ fullName: "x".repeat(121), agree: "on" }, { fullName: ["Please keep your name under 120 characters."] }],
    [{}, { fullName: [PROPOSAL_MESSAGES.nameMissing], agree: [PROPOSAL_MESSAGES.agreeMissing] }],
  ])("refuses %j on the field, in the spec's words", (fields, errors) => {
    expect(parse(fields).reply().error).toEqual(errors);
  });

  it("gives back what was typed, the box still checked", () => {
    expect(parse({ fullName: "   ", agree: "on" }).reply().initialValue).toEqual({ fullName: "   ", agree: "on" });
  });
});
