import { describe, expect, it } from "vitest";
import { foldForSearch, ftsMatchQuery, normalizeSearch, SEARCH_MAX_LENGTH } from "./search-query";

describe("search words for FTS5", () => {
  it("is nothing when nothing was typed", () => {
    expect(ftsMatchQuery("")).toBeNull();
    expect(ftsMatchQuery("   ")).toBeNull();
    expect(ftsMatchQuery(null)).toBeNull();
  });

  it("asks every word as the start of a word, each quoted", () => {
    expect(ftsMatchQuery("main  derby")).toBe('"main"* AND "derby"*');
    expect(ftsMatchQuery('say "hi" NEAR(')).toBe('"say"* AND """hi"""* AND "NEAR("*');
  });

  it("also asks a phone typed with punctuation by its digits alone", () => {
    expect(ftsMatchQuery("316-555-0188", { digitsColumn: "phone_digits" })).toBe(
      '("316-555-0188"* OR {phone_digits} : "3165550188"*)',
    );
    expect(ftsMatchQuery("3165550188", { digitsColumn: "phone_digits" })).toBe('"3165550188"*');
    expect(ftsMatchQuery("(31)", { digitsColumn: "phone_digits" })).toBe('"(31)"*');
  });

  it("matches nothing for punctuation alone, and drops it beside real words", () => {
    expect(ftsMatchQuery("* - (")).toBe('""');
    expect(ftsMatchQuery("karen -")).toBe('"karen"*');
  });

  it("folds apostrophes and accents, so a name is found however it was typed", () => {
    for (const typed of ["obrien", "OBrien", "o'brien", "O’Brien", "O‘Brien", "Oʼbrien", "O`Brien"])
      expect(foldForSearch(typed).toLowerCase(), typed).toBe("obrien");
    expect(foldForSearch("José Núñez")).toBe("Jose Nunez");
    // Both ways for a word typed with an apostrophe: its own words, or the folded column's one.
    expect(ftsMatchQuery("O’Brien")).toBe('("O’Brien"* OR "OBrien"*)');
    expect(ftsMatchQuery("obrien")).toBe('"obrien"*');
    expect(ftsMatchQuery("'")).toBe('""');
  });

  it("bounds what it sends", () => {
    expect(normalizeSearch("x".repeat(10_000))).toHaveLength(SEARCH_MAX_LENGTH);
    expect(ftsMatchQuery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(" "))!.split(" AND ")).toHaveLength(12);
  });
});
