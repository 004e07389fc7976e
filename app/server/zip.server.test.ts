import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { zipStream, type ZipEntry } from "./zip.server";

let dir = "";
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-test-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What Python's zipfile reads in the archive: its own check, then each entry's name and bytes. */
function readBack(file: string): { bad: string | null; entries: [string, string][] } {
  const check = spawnSync(
    "python3",
    [
      "-c",
      `import zipfile, sys, json, base64
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"bad": z.testzip(), "entries": [[n, base64.b64encode(z.read(n)).decode()] for n in z.namelist()]}))`,
      file,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  expect(check.status, check.stderr).toBe(0);
  return JSON.parse(check.stdout);
}

const bytesOf = (entries: [string, string][]) =>
  Object.fromEntries(entries.map(([name, base64]) => [name, Buffer.from(base64, "base64")]));

function picture(name: string, body: Buffer | string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body);
  return file;
}

describe("zipStream", () => {
  it("writes a zip another tool opens and checks, with every entry's bytes, stored or deflated", async () => {
    const csv = "id,name\r\n1,Karen Miller\r\n2,José Núñez\r\n".repeat(2000);
    const small = randomBytes(300_000);
    // Past the size read whole ahead: streamed from the file when its turn comes.
    const large = randomBytes(3 * 1024 * 1024 + 17);
    const entries: ZipEntry[] = [
      { name: "leads.csv", source: { text: () => csv.match(/[\s\S]{1,7000}/g)! } },
      { name: "empty.csv", source: { text: () => [] } },
      { name: "uploads/a picture é.webp", source: { file: picture("a.webp", small) }, level: 0 },
      { name: "private-uploads/roof.jpg", source: { file: picture("roof.jpg", large) }, level: 1 },
    ];
    const file = path.join(dir, "export.zip");
    await pipeline(zipStream(entries), fs.createWriteStream(file));

    const { bad, entries: read } = readBack(file);
    expect(bad).toBeNull();
    expect(read.map(([name]) => name)).toEqual(entries.map((e) => e.name));
    const bytes = bytesOf(read);
    expect(bytes["leads.csv"]!.toString("utf8")).toBe(csv);
    expect(bytes["empty.csv"]!.length).toBe(0);
    expect(bytes["uploads/a picture é.webp"]!.equals(small)).toBe(true);
    expect(bytes["private-uploads/roof.jpg"]!.equals(large)).toBe(true);
  });

  it("leaves out a picture deleted before it is listed, and keeps one deleted while it waits, empty", async () => {
    const kept = picture("kept.webp", "kept");
    const gone = picture("gone.webp", "gone");
    const waiting = picture("waiting.webp", "waiting");
    function* entries(): Generator<ZipEntry> {
      yield { name: "leads.csv", source: { text: () => ["id\r\n"] } };
      yield { name: "uploads/waiting.webp", source: { file: waiting } };
      // Listed already, its name on its way into the archive: deleted before it is read.
      fs.rmSync(waiting);
      fs.rmSync(gone);
      yield { name: "uploads/gone.webp", source: { file: gone } };
      yield { name: "uploads/kept.webp", source: { file: kept } };
    }
    const file = path.join(dir, "export.zip");
    await pipeline(zipStream(entries()), fs.createWriteStream(file));

    const { bad, entries: read } = readBack(file);
    expect(bad).toBeNull();
    const bytes = bytesOf(read);
    expect(Object.keys(bytes)).toEqual(["leads.csv", "uploads/waiting.webp", "uploads/kept.webp"]);
    expect(bytes["uploads/waiting.webp"]!.length).toBe(0);
    expect(bytes["uploads/kept.webp"]!.toString()).toBe("kept");
  });

  it("ends the download with the error when an entry cannot be read, and nothing else breaks", async () => {
    const entries: ZipEntry[] = [
      { name: "a.webp", source: { file: picture("a.webp", "a") } },
      {
        name: "leads.csv",
        source: {
          *text() {
            yield "id\r\n";
            throw new Error("The database is locked");
          },
        },
      },
      // Read ahead while the one before fails: its handle must not be left to crash later.
      ...Array.from({ length: 20 }, (_, i) => ({
        name: `uploads/${i}.webp`,
        source: { file: picture(`${i}.webp`, randomBytes(2 * 1024 * 1024)) },
      })),
    ];
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    await expect(pipeline(zipStream(entries), sink)).rejects.toThrow("The database is locked");
  });
});
