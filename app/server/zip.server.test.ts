import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { crc32, zipStream, type ZipEntry } from "./zip.server";

async function* chunks(...parts: (string | Buffer)[]) {
  for (const part of parts) yield part;
}

describe("zipStream", () => {
  it("computes the CRC-32 zip uses", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.from("56789"), crc32(Buffer.from("1234")))).toBe(0xcbf43926);
  });

  it("writes a zip Python's zipfile opens and checks, with every entry's bytes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zip-test-"));
    const picture = randomBytes(300_000);
    const csv = "id,name\r\n1,Karen Miller\r\n2,José Núñez\r\n".repeat(2000);
    const entries: ZipEntry[] = [
      { name: "leads.csv", body: () => chunks(...csv.match(/[\s\S]{1,7000}/g)!) },
      { name: "empty.csv", body: () => chunks() },
      { name: "uploads/a picture é.webp", body: () => chunks(picture), level: 1 },
    ];
    const file = path.join(dir, "export.zip");
    await pipeline(zipStream(entries), fs.createWriteStream(file));
    const check = spawnSync(
      "python3",
      [
        "-c",
        `import zipfile, sys, json
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "names": z.namelist(), "sizes": [i.file_size for i in z.infolist()], "csv": z.read("leads.csv").decode("utf-8")[:60]}))`,
        file,
      ],
      { encoding: "utf8" },
    );
    expect(check.status, check.stderr).toBe(0);
    const result = JSON.parse(check.stdout);
    expect(result.bad).toBeNull();
    expect(result.names).toEqual(["leads.csv", "empty.csv", "uploads/a picture é.webp"]);
    expect(result.sizes).toEqual([Buffer.byteLength(csv), 0, picture.length]);
    expect(result.csv).toBe(csv.slice(0, 60));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
