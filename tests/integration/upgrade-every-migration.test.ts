import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A site that last ran at any past migration upgrades to today by starting the
// app, and keeps every row and every value. For each migration, a database is built with the
// migrations before it, given a row in every table it had then (values made from each
// table's own columns: a valid one for each CHECK, a parent row for each foreign key), and
// opened by the app (which migrates at start). Each row must still be there, each value
// still in any column that still exists. The migrations that move data on purpose have
// their own tests (outbox-migration, demo-migration, team-migration).

type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as Journal;
const tags = journal.entries.map((e) => e.tag);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Tables and columns renamed by a migration (0010): where their rows are found afterwards.
const TABLE_RENAMES: Record<string, string> = { contact_messages: "leads", contact_message_photos: "lead_photos" };
const COLUMN_RENAMES: Record<string, string> = { message_id: "lead_id" };

/** The migrations folder with only the entries before `tag` in its journal. */
function migrationsBefore(tag: string): string {
  const folder = path.join(root, `migrations-${tag}`);
  fs.cpSync("drizzle", folder, { recursive: true });
  const file = path.join(folder, "meta/_journal.json");
  const cut = JSON.parse(fs.readFileSync(file, "utf8")) as Journal;
  cut.entries = cut.entries.filter((e) => e.tag < tag);
  fs.writeFileSync(file, JSON.stringify(cut));
  return folder;
}

type Column = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
type ForeignKey = { table: string; from: string; to: string | null };

/** The plain tables of the database: not SQLite's, not the migrator's, not a full-text index or its shadow tables. */
function tablesOf(db: Database.Database): string[] {
  const all = db.prepare("select name, sql from sqlite_master where type = 'table'").all() as {
    name: string;
    sql: string;
  }[];
  const virtual = all.filter((t) => /^create virtual table/i.test(t.sql)).map((t) => t.name);
  return all
    .map((t) => t.name)
    .filter(
      (n) =>
        !n.startsWith("sqlite_") &&
        !n.startsWith("__drizzle") &&
        !virtual.some((v) => n === v || n.startsWith(`${v}_`)),
    );
}

const TIME = 1_764_000_000_000;
const JSON_COLUMNS = new Set(["drawing", "lines", "content", "missing_materials", "roof_basis", "value", "payload"]);

/** A value this column takes: one its CHECK allows, JSON where the app reads JSON. */
function valueFor(table: string, column: Column, n: number): unknown {
  const name = column.name;
  const fixed: Record<string, unknown> = {
    category: "roofing",
    media_type: "image",
    rating: 5,
    role: "owner",
    purpose: "library",
    tier: "better",
    source: "website",
    preferred_contact: "email",
    kind: "lead-notification",
    state: "sent",
    follow_up_on: "2026-12-01",
    email: `row${n}@example.com`,
  };
  if (table === "settings" && name === "key") return "contact";
  if (table === "settings" && name === "value") return JSON.stringify({ notificationEmail: "owner@example.com" });
  if (name === "status") return table === "testimonials" ? "published" : "contacted";
  if (name in fixed) return fixed[name];
  if (JSON_COLUMNS.has(name)) return name === "lines" ? "[]" : "{}";
  if (name.endsWith("_at") || name === "expires") return TIME + n;
  const type = column.type.toUpperCase();
  if (type.includes("INT")) return n + 1;
  if (type.includes("REAL")) return n + 0.5;
  if (type.includes("BLOB")) return Buffer.from([n]);
  return `${table}.${name} ${n}`;
}

type Seeded = { table: string; key: Record<string, unknown>; row: Record<string, unknown> };

