// npm run restore -- <backup folder or .tar.gz>
// Puts a backup back, with the site stopped: checks it (SQLite's integrity check, the rows
// and picture files it counted), moves the current database and pictures aside into
// backups/before-restore-<time>/ (nothing is deleted), copies the backup in and checks it
// again. Then start the site as usual.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";
import { backupsDirOf, liveState, MANIFEST_FILE, restoreBackup } from "~/server/backup-store.server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
const given = positionals[0];
if (!given) {
  console.error("Name the backup to restore: npm run restore -- data/backups/<time>  (or a downloaded .tar.gz)");
  process.exit(1);
}

async function siteAnswers(): Promise<boolean> {
  const port = process.env.PORT || "3000";
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(1500),
    });
    return answer.ok;
  } catch {
    return false;
  }
}

/**
 * A downloaded .tar.gz unpacked beside the backups (GNU tar refuses member names that
 * climb out with ".."), or the folder given. `unpacked`: what to remove afterwards.
 */
function backupFolder(from: string): { folder: string; unpacked?: string } {
  const source = path.resolve(from);
  if (!fs.existsSync(source)) throw new Error(`There is nothing at ${source}.`);
  if (fs.statSync(source).isDirectory()) return { folder: source };
  const into = path.join(backupsDirOf(liveState()), `unpacked-${Date.now()}`);
  fs.mkdirSync(into, { recursive: true });
  try {
    const tar = spawnSync("tar", ["-xzf", source, "-C", into], {
      encoding: "utf8",
    });
    if (tar.status !== 0) throw new Error(`That file is not a backup this site made (tar: ${tar.stderr.trim()}).`);
    const folder = fs
      .readdirSync(into)
      .map((name) => path.join(into, name))
      .find((dir) => fs.existsSync(path.join(dir, MANIFEST_FILE)));
    if (!folder) throw new Error("That file holds no backup this site made.");
    return { folder, unpacked: into };
  } catch (error) {
    fs.rmSync(into, { recursive: true, force: true });
    throw error;
  }
}

try {
  if (!values.force && (await siteAnswers())) {
    throw new Error(
      "The site is running. Stop it first (docker compose stop app), then restore; --force skips this check.",
    );
  }
  const { folder, unpacked } = backupFolder(given);
  // The unpacked copy is in place now (or refused): a second full copy need not stay.
  let restored: ReturnType<typeof restoreBackup>;
  try {
    restored = restoreBackup(folder, liveState());
  } finally {
    if (unpacked) fs.rmSync(unpacked, { recursive: true, force: true });
  }
  const { manifest, movedAside } = restored;
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `Restored the backup of ${new Date(manifest.createdAt).toLocaleString("en-US", { timeZone: BUSINESS_TIME_ZONE })} (Kansas time):`,
  );
  console.log(
    `  ${rows} rows checked, ${manifest.files.uploads} public and ${manifest.files["private-uploads"]} private picture files.`,
  );
  console.log(`  What was there before is kept in ${movedAside}`);
  console.log("Start the site again.");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
