import { describe, expect, it } from "vitest";
import { formListsFit } from "./form-lists";

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};
const LINES = { lines: 60 };
const HOURS = { hours: 7, "hours[].days": 7 };

describe("formListsFit", () => {
  it("takes a form's rows up to its limit", () => {
    expect(
      formListsFit(
        form([
          ["lines[0].label", "Shingles"],
          ["lines[59].label", "Nails"],
          ["add.label", ""],
        ]),
        LINES,
      ),
    ).toBe(true);
    expect(
      formListsFit(
        form([
          ["hours[6].opens", "08:00"],
          ["hours[6].days", "Su"],
          ["hours[6].days", "Mo"],
        ]),
        HOURS,
      ),
    ).toBe(true);
  });

  it("refuses an index past the limit, however few bytes name it", () => {
    expect(formListsFit(form([["lines[60].label", "x"]]), LINES)).toBe(false);
    expect(
      formListsFit(
        form([
          ["lines[9999].label", "x"],
          ["lines[9999].quantity", "1"],
        ]),
        LINES,
      ),
    ).toBe(false);
    expect(formListsFit(form([["hours[2999].opens", "08:00"]]), HOURS)).toBe(false);
    expect(formListsFit(form([["hours[0].days[7]", "Mo"]]), HOURS)).toBe(false);
  });

  it("reads an all-digit dotted segment as the index it becomes (lines.9999 is row 9999)", () => {
    // Conform sets `lines["9999"]`, which on the array `lines[0]` made is its row 9999.
    expect(
      formListsFit(
        form([
          ["lines[0].label", "x"],
          ["lines.9999.label", "x"],
        ]),
        LINES,
      ),
    ).toBe(false);
    expect(formListsFit(form([["lines.9999.label", "x"]]), LINES)).toBe(false);
    expect(formListsFit(form([["lines.999999", "x"]]), LINES)).toBe(false);
    expect(
      formListsFit(
        form([
          ["hours[0].opens", "08:00"],
          ["hours.2999.opens", "08:00"],
        ]),
        HOURS,
      ),
    ).toBe(false);
    expect(formListsFit(form([["hours[0].days.5000", "Mo"]]), HOURS)).toBe(false);
    expect(formListsFit(form([["lines.59.label", "x"]]), LINES)).toBe(true);
    // Whether it lands on an array depends on the names before it: counted as an index always.
    expect(formListsFit(form([["address.2", "x"]]))).toBe(false);
    expect(formListsFit(form([["address.street", "x"]]))).toBe(true);
  });

  it("refuses a named key under a list, which would turn the list into an object no page can show as rows", () => {
    expect(formListsFit(form([["lines.label", "x"]]), LINES)).toBe(false);
    expect(formListsFit(form([["hours[0].days.monday", "Mo"]]), HOURS)).toBe(false);
    expect(formListsFit(form([["hours.length", "3000"]]), HOURS)).toBe(false);
  });

  it("refuses an index in a list the form does not have", () => {
    expect(
      formListsFit(
        form([
          ["name", "Ann"],
          ["photos[0]", "x"],
        ]),
      ),
    ).toBe(false);
    expect(formListsFit(form([["lines[0].label", "x"]]), HOURS)).toBe(false);
    expect(
      formListsFit(
        form([
          ["name", "Ann"],
          ["note", "a.b"],
        ]),
      ),
    ).toBe(true);
  });

  it("counts values pushed with [] or repeated under a list's own name", () => {
    const many = (name: string, n: number) => form(Array.from({ length: n }, () => [name, "x"] as [string, string]));
    expect(formListsFit(many("lines", 61), LINES)).toBe(false);
    expect(formListsFit(many("lines[]", 61), LINES)).toBe(false);
    expect(formListsFit(many("lines", 60), LINES)).toBe(true);
    expect(formListsFit(many("hours[0].days", 8), HOURS)).toBe(false);
    expect(formListsFit(many("tags[]", 1))).toBe(false);
    // A plain field sent twice is no list: the schema decides about it.
    expect(formListsFit(many("name", 3))).toBe(true);
  });

  it("takes conform's insert and remove buttons within a declared list, and nothing else", () => {
    const intent = (value: unknown) => form([["__intent__", JSON.stringify(value)]]);
    expect(
      formListsFit(intent({ type: "insert", payload: { name: "hours", defaultValue: { opens: "08:00" } } }), HOURS),
    ).toBe(true);
    expect(formListsFit(intent({ type: "remove", payload: { name: "hours", index: 6 } }), HOURS)).toBe(true);
    expect(formListsFit(intent({ type: "remove", payload: { name: "hours", index: 7 } }), HOURS)).toBe(false);
    expect(formListsFit(intent({ type: "insert", payload: { name: "hours[2999].days" } }), HOURS)).toBe(false);
    expect(formListsFit(intent({ type: "update", payload: { name: "hours", value: [] } }), HOURS)).toBe(false);
    expect(formListsFit(intent({ type: "insert", payload: { name: "lines" } }), HOURS)).toBe(false);
    expect(formListsFit(form([["__intent__", "{not json"]]), HOURS)).toBe(false);
    expect(formListsFit(form([["__state__", "{not json"]]), HOURS)).toBe(false);
  });
});
