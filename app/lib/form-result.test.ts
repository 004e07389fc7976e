import { describe, expect, it } from "vitest";
import { replyFor, type FormResult } from "./form-result";

const refused = (intent: string, about: number | null): FormResult => ({
  intent,
  about,
  reply: { status: "error", error: { "": [`${intent} ${about}`] } },
});

describe("replyFor", () => {
  it("finds the reply of the form that posted, by intent and row", () => {
    const visit7 = refused("move-visit", 7);
    expect(replyFor([undefined, visit7], "move-visit", 7)).toBe(visit7.reply);
    expect(replyFor([undefined, visit7], "move-visit", 8)).toBeUndefined();
    expect(replyFor([visit7], "cancel-visit", 7)).toBeUndefined();
  });

  it("a form of the page itself is about no row", () => {
    const status = refused("lead", null);
    expect(replyFor([status], "lead")).toBe(status.reply);
    expect(replyFor([status], "lead", 3)).toBeUndefined();
  });

  it("the fetcher's answer comes before the page's", () => {
    const fresh = refused("lead", null);
    const old = refused("lead", null);
    expect(replyFor([fresh, old], "lead")).toBe(fresh.reply);
    expect(replyFor([null, undefined], "lead")).toBeUndefined();
  });
});
