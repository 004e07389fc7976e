import type { Database as Sqlite } from "better-sqlite3";

/**
 * A database built by the migrations before `tag` (a database in the shape a site had
 * then), given rows by `seed`, then migrated to now (or to just before `until`: for checks
 * that read columns a later migration drops) and handed to `check`.
 */
export async function fromShapeBefore(
  tag: string,
  seed: (db: Sqlite) => void,
  check: (db: Sqlite) => void,
  { until }: { until?: string } = {},
) {
  const Database = (await import("better-sqlite3")).default;
  const { drizzle } = await import("drizzle-orm/better-sqlite3");
  const { migrate } = await import("drizzle-orm/better-sqlite3/migrator");
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-"));
  // The migrations folder with only the entries before `last` in its journal.
  const upTo = (last: string) => {
    const folder = path.join(dir, last);
    fs.cpSync("drizzle", folder, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.tag < last);
    fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
    return folder;
  };
  const sqlite = new Database(path.join(dir, "app.db"));
  sqlite.pragma("foreign_keys = ON");
  try {
    migrate(drizzle(sqlite), { migrationsFolder: upTo(tag) });
    seed(sqlite);
    migrate(drizzle(sqlite), { migrationsFolder: until ? upTo(until) : "drizzle" });
    check(sqlite);
  } finally {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
