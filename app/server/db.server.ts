import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { paths } from "~/server/env.server";
import { MaintenanceError, underMaintenance } from "~/server/maintenance.server";
import * as schema from "~/db/schema";

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens (creating it if need be) and migrates the database file, as the server does at start. */
export function openDatabase(file: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets page renders read while an admin save writes.
  sqlite.pragma("journal_mode = WAL");
  // NORMAL is durable across application crashes in WAL mode; only a power cut can
  // lose the last commits, never corrupt the file. FULL would fsync every request.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // The contact-mail retry loop and requests share the file: wait, don't fail.
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: paths.migrations });
  // After the migrations: their statements run once and would only take room.
  keepPrepared(sqlite);
  return db as DB;
}

/** How many statements a connection keeps prepared: the app's queries, with room. */
export const KEPT_STATEMENTS = 500;

/**
 * Statements with more parameters than this are not kept: a list of ids (`in (?, ?, …)`) is
 * new SQL at each length, and a batch of hundreds would push the everyday queries out.
 */
export const KEPT_PARAMETERS_AT_MOST = 64;

/**
 * Makes the connection keep the statements it prepares, by their SQL (decision 0113): Drizzle
 * prepares every query each time it runs, and SQLite's compiling a report's dozen statements
 * was a few ms of every page. A kept statement is handed out again only when it is not busy
 * (an open iterate()), reading rows as objects (Drizzle turns raw mode on for the reads it
 * maps itself, each time). The least recently used go first past KEPT_STATEMENTS.
 *
 * Code that keeps a statement from `$client.prepare` and sets its mode once must not share
 * its SQL with other code: the next caller gets the same statement and resets the mode.
 */
export function keepPrepared(sqlite: Database.Database) {
  const kept = new Map<string, Database.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = kept.get(source);
    kept.delete(source);
    if (statement && !statement.busy) {
      kept.set(source, statement);
      if (statement.reader) statement.raw(false).pluck(false).expand(false);
      return statement;
    }
    const fresh = prepare(source);
    // Counted as written: a "?" inside a quoted string counts too, and only keeps one out.
    if (source.split("?").length - 1 > KEPT_PARAMETERS_AT_MOST) return fresh;
    kept.set(source, fresh);
    if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    return fresh;
  }) as typeof sqlite.prepare;
}

// One connection per database file for the life of the process. Vite's dev server
// re-evaluates modules on change, so the handles live on globalThis to survive reloads
// instead of leaking a connection each time. Kept by file: test files share a process,
// each with its own database, and one file's late work must not close the next one's.
const connections = ((globalThis as unknown as { __dbs?: Map<string, DB> }).__dbs ??= new Map());

export function getDb(): DB {
  // Closed while a backup is put back: reopening now would make an empty file in its place.
  if (underMaintenance()) throw new MaintenanceError();
  let db = connections.get(paths.database);
  if (!db) connections.set(paths.database, (db = openDatabase(paths.database)));
  return db;
}

export function closeDb() {
  connections.get(paths.database)?.$client.close();
  connections.delete(paths.database);
}

/**
 * Runs `write` in one transaction on the process's connection: every model call inside
 * it commits together or not at all. Nested calls (a model's own transaction) become
 * savepoints, as better-sqlite3 does. Every transaction goes through here.
 *
 * It takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one that reads
 * first and writes later fails at once with SQLITE_BUSY_SNAPSHOT when another connection
 * wrote in between (a backup tool, the sqlite3 shell, the browser tests' own connection):
 * busy_timeout cannot wait that out, and the owner got a 500. This one waits its turn.
 */
export function inTransaction<T>(write: () => T): T {
  return getDb().$client.transaction(write).immediate();
}

/**
 * Reads that must agree with one another (a report's counts and lists), from one snapshot of
 * the database: a write by another process (a restore, a script) cannot fall between them.
 */
export function inReadSnapshot<T>(read: () => T): T {
  return getDb().$client.transaction(read).deferred();
}

/**
 * A query built and prepared once per connection, for the reads every public render makes:
 * Drizzle otherwise builds the query's SQL again each time (the statement itself is kept by
 * the connection either way, keepPrepared).
 * Arguments go in through `sql.placeholder`.
 */
export function preparedOnce<T>(prepare: (db: DB) => T): () => T {
  const prepared = new WeakMap<DB, T>();
  return () => {
    const db = getDb();
    let statement = prepared.get(db);
    if (statement === undefined) prepared.set(db, (statement = prepare(db)));
    return statement;
  };
}

/**
 * Rows as columns (`select <columns> <from>`), each column sent by SQLite as one JSON array:
 * better-sqlite3 builds each row on its own (about 0.4 us a row), and a JSON row of its own
 * costs its own array, so thousands cross into JavaScript faster as a few flat lists, index i
 * of each the same row (one pass of the scan feeds every list). Numbers and text come back as
 * better-sqlite3 gives them (a real written with 17 digits reads back the same double). The
 * rows are aggregated, so `from` is a plain FROM and WHERE: an ORDER BY or LIMIT there applies
 * to the one result row (the rows come in scan order, all of them), a GROUP BY would lose
 * all but its first group, and a compound SELECT (UNION) would not parse. Nulls are kept, so
 * every list has one entry a row. A column that is JSON to SQLite (json(), ->, json_extract of an
 * object) arrives parsed, not as text; a blob cannot be sent at all.
 */
export function packedColumns<T extends Record<string, unknown>>(
  columns: { [K in keyof T]: SQL | SQLiteColumn },
  from: SQL,
): Columns<T> {
  const names = Object.keys(columns) as (keyof T & string)[];
  const [lists] = getDb().values<string[]>(
    sql`select ${sql.join(
      names.map((name) => sql`json_group_array(${columns[name]})`),
      sql`, `,
    )} ${from}`,
  );
  return Object.fromEntries(names.map((name, i) => [name, JSON.parse(lists![i]!)])) as Columns<T>;
}

/** Rows of T as packedColumns gives them: a list per field, index i of each the same row. */
export type Columns<T> = { [K in keyof T]: T[K][] };

/** Throws unless the database answers a query. */
export function pingDb() {
  getDb().$client.prepare("select 1").get();
}
