import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md is the way into the records: a record it does not list is one a
// newcomer never finds, and a status there that differs from the record's own line sends
// them to read a record as if it still stood whole.
const DIR = join(import.meta.dirname, "../../docs/decisions");
const INDEX = "README.md";

/** A record's status as its own second line says it, without the note in parentheses. */
function ownStatus(text: string): string {
  const line = text.split("\n").find((l) => l.startsWith("Date: ")) ?? "";
  return /Status: (.+?)(?: \(.*\))?\.$/.exec(line)?.[1] ?? "";
}

/** The index's rows: record number, the file it links, and its status cell. */
function indexRows(index: string): Map<string, { file: string; status: string }> {
  const rows = new Map<string, { file: string; status: string }>();
  for (const line of index.split("\n")) {
    const link = /^\| \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(line);
    if (!link) continue;
    const cells = line.split(" | ");
    rows.set(link[1]!, { file: link[2]!, status: (cells[2] ?? "").trim() });
  }
  return rows;
}

function indexProblems(files: readonly string[], read: (file: string) => string, index: string): string[] {
  const rows = indexRows(index);
  const problems: string[] = [];
  for (const file of files) {
    const number = file.slice(0, 4);
    const row = rows.get(number);
    if (!row) {
      problems.push(`${file} is not in docs/decisions/README.md`);
      continue;
    }
    if (row.file !== file) problems.push(`${number}: the index links ${row.file}, the record is ${file}`);
    const status = ownStatus(read(file));
    if (row.status !== status) problems.push(`${number}: the index says "${row.status}", the record says "${status}"`);
  }
  const known = new Set(files.map((f) => f.slice(0, 4)));
  for (const number of rows.keys())
    if (!known.has(number)) problems.push(`${number} is in the index but no record has that number`);
  return problems;
}

describe("the decision index", () => {
  const files = readdirSync(DIR)
    .filter((name) => /^\d{4}-.*\.md$/.test(name))
    .sort();

  it("lists every record, with the status the record gives itself", () => {
    const index = readFileSync(join(DIR, INDEX), "utf8");
    expect(indexProblems(files, (f) => readFileSync(join(DIR, f), "utf8"), index)).toEqual([]);
  });

  it("refuses a missing record, a stale status and a row for no record", () => {
    const record = (status: string) => `# 0040: a\n\nDate: 2026-11-25. Status: ${status}.\n`;
    const row = (n: string, status: string) => `| [${n}](${n}-a.md): a | 2026-11-25 | ${status} | what |`;
    const read = () => record("amended by 0041 (the mail part)");
    expect(indexProblems(["0040-a.md"], read, row("0040", "amended by 0041"))).toEqual([]);
    expect(indexProblems(["0040-a.md"], read, "")).toHaveLength(1);
    expect(indexProblems(["0040-a.md"], read, row("0040", "accepted"))).toHaveLength(1);
    expect(
      indexProblems(["0040-a.md"], read, `${row("0040", "amended by 0041")}\n${row("0041", "accepted")}`),
    ).toHaveLength(1);
  });
});
