import { describe, expect, it } from "vitest";
import { isRefusal, refusal } from "./refusal";

describe("a refusal", () => {
  it("carries the message as the person reads it, with the field and status when said", () => {
    expect(refusal("Please choose a picture")).toEqual({ refused: "Please choose a picture" });
    expect(refusal("Too big", { field: "upload", status: 413 })).toEqual({
      refused: "Too big",
      field: "upload",
      status: 413,
    });
  });

  it("is told apart from any other outcome", () => {
    expect(isRefusal(refusal("No"))).toBe(true);
    for (const other of [null, undefined, "No", { id: 3 }, { message: "Saved" }, { refused: 3 }, []])
      expect(isRefusal(other)).toBe(false);
  });
});
