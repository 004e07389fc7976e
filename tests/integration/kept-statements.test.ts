import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { KEPT_PARAMETERS_AT_MOST, KEPT_STATEMENTS, keepPrepared } from "~/server/db.server";

// The connection keeps what it prepares: a query asked again is not compiled again, and
// whatever one reader did to the statement's modes never changes what the next one reads.

function connection() {
  const sqlite = new Database(":memory:");
  keepPrepared(sqlite);
  sqlite.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
  return sqlite;
}

describe("kept statements", () => {
  it("hands the same statement out again for the same SQL", () => {
    const sqlite = connection();
    const first = sqlite.prepare("select name from t order by id");
    expect(sqlite.prepare("select name from t order by id")).toBe(first);
    expect(sqlite.prepare("select id from t order by id")).not.toBe(first);
  });

  it("reads objects after a raw, plucked or expanded read of the same query", () => {
    const sqlite = connection();
    const query = "select id, name from t order by id limit 1";
    expect(sqlite.prepare(query).raw(true).get()).toEqual([1, "a"]);
    expect(sqlite.prepare(query).get()).toEqual({ id: 1, name: "a" });
    expect(sqlite.prepare(query).pluck(true).get()).toBe(1);
    expect(sqlite.prepare(query).get()).toEqual({ id: 1, name: "a" });
    expect(sqlite.prepare(query).expand(true).get()).toEqual({ t: { id: 1, name: "a" } });
    expect(sqlite.prepare(query).get()).toEqual({ id: 1, name: "a" });
    // Through Drizzle: its own mapping (raw arrays) and a plain read of the same SQL.
    const db = drizzle(sqlite);
    const q = sql`select id, name from t order by id limit 1`;
    expect(db.values(q)).toEqual([[1, "a"]]);
    expect(db.all(q)).toEqual([{ id: 1, name: "a" }]);
  });

  it("prepares afresh while the kept one is busy in an open iteration", () => {
    const sqlite = connection();
    const query = "select name from t order by id";
    const open = sqlite.prepare(query).pluck(true).iterate();
    expect(open.next().value).toBe("a");
    // Asked again mid-iteration: a statement of its own, which reads from the start.
    expect(sqlite.prepare(query).all()).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
    expect([...open]).toEqual(["b", "c"]);
  });

  it("does not keep a statement with a long list of parameters (a batch of ids)", () => {
    const sqlite = connection();
    const list = (n: number) => `select name from t where id in (${new Array(n).fill("?").join(", ")})`;
    const short = sqlite.prepare(list(KEPT_PARAMETERS_AT_MOST));
    expect(sqlite.prepare(list(KEPT_PARAMETERS_AT_MOST))).toBe(short);
    const long = sqlite.prepare(list(KEPT_PARAMETERS_AT_MOST + 1));
    expect(sqlite.prepare(list(KEPT_PARAMETERS_AT_MOST + 1))).not.toBe(long);
    expect(long.all(...new Array(KEPT_PARAMETERS_AT_MOST + 1).fill(2))).toEqual([{ name: "b" }]);
  });

  it("keeps at most KEPT_STATEMENTS, letting the least recently used go", () => {
    const sqlite = connection();
    const first = sqlite.prepare("select 0");
    const second = sqlite.prepare("select 1");
    expect(sqlite.prepare("select 0")).toBe(first);
    for (let i = 2; i <= KEPT_STATEMENTS; i++) sqlite.prepare(`select ${i}`);
    // One too many: "select 1", the least recently asked for, went; "select 0" was asked again.
    expect(sqlite.prepare("select 0")).toBe(first);
    expect(sqlite.prepare("select 1")).not.toBe(second);
  });
});
