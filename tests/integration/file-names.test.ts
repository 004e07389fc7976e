import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One concept, one noun (CONVENTIONS.md): a model and a service whose names differ by one
// letter (`proposal.server.ts` beside `proposals.server.ts`) say nothing about which does
// what, and a lead is a lead in every file name, never a "message".

const APP = path.resolve("app");

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : filesUnder(full);
    return [path.relative(APP, full)];
  });
}

/** `models/proposal.server.ts` → `proposal`: the name without its extension and its .server/.test marks. */
function stem(file: string): string {
  return path
    .basename(file)
    .replace(/\.[^.]+$/, "")
    .replace(/(\.(server|test))+$/, "");
}

/** Pairs of files whose names differ only by a trailing "s". */
function pluralPairs(files: readonly string[]): [string, string][] {
  const byStem = new Map<string, string[]>();
  for (const file of files) byStem.set(stem(file), [...(byStem.get(stem(file)) ?? []), file]);
  const pairs: [string, string][] = [];
  for (const [name, plural] of byStem) {
    const singular = name.endsWith("s") ? byStem.get(name.slice(0, -1)) : undefined;
    for (const one of singular ?? []) for (const many of plural) pairs.push([one, many]);
  }
  return pairs;
}

// "message" names a lead nowhere; these files mean another kind of message.
const OTHER_MESSAGES = new Set(["components/flash-message.tsx"]);

describe("file names under app/", () => {
  const files = filesUnder(APP);

  it("finds the pairs it is meant to refuse", () => {
    expect(
      pluralPairs([
        "models/proposal.server.ts",
        "services/proposals.server.ts",
        "lib/leads.test.ts",
        "lib/lead.ts",
        "lib/address.ts",
      ]),
    ).toEqual([
      ["models/proposal.server.ts", "services/proposals.server.ts"],
      ["lib/lead.ts", "lib/leads.test.ts"],
    ]);
  });

  it("has no two names that differ only by a plural", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(pluralPairs(files)).toEqual([]);
  });

  it("calls a lead a lead, never a message", () => {
    const named = files.filter((f) => /message/i.test(path.basename(f)) && !OTHER_MESSAGES.has(f));
    expect(named).toEqual([]);
  });
});
