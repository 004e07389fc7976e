import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";

describe("database", () => {
  it("migrates an empty file into every table of the data model", () => {
    const client = getDb().$client;
    const tables = client
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name")
      .pluck()
      .all();
    expect(tables).toEqual([
      "contact_message_photos",
      "contact_messages",
      "images",
      "projects",
      "rate_limits",
      "roof_customers",
      "sessions",
      "settings",
      "testimonials",
      "users",
    ]);
  });

  it("runs with WAL, foreign keys, a busy timeout and synchronous NORMAL", () => {
    const client = getDb().$client;
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(client.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(client.pragma("synchronous", { simple: true })).toBe(1);
  });

  it("refuses values the product never allows", () => {
    const client = getDb().$client;
    expect(() =>
      client.prepare("insert into testimonials (name, quote, rating) values ('A', 'B', 6)").run(),
    ).toThrow(/CHECK constraint/);
    expect(() =>
      client.prepare("insert into projects (title, category, description) values ('A', 'plumbing', 'B')").run(),
    ).toThrow(/CHECK constraint/);
    expect(() =>
      client.prepare("insert into sessions (id, user_id, expires_at, last_seen_at) values ('x', 999, 0, 0)").run(),
    ).toThrow(/FOREIGN KEY/);
  });

  it("opening the database again applies no migration twice", () => {
    const client = getDb().$client;
    const before = client.prepare("select count(*) from __drizzle_migrations").pluck().get();
    expect(before).toBeGreaterThan(0);
    expect(getDb().$client.prepare("select count(*) from __drizzle_migrations").pluck().get()).toBe(before);
  });
});
