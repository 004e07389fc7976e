// npm run backup [-- --out backups]
// A consistent copy of the whole state while the site runs: SQLite's online backup of the
// database plus copies of the uploads folder and of the private pictures beside the
// database (roof tool photos, see app/server/storage.server.ts), side by side in
// backups/<timestamp>/.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { out: { type: "string", default: "backups" } } });
const dbPath = path.resolve(process.env.DATABASE_PATH || "data/app.db");
const uploads = path.resolve(process.env.UPLOADS_DIR || "uploads");
const privateUploads = path.join(path.dirname(dbPath), "private-uploads");

if (!fs.existsSync(dbPath)) {
  console.error(`No database at ${dbPath}: nothing to back up.`);
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(values.out, stamp);
fs.mkdirSync(target, { recursive: true });

const db = new Database(dbPath, { readonly: true, fileMustExist: true });
await db.backup(path.join(target, "app.db"));
db.close();
for (const [from, to] of [
  [uploads, "uploads"],
  [privateUploads, "private-uploads"],
]) {
  if (fs.existsSync(from)) fs.cpSync(from, path.join(target, to), { recursive: true, filter: (src) => !src.endsWith(".gitkeep") });
}
console.log(`Backup written to ${target}`);
