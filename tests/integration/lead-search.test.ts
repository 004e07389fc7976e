import { readFileSync } from "node:fs";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads } from "~/db/schema";
import { createLead } from "~/models/lead.server";
import { leadSearchCondition } from "~/models/lead-search.server";
import { getDb } from "~/server/db.server";
import { loader as leadList } from "~/routes/admin/lead-list";
import { routeArgs, signedInOwner } from "./admin-session";
import { fromShapeBefore } from "./migration-shape";

// Decision 0054: the Leads search box answers from an FTS5 index kept by triggers.
const found = (q: string) =>
  getDb()
    .select({ name: leads.name })
    .from(leads)
    .where(leadSearchCondition(q))
    .orderBy(asc(leads.id))
    .all()
    .map((l) => l.name);

const karen = createLead({
  name: "Karen Miller",
  email: "karen@example.com",
  phone: "(316) 555-0188",
  message: "Hail took shingles off",
  street: "412 N Main St",
  city: "Derby",
  zip: "67037",
});
createLead({
  name: "Tom Reyes",
  email: "tom@example.net",
  phone: "620.555.0142",
  message: "New deck framing",
  street: "9 Elm Ct",
  city: "Wichita",
  zip: "67202",
});
createLead({ name: "José Núñez", email: "jn@example.org", phone: null, message: "Gutters on Main" });
createLead({
  name: "Pat O'Brien",
  email: "pat@example.com",
  phone: null,
  message: "Leak over the porch",
  street: "5 D’Arcy Ln",
  city: "Mulvane",
});

describe("lead search", () => {
  it("finds a lead by name, street, zip, email, and words spread over fields", () => {
    expect(found("karen")).toEqual(["Karen Miller"]);
    expect(found("Mill")).toEqual(["Karen Miller"]);
    expect(found("main derby")).toEqual(["Karen Miller"]);
    expect(found("67037")).toEqual(["Karen Miller"]);
    expect(found("karen@example.com")).toEqual(["Karen Miller"]);
    expect(found("shingles")).toEqual(["Karen Miller"]);
    expect(found("main")).toEqual(["Karen Miller", "José Núñez"]);
    expect(found("jose nunez")).toEqual(["José Núñez"]);
    expect(found("wichita")).toEqual(["Tom Reyes"]);
    expect(found("karen wichita")).toEqual([]);
  });

  it("finds a name however its apostrophe and accents were typed (decision 0078)", () => {
    for (const typed of ["obrien", "OBrien", "o'brien", "O'Brien", "O’Brien", "Pat O‘Brien", "brien", "o brien"])
      expect(found(typed), typed).toEqual(["Pat O'Brien"]);
    for (const typed of ["jose", "José", "JOSE nunez", "Núñez"]) expect(found(typed), typed).toEqual(["José Núñez"]);
    // The street folds the same way.
    expect(found("darcy mulvane")).toEqual(["Pat O'Brien"]);
  });

  it("finds a phone however it was typed, and by any part of its digits", () => {
    for (const typed of [
      "3165550188",
      "316-555-0188",
      "(316) 555-0188",
      "316.555.0188",
      "555 0188",
      "5550188",
      "0188",
    ]) {
      expect(found(typed), typed).toEqual(["Karen Miller"]);
    }
    expect(found("6205550142")).toEqual(["Tom Reyes"]);
    expect(found("620-555-0142")).toEqual(["Tom Reyes"]);
    expect(found("555")).toEqual(["Karen Miller", "Tom Reyes"]);
  });

  it("is no condition at all for an empty box, and combines with other conditions", () => {
    expect(leadSearchCondition("  ")).toBeUndefined();
    expect(found("")).toHaveLength(4);
    const rows = getDb()
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.status, "new"), leadSearchCondition("derby")))
      .all();
    expect(rows).toEqual([{ id: karen.id }]);
  });

  const hostile = [
    '"',
    '""',
    "'",
    "*",
    "-",
    "-karen",
    "NEAR(",
    "NEAR(karen tom)",
    "karen OR tom",
    "AND",
    "^",
    "{name}: x",
    "name:karen",
    "(",
    ")",
    "\\",
    "%",
    "_",
    "\u0000",
    "🏠",
    "x".repeat(10_000),
    "a ".repeat(5_000),
  ];
  it.each(hostile.map((q) => [q.length > 30 ? `${q.slice(0, 6)}… (${q.length} characters)` : q, q]))(
    "never fails on hostile input: %j",
    (_, q) => {
      expect(() => found(q)).not.toThrow();
    },
  );

  it("reads hostile words as plain words", () => {
    expect(found("karen OR tom")).toEqual([]);
    expect(found("NEAR(karen")).toEqual([]);
    expect(found('"karen"')).toEqual(["Karen Miller"]);
    expect(found("* - (")).toEqual([]);
  });

  it("keeps the index in step when a lead is created, renamed and deleted", () => {
    const db = getDb();
    const lead = createLead({
      name: "Walt Hartley",
      email: "walt@example.com",
      phone: "316 555 7777",
      message: "Barn roof",
    });
    expect(found("hartley")).toEqual(["Walt Hartley"]);
    expect(found("5557777")).toEqual(["Walt Hartley"]);
    db.update(leads).set({ name: "Walter Hartwell", phone: "316 555 8888" }).where(eq(leads.id, lead.id)).run();
    expect(found("hartley")).toEqual([]);
    expect(found("5557777")).toEqual([]);
    expect(found("hartwell")).toEqual(["Walter Hartwell"]);
    expect(found("316-555-8888")).toEqual(["Walter Hartwell"]);
    // A change of status leaves the index alone and the lead findable.
    db.update(leads).set({ status: "contacted" }).where(eq(leads.id, lead.id)).run();
    expect(found("hartwell")).toEqual(["Walter Hartwell"]);
    db.delete(leads).where(eq(leads.id, lead.id)).run();
    expect(found("hartwell")).toEqual([]);
    expect(db.$client.prepare("select count(*) from lead_search where rowid = ?").pluck().get(lead.id)).toBe(0);
  });
});

