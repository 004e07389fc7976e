import { describe, expect, it } from "vitest";
import { parseId } from "./parse-id";

describe("parseId", () => {
  it("reads a positive whole number from a form or query value", () => {
    expect(parseId("42")).toBe(42);
    expect(parseId("7")).toBe(7);
  });

  it("gives null for anything a row's id cannot be", () => {
    for (const value of [null, undefined, "", "0", "-3", "1.5", "abc", "1e400", " "]) expect(parseId(value)).toBeNull();
  });
});
