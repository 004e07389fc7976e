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
import { parseArgs } from "node:util";
import { formatBytes } from "~/lib/format-bytes";
import { isRefusal } from "~/lib/refusal";
import { KEPT_IN } from "~/services/backup-process.server";
import { offsitePlaceForRestore } from "~/services/offsite.server";
import {
  fetchOffsiteCopy,
  offsiteCopies,
  putBackupInPlace,
  restoredLines,
  unpackBackupArchive,
  type FoundBackup,
} from "~/services/restore.server";

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

/** The off-site copy named (or the newest) fetched; null when only listing. */
async function offsiteFolder(name: string | undefined): Promise<FoundBackup | null> {
  const place = offsitePlaceForRestore(process.env);
  if (isRefusal(place)) throw new Error(place.refused);
  if (values.list) {
    const { copies, where } = await offsiteCopies(place.target);
    if (copies.length === 0) throw new Error(`There is no off-site copy in ${where}.`);
    console.log(`Off-site copies in ${where}, newest first:`);
    for (const copy of copies) console.log(`  ${copy.name}  ${formatBytes(copy.bytes)}`);
    return null;
  }
  const passphrase = process.env.OFFSITE_PASSPHRASE || (await askHidden("The off-site copies' passphrase: "));
  return fetchOffsiteCopy(place.target, passphrase, name, (line) => console.log(line));
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
  const found = given === "s3" ? await offsiteFolder(positionals[1]) : await unpackBackupArchive(given);
  if (!found) process.exit(0);
  const { manifest, movedAside } = putBackupInPlace(found);
  for (const line of restoredLines(manifest)) console.log(line);
  console.log(`  ${KEPT_IN}${movedAside}`);
  console.log("Start the site again.");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
