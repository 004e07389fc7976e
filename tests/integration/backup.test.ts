import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "~/server/env.server";
import { seedDemoContent } from "~/services/seed.server";
import { privateUploadsDir } from "~/server/storage.server";

describe("npm run backup", () => {
  it("copies the database and every upload into one timestamped folder", async () => {
    await seedDemoContent();
    fs.mkdirSync(privateUploadsDir, { recursive: true });
    fs.writeFileSync(path.join(privateUploadsDir, "0123456789abcdef01234567.jpg"), "a roof picture");
    const out = path.join(path.dirname(paths.database), "backups");
    const result = spawnSync(process.execPath, ["scripts/backup.js", "--out", out], { encoding: "utf8", env: process.env });
    expect(result.status).toBe(0);
    const [folder] = fs.readdirSync(out);
    const copy = new Database(path.join(out, folder, "app.db"), { readonly: true });
    expect(copy.prepare("select count(*) from projects").pluck().get()).toBe(9);
    copy.close();
    expect(fs.readdirSync(path.join(out, folder, "uploads")).sort()).toEqual(fs.readdirSync(paths.uploads).sort());
    expect(fs.readdirSync(path.join(out, folder, "private-uploads"))).toEqual(["0123456789abcdef01234567.jpg"]);
  });
});
