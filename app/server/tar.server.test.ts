import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { list } from "tar";
import { describe, expect, it } from "vitest";
import { tarGzStream } from "./tar.server";

describe("tarGzStream", () => {
  it("writes a .tar.gz that GNU tar and node-tar read as the same files under the name given", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "tar-test-"));
    const source = path.join(root, "src");
    const long = `${"deep-folder-name/".repeat(6)}a-picture-with-a-long-name.webp`;
    const files: Record<string, Buffer> = {
      "app.db": randomBytes(70_000),
      "manifest.json": Buffer.from('{"name":"x"}\n'),
      "uploads/empty.txt": Buffer.alloc(0),
      "uploads/exactly-512.bin": randomBytes(512),
      [`private-uploads/${long}`]: randomBytes(1234),
    };
    for (const [name, body] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(source, name)), { recursive: true });
      fs.writeFileSync(path.join(source, name), body);
    }
    // Nothing but files and folders goes in, as restore takes nothing else.
    fs.symlinkSync("/etc/passwd", path.join(source, "uploads", "a-link"));
    const archive = path.join(root, "backup.tar.gz");
    await pipeline(tarGzStream(source, "2026-11-27T09-00-00Z"), fs.createWriteStream(archive));

    const out = path.join(root, "out");
    fs.mkdirSync(out);
    const tar = spawnSync("tar", ["-xzf", archive, "-C", out], { encoding: "utf8" });
    expect(tar.status, tar.stderr).toBe(0);
    for (const [name, body] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(out, "2026-11-27T09-00-00Z", name)).equals(body), name).toBe(true);
    }

    const entries: { path: string; type: string }[] = [];
    await list({ file: archive, onReadEntry: (entry) => entries.push({ path: entry.path, type: entry.type }) });
    expect(
      entries
        .filter((e) => e.type === "File")
        .map((e) => e.path)
        .sort(),
    ).toEqual(
      Object.keys(files)
        .map((name) => `2026-11-27T09-00-00Z/${name}`)
        .sort(),
    );
    expect(entries.every((e) => e.type === "File" || e.type === "Directory")).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
