// npm run backup
// A whole backup now, while the site runs: the database (a consistent copy), the uploads
// folder and the private roof pictures, into backups/<time>/ beside the database (in Docker,
// on the data volume). Keeps the last 7 daily and 4 weekly, like the nightly one, and
// notes it in the database as they do, so the admin stops warning (decision 0064). When
// off-site copies are on (the admin's Backups page), it is sent there too (decision 0090).
import { getSetting } from "~/models/settings.server";
import { backUpAndSend } from "~/services/backup-health.server";
import { WRITTEN } from "~/services/backup-process.server";

try {
  const { sent } = await backUpAndSend(new Date(), (made) => {
    const rows = Object.values(made.counts).reduce((a, b) => a + b, 0);
    console.log(`${WRITTEN}${made.dir}`);
    console.log(
      `  ${rows} rows, ${made.files.uploads} public and ${made.files["private-uploads"]} private picture files.`,
    );
    if (made.removed.length) console.log(`  Older backups no longer kept: ${made.removed.join(", ")}`);
  });
  if (sent === false) {
    console.error(
      `The backup is here, but it could not be sent off-site: ${getSetting("offsiteStatus").lastFailure?.message}`,
    );
    process.exit(1);
  }
  if (sent) console.log("  Sent off-site, encrypted.");
} catch (error) {
  console.error(`No backup was made: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
