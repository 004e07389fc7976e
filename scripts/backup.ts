// npm run backup
// A whole backup now, while the site runs: the database (a consistent copy), the uploads
// folder and the private roof pictures, into backups/<time>/ beside the database (in Docker,
// on the data volume). Keeps the last 7 daily and 4 weekly, like the nightly one, and
// notes it in the database as they do, so the admin stops warning (decision 0064).
import { backUpNow } from "~/services/backups.server";

try {
  const made = backUpNow();
  const rows = Object.values(made.counts).reduce((a, b) => a + b, 0);
  console.log(`Backup written to ${made.dir}`);
  console.log(
    `  ${rows} rows, ${made.files.uploads} public and ${made.files["private-uploads"]} private picture files.`,
  );
  if (made.removed.length) console.log(`  Older backups no longer kept: ${made.removed.join(", ")}`);
} catch (error) {
  console.error(`No backup was made: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
