import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { filesOf, privateUploadsDir, uploadDir, uploadPath } from "~/server/storage.server";
import { loader } from "~/routes/resources/export-zip";

// Five years of a photo-heavy contractor: each picture is four files on disk, and 17,500 of
// them pass the 65,535 entries a zip holds without zip64 (decision 0093). The export must
// still download whole, and another tool must open it. Tiny files: the count is the point.

const PICTURES = 17_500;
const out = fs.mkdtempSync(path.join(os.tmpdir(), "export-many-"));
// Removing 70,000 files takes a while on a busy machine: here, with time for it, rather than
// in the shared clean-up after every file.
afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(uploadDir("public"), { recursive: true, force: true });
}, 120_000);

describe("Export everything, past 65,535 files", () => {
  it("writes a zip64 archive unzip lists whole, each picture's bytes its own", async () => {
    // Signing in starts the site, which adds its demo pictures first.
    const cookie = await signedInOwner();
    const dir = uploadDir("public");
    fs.mkdirSync(dir, { recursive: true });
    fs.mkdirSync(privateUploadsDir, { recursive: true });
    const stored: string[] = [];
    for (let i = 0; i < PICTURES; i++) {
      const name = `${String(i).padStart(24, "0")}.webp`;
      stored.push(name);
      for (const file of filesOf(name)) fs.writeFileSync(uploadPath(file, "public"), `picture ${file}`);
    }
    fs.writeFileSync(path.join(privateUploadsDir, "roof.jpg"), "a roof");
    expect(PICTURES * filesOf(stored[0]!).length).toBeGreaterThan(65_535);
    // With the pictures the site starts with.
    const pictureFiles = fs.readdirSync(dir).filter((name) => name !== ".gitkeep").length;

    const response = await loader(
      routeArgs(new Request("http://site.test/admin/export.zip", { headers: { Cookie: cookie } })),
    );
    const zip = path.join(out, "export.zip");
    fs.writeFileSync(zip, Buffer.from(await response.arrayBuffer()));

    const listing = spawnSync("unzip", ["-l", zip], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(listing.status, listing.stderr).toBe(0);
    const names = listing.stdout
      .split("\n")
      .map((line) => /^\s*\d+\s+\S+\s+\S+\s+(\S.*)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    const pictures = names.filter((name) => name.startsWith("uploads/"));
    expect(pictures).toHaveLength(pictureFiles);
    expect(names).toContain("private-uploads/roof.jpg");
    expect(names).toContain("leads.csv");

    for (const file of [...filesOf(stored[0]!), ...filesOf(stored[PICTURES - 1]!), stored[12_345]!]) {
      const read = spawnSync("unzip", ["-p", zip, `uploads/${file}`], { encoding: "utf8" });
      expect(read.stdout, file).toBe(`picture ${file}`);
    }
    // yazl's next-entry walk grows with the square of the entries (decision 0093): about 30 s
    // on an idle 2-core machine, twice that while browser tests share it.
  }, 180_000);
});
