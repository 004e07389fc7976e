// The lost site of the container's disaster test (tests/container/offsite-disaster.sh), on
// the host, with the app's own code and the facts of tests/integration/lost-site.ts:
//   make <fake S3 endpoint> <folder>: the site's data under DATABASE_PATH and UPLOADS_DIR, off-site
//     copies set up; writes <folder>/restore.env (what a new server is started with) and
//     <folder>/invoice (the number to find again)
//   check <site url> <invoice number>: the restored site, over HTTP; exits 1 naming what is missing
import fs from "node:fs";
import path from "node:path";
import { closeDb } from "~/server/db.server";
import { FAKE_S3 } from "../fake-s3";
import { makeLostSite, missingFromRestoredSite, offsiteVariables, PASSPHRASE } from "../integration/lost-site";

const [command, ...args] = process.argv.slice(2);
if (command === "make") {
  const [endpoint = "", folder = ""] = args;
  const storage = { endpoint, ...FAKE_S3 };
  const { invoiceNumber } = await makeLostSite(storage);
  // Closed, so the database is one file (its write-ahead log folded in) to copy onto a volume.
  closeDb();
  const variables = { ...offsiteVariables(storage), OFFSITE_PASSPHRASE: PASSPHRASE, RESTORE_FROM_OFFSITE: "newest" };
  fs.writeFileSync(
    path.join(folder, "restore.env"),
    Object.entries(variables)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(""),
  );
  fs.writeFileSync(path.join(folder, "invoice"), invoiceNumber);
} else if (command === "check") {
  const [url = "", invoiceNumber = ""] = args;
  const missing = await missingFromRestoredSite(url, invoiceNumber);
  if (missing.length) {
    console.error(`Missing from the restored site: ${missing.join("; ")}`);
    process.exit(1);
  }
} else {
  console.error("Usage: offsite-disaster.ts make <endpoint> <folder> | check <url> <invoice number>");
  process.exit(1);
}
