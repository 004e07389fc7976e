// npm run backup
// A whole backup now, while the site runs: the database (a consistent copy), the uploads
// folder and the private roof pictures, into backups/<time>/ beside the database (in Docker,
// on the data volume). Keeps the last 7 daily and 4 weekly, like the nightly one.
import { liveState, makeBackup, pruneBackups } from "~/server/backup-store.server";

const state = liveState();
try {
  const made = makeBackup(state);
  const removed = pruneBackups(state);
  const rows = Object.values(made.counts).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${made.dir}`);
  console.log(
    `  ${rows} rows, ${made.files.uploads} public and ${made.files["private-uploads"]} private picture files.`,
  );
  if (removed.length)
    console.log(`  Older backups no longer kept: ${removed.join(", ")}`);
} catch (error) {
  console.error(
    `No backup was made: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
