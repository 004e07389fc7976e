// npm run restore -- <backup folder or .tar.gz>
// npm run restore -- s3 [<backup name> | --list]
// Puts a backup back, with the site stopped: checks it (SQLite's integrity check, the rows
// and picture files it counted), moves the current database and pictures aside into
// backups/before-restore-<time>/ (nothing is deleted), copies the backup in and checks it
// again. Then start the site as usual.
// With "s3" the backup comes from the off-site copies (decision 0090), the newest unless
// one is named: on a new machine the storage is named by OFFSITE_* variables (README,
// "Restore on a new server"), else the site's own settings are used; the passphrase is
// OFFSITE_PASSPHRASE, or asked for.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";
import { formatBytes } from "~/lib/format-bytes";
import { hostOf, OFFSITE_MESSAGES } from "~/lib/offsite";
import { isRefusal } from "~/lib/refusal";
import { backupsDirOf, liveState, MANIFEST_FILE, restoreBackup } from "~/server/backup-store.server";
import { WrongPassphraseError } from "~/server/offsite-crypto.server";
import { fetchBackup, listOffsiteBackups } from "~/server/offsite-store.server";
import { openStorage } from "~/server/s3.server";
import { offsitePlaceForRestore } from "~/services/offsite.server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false }, list: { type: "boolean", default: false } },
});
const given = positionals[0];
if (!given) {
  console.error(
    "Name the backup to restore: npm run restore -- data/backups/<time>  (or a downloaded .tar.gz, or s3 for the off-site copies)",
  );
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

/** The off-site copy named (or the newest) fetched into a folder beside the backups. */
async function offsiteFolder(name: string | undefined): Promise<{ folder: string; unpacked: string } | null> {
  const place = offsitePlaceForRestore(process.env);
  if (isRefusal(place)) throw new Error(place.refused);
  const storage = openStorage(place.target);
  const copies = await listOffsiteBackups(storage, place.target.folder);
  const where = `${place.target.bucket} at ${hostOf(place.target.endpoint)}`;
  if (copies.length === 0) throw new Error(`There is no off-site copy in ${where}.`);
  if (values.list) {
    console.log(`Off-site copies in ${where}, newest first:`);
    for (const copy of copies) console.log(`  ${copy.name}  ${formatBytes(copy.bytes)}`);
    return null;
  }
  const chosen = name ? copies.find((c) => c.name === name) : copies[0];
  if (!chosen) throw new Error(`There is no off-site copy named ${name} in ${where}. See them with --list.`);
  const passphrase = process.env.OFFSITE_PASSPHRASE || (await askHidden("The off-site copies' passphrase: "));
  const into = path.join(backupsDirOf(liveState()), `unpacked-${Date.now()}`);
  console.log(`Fetching the off-site copy ${chosen.name} (${formatBytes(chosen.bytes)}) from ${where}...`);
  try {
    await fetchBackup(storage, place.target.folder, passphrase, chosen.name, path.join(into, chosen.name));
  } catch (error) {
    fs.rmSync(into, { recursive: true, force: true });
    if (error instanceof WrongPassphraseError) throw new Error(OFFSITE_MESSAGES.wrongRestorePassphrase);
    throw error;
  }
  return { folder: path.join(into, chosen.name), unpacked: into };
}

/** A line typed without echo, from a terminal; none without one. */
async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error("Set OFFSITE_PASSPHRASE: there is no terminal to ask for the passphrase.");
  process.stdout.write(question);
  process.stdin.setRawMode(true);
  let typed = "";
  for await (const chunk of process.stdin) {
    for (const char of String(chunk)) {
      if (char === "\r" || char === "\n") {
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stdout.write("\n");
        return typed;
      }
      if (char === "\u0003") process.exit(130);
      typed = char === "\u007f" ? typed.slice(0, -1) : typed + char;
    }
  }
  return typed;
}

try {
  if (!values.force && !values.list && (await siteAnswers())) {
    throw new Error(
      "The site is running. Stop it first (docker compose stop app), then restore; --force skips this check.",
    );
  }
  const found = given === "s3" ? await offsiteFolder(positionals[1]) : backupFolder(given);
  if (!found) process.exit(0);
  const { folder, unpacked } = found;
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