/** One row in every table, parents first; the rows as stored. */
function seedEveryTable(db: Database.Database): Seeded[] {
  const tables = tablesOf(db);
  const keys = new Map<string, Record<string, unknown>>();
  const seeded: Seeded[] = [];
  const pending = new Set(tables);
  for (let round = 0; pending.size && round < tables.length + 1; round++) {
    for (const table of [...pending]) {
      const fks = db.prepare(`pragma foreign_key_list("${table}")`).all() as ForeignKey[];
      const waiting = fks.filter((fk) => fk.table !== table && pending.has(fk.table));
      if (waiting.length && round < tables.length) continue;
      const columns = db.prepare(`pragma table_info("${table}")`).all() as Column[];
      const values: Record<string, unknown> = {};
      for (const column of columns) {
        if (column.pk && column.type.toUpperCase() === "INTEGER") continue;
        const fk = fks.find((f) => f.from === column.name);
        if (fk) {
          const parent = keys.get(fk.table);
          values[column.name] = parent ? (parent[fk.to ?? "id"] ?? parent.id) : null;
          continue;
        }
        values[column.name] = valueFor(table, column, seeded.length);
      }
      const names = Object.keys(values);
      const info = db
        .prepare(
          `insert into "${table}" (${names.map((c) => `"${c}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`,
        )
        .run(...names.map((c) => values[c]));
      const row = db.prepare(`select * from "${table}" where rowid = ?`).get(info.lastInsertRowid) as Record<
        string,
        unknown
      >;
      const pk = columns.filter((c) => c.pk).map((c) => c.name);
      const key = Object.fromEntries(
        (pk.length ? pk : ["rowid"]).map((c) => [c, c === "rowid" ? info.lastInsertRowid : row[c]]),
      );
      keys.set(table, row);
      seeded.push({ table, key, row });
      pending.delete(table);
    }
  }
  expect([...pending], "every table got a row").toEqual([]);
  return seeded;
}

/**
 * Starts the app's database code on each file in turn, as the server does at start: it
 * migrates. One process for all of them: a process each started tsx and compiled the app's
 * database code 28 times over.
 */
function openAsTheApp(files: string[]) {
  const run = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    [
      "-e",
      `(async () => {
        const { openDatabase } = await import("./app/server/db.server.ts");
        for (const file of JSON.parse(process.env.UPGRADE_FILES)) {
          openDatabase(file).$client.close();
          console.log("opened " + file);
        }
      })();`,
    ],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        DATABASE_PATH: path.join(root, "unused.db"),
        UPLOADS_DIR: path.join(root, "uploads"),
        UPGRADE_FILES: JSON.stringify(files),
      },
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe("upgrading from every past migration", () => {
  const sites = new Map<string, { file: string; seeded: Seeded[] }>();
  let opened = "";
  beforeAll(() => {
    for (const tag of tags.slice(1)) {
      const file = path.join(root, tag, "app.db");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const before = new Database(file);
      before.pragma("foreign_keys = ON");
      migrate(drizzle(before), { migrationsFolder: migrationsBefore(tag) });
      sites.set(tag, { file, seeded: seedEveryTable(before) });
      before.close();
    }
    opened = openAsTheApp([...sites.values()].map((site) => site.file));
  });

  it.each(tags.slice(1).map((tag) => [tag]))(
    "a site at the shape before %s upgrades by starting the app, and keeps every row and value",
    (tag) => {
      const { file, seeded } = sites.get(tag)!;
      expect(opened).toContain(`opened ${file}`);

      const after = new Database(file, { readonly: true });
      try {
        const applied = after.prepare("select count(*) from __drizzle_migrations").pluck().get();
        expect(applied, "every migration applied").toBe(tags.length);
        const now = new Set(tablesOf(after));
        let compared = 0;
        for (const { table, key, row } of seeded) {
          const renamed = TABLE_RENAMES[table] ?? table;
          expect(now.has(renamed), `${table} is still there (as ${renamed})`).toBe(true);
          const columns = new Set(
            (after.prepare(`pragma table_info("${renamed}")`).all() as Column[]).map((c) => c.name),
          );
          const where = Object.keys(key).map((c) => `"${COLUMN_RENAMES[c] ?? c}" = ?`);
          const found = after
            .prepare(`select * from "${renamed}" where ${where.join(" and ")}`)
            .get(...Object.values(key)) as Record<string, unknown> | undefined;
          expect(found, `the ${table} row ${JSON.stringify(key)} survived`).toBeDefined();
          for (const [column, value] of Object.entries(row)) {
            const now = COLUMN_RENAMES[column] ?? column;
            if (!columns.has(now)) continue;
            expect(found![now], `${renamed}.${now}`).toEqual(value);
            compared++;
          }
        }
        // Every table of the time had a row (seedEveryTable checks), and its values were read back.
        expect(compared).toBeGreaterThan(seeded.length * 3);
        expect(after.prepare("pragma integrity_check").pluck().get()).toBe("ok");
        expect(after.prepare("pragma foreign_key_check").all()).toEqual([]);
      } finally {
        after.close();
      }
    },
  );
});