describe("the Leads page's search box", () => {
  it("finds a lead by a phone typed two ways and answers hostile input with a page, never an error", async () => {
    const cookie = await signedInOwner();
    const names = async (q: string) => {
      const page = await leadList(
        routeArgs(
          new Request(`http://site.test/admin/leads?q=${encodeURIComponent(q)}`, { headers: { Cookie: cookie } }),
        ),
      );
      return page.leads.map((l) => l.name);
    };
    expect(await names("316-555-0188")).toEqual(["Karen Miller"]);
    expect(await names("(316) 555 0188")).toEqual(["Karen Miller"]);
    expect(await names("elm wichita")).toEqual(["Tom Reyes"]);
    expect(await names("obrien")).toEqual(["Pat O'Brien"]);
    for (const q of ['"', "NEAR(", "-*", "x".repeat(10_000), "{name}: karen"]) expect(await names(q), q).toEqual([]);
  });
});

describe("migration 0019, the search index", () => {
  it("indexes the leads and roof customers a site already had", async () => {
    await fromShapeBefore(
      "0019_search_index",
      (db) => {
        const lead = db.prepare(
          "insert into leads (name, email, phone, message, street, city, zip) values (?, ?, ?, ?, ?, ?, ?)",
        );
        lead.run("Karen Miller", "karen@example.com", "(316) 555-0188", "Hail", "412 N Main St", "Derby", "67037");
        lead.run("Tom Reyes", "tom@example.net", null, "Deck", null, null, null);
        db.prepare(
          "insert into roof_customers (customer_name, street, city, state, zip_code) values (?, ?, ?, ?, ?)",
        ).run("Ann Ortiz", "77 Oak Dr", "Mulvane", "KS", "67110");
      },
      (db) => {
        const leadsFound = (match: string) =>
          db
            .prepare(
              "select l.name from leads l join lead_search s on s.rowid = l.id where lead_search match ? order by l.id",
            )
            .pluck()
            .all(match);
        expect(leadsFound('"main"* AND "derby"*')).toEqual(["Karen Miller"]);
        expect(leadsFound('"5550188"*')).toEqual(["Karen Miller"]);
        expect(leadsFound('"tom"*')).toEqual(["Tom Reyes"]);
        expect(db.prepare("select count(*) from lead_search").pluck().get()).toBe(2);
        expect(
          db
            .prepare("select rowid from roof_customer_search where roof_customer_search match ?")
            .pluck()
            .all('"mulvane"*'),
        ).toHaveLength(1);
        // And from then on the triggers keep it: a lead written after the migration is found too.
        db.prepare("insert into leads (name, email, message) values ('Walt', 'w@example.com', 'Barn')").run();
        expect(leadsFound('"walt"*')).toEqual(["Walt"]);
      },
    );
  });
});

describe("the migration that folds apostrophes", () => {
  // Named by its tail: migrations are renumbered when branches meet.
  const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
  const tag = journal.entries.find((e) => e.tag.endsWith("_search_folds_apostrophes"))!.tag;

  it("indexes the folded names of the leads and roof customers a site already had, and keeps doing it", async () => {
    await fromShapeBefore(
      tag,
      (db) => {
        db.prepare("insert into leads (name, email, phone, message) values (?, ?, ?, ?)").run(
          "Pat O'Brien",
          "pat@example.com",
          "(316) 555-0188",
          "Leak",
        );
        db.prepare("insert into roof_customers (customer_name, street, city, state) values (?, ?, ?, ?)").run(
          "Dana O’Neil",
          "77 Oak Dr",
          "Mulvane",
          "KS",
        );
      },
      (db) => {
        const leadsFound = (match: string) =>
          db
            .prepare(
              "select l.name from leads l join lead_search s on s.rowid = l.id where lead_search match ? order by l.id",
            )
            .pluck()
            .all(match);
        const roofFound = (match: string) =>
          db.prepare("select rowid from roof_customer_search where roof_customer_search match ?").pluck().all(match);
        expect(leadsFound('"obrien"*')).toEqual(["Pat O'Brien"]);
        expect(leadsFound('"5550188"*')).toEqual(["Pat O'Brien"]);
        expect(roofFound('"oneil"*')).toHaveLength(1);
        db.prepare("insert into leads (name, email, message) values ('Sean D`Arcy', 'sd@example.com', 'Barn')").run();
        expect(leadsFound('"darcy"*')).toEqual(["Sean D`Arcy"]);
        db.prepare("update roof_customers set customer_name = 'Dana O‘Hara'").run();
        expect(roofFound('"oneil"*')).toHaveLength(0);
        expect(roofFound('"ohara"*')).toHaveLength(1);
      },
    );
  });
});
