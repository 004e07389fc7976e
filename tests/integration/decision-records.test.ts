import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A decision record is read long after it was written: its first lines must say when it was
// taken and whether it still stands, or which later record to read with it.
const DIR = join(import.meta.dirname, "../../docs/decisions");
const NUMBER = String.raw`\d{4}`;
const NUMBERS = String.raw`${NUMBER}(?:(?:, | and )${NUMBER})*`;
// The status may carry a short note in parentheses: "accepted (extends 0018's body caps)."
const STATUS_LINE = new RegExp(
  String.raw`^Date: (\d{4}-\d{2}-\d{2})\. Status: (accepted|superseded by ${NUMBER}|amended by ${NUMBERS})(?: \(.+\))?\.$`,
);

function recordProblems(fileName: string, text: string, known: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const number = /^(\d{4})-[a-z0-9-]+\.md$/.exec(fileName)?.[1];
  if (!number) return [`${fileName}: the name is not NNNN-title.md`];
  const [title = "", ...rest] = text.split("\n");
  if (!new RegExp(String.raw`^# ${number}: \S`).test(title))
    problems.push(`${fileName}: the first line is not "# ${number}: title"`);
  const statusLine = rest.find((line) => line.trim() !== "") ?? "";
  const match = STATUS_LINE.exec(statusLine);
  if (!match) {
    problems.push(
      `${fileName}: the line after the title is not "Date: YYYY-MM-DD. Status: accepted|superseded by NNNN|amended by NNNN."`,
    );
    return problems;
  }
  const [, date = "", status = ""] = match;
  if (
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  ) {
    problems.push(`${fileName}: ${date} is not a date`);
  }
  for (const other of status.match(/\d{4}/g) ?? []) {
    if (!known.has(other)) problems.push(`${fileName}: status names ${other}, which is not a record`);
    if (other <= number) problems.push(`${fileName}: status names ${other}, which is not a later record`);
  }
  return problems;
}

/**
 * A record whose status note says it changes older ones ("accepted (amends 0028)") must be
 * named in their status lines, so whoever opens the older record is sent to the newer one.
 */
function missingBackReferences(records: ReadonlyMap<string, string>): string[] {
  const statusOf = (text: string) => text.split("\n").find((line) => line.startsWith("Date: ")) ?? "";
  const problems: string[] = [];
  for (const [number, text] of records) {
    const note = /Status: accepted \((.+)\)\.$/.exec(statusOf(text))?.[1] ?? "";
    for (const older of note.match(/\b\d{4}\b/g) ?? []) {
      if (older >= number || !records.has(older)) continue;
      const named = statusOf(records.get(older)!).replace(/ \(.*$/, "");
      if (!named.includes(number))
        problems.push(
          `${older} is changed by ${number}: its status should say "amended by ${number}" or "superseded by ${number}"`,
        );
    }
  }
  return problems;
}

function repeatedNumbers(fileNames: readonly string[]): string[] {
  const seen = new Map<string, string>();
  const repeats: string[] = [];
  for (const name of fileNames) {
    const number = name.slice(0, 4);
    const first = seen.get(number);
    if (first) repeats.push(`${number}: ${first} and ${name}`);
    else seen.set(number, name);
  }
  return repeats;
}

describe("decision records", () => {
  const files = readdirSync(DIR)
    .filter((name) => name.endsWith(".md") && name !== "README.md")
    .sort();
  const known = new Set(files.map((name) => name.slice(0, 4)));

  it("each start with their number, title, date and status", () => {
    expect(files.length).toBeGreaterThan(30);
    const problems = files.flatMap((name) => recordProblems(name, readFileSync(join(DIR, name), "utf8"), known));
    expect(problems).toEqual([]);
  });

  it("name the later records that change them", () => {
    const records = new Map(files.map((name) => [name.slice(0, 4), readFileSync(join(DIR, name), "utf8")]));
    expect(missingBackReferences(records)).toEqual([]);
  });

  it("never share a number", () => {
    expect(repeatedNumbers(files)).toEqual([]);
  });

  it("refuses a record without a date or status, a wrong number, or a status naming no later record", () => {
    const ok = "# 0040: a title\n\nDate: 2026-11-25. Status: accepted.\n\n## Context\n";
    const some = new Set(["0026", "0032", "0040"]);
    expect(recordProblems("0040-a-title.md", ok, some)).toEqual([]);
    expect(
      recordProblems(
        "0026-a.md",
        "# 0026: a\n\nDate: 2026-11-23. Status: amended by 0032 and 0040 (the mail part).\n",
        some,
      ),
    ).toEqual([]);
    expect(recordProblems("0040-a-title.md", "# 0040: a title\n\n## Context\n", some)).toHaveLength(1);
    expect(
      recordProblems("0040-a-title.md", "# 0040 a title\n\nDate: 2026-11-25. Status: accepted.\n", some),
    ).toHaveLength(1);
    expect(
      recordProblems("0040-a-title.md", "# 0040: a title\n\nDate: 2026-11-25 · Status: accepted\n", some),
    ).toHaveLength(1);
    expect(
      recordProblems("0040-a-title.md", "# 0040: a title\n\nDate: 2026-02-30. Status: accepted.\n", some),
    ).toHaveLength(1);
    expect(
      recordProblems("0040-a-title.md", "# 0040: a title\n\nDate: 2026-11-25. Status: proposed.\n", some),
    ).toHaveLength(1);
    expect(
      recordProblems("0026-a.md", "# 0026: a\n\nDate: 2026-11-23. Status: superseded by 0041.\n", some),
    ).toHaveLength(1);
    expect(recordProblems("0032-a.md", "# 0032: a\n\nDate: 2026-11-25. Status: amended by 0026.\n", some)).toHaveLength(
      1,
    );
    const older = "# 0028: a\n\nDate: 2026-11-23. Status: accepted.\n";
    const newer = "# 0038: b\n\nDate: 2026-11-25. Status: accepted (amends 0028).\n";
    expect(
      missingBackReferences(
        new Map([
          ["0028", older],
          ["0038", newer],
        ]),
      ),
    ).toHaveLength(1);
    expect(
      missingBackReferences(
        new Map([
          ["0028", older.replace("accepted", "amended by 0038")],
          ["0038", newer],
        ]),
      ),
    ).toEqual([]);
    expect(repeatedNumbers(["0039-mail.md", "0039-leads.md", "0040-cycles.md"])).toEqual([
      "0039: 0039-mail.md and 0039-leads.md",
    ]);
  });
});
