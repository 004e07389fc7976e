import type { Database as Sqlite } from "better-sqlite3";
import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { settings } from "~/db/schema";
import { getDb, inTransaction } from "~/server/db.server";
import { paths } from "~/server/env.server";
import { fromShapeBefore } from "./migration-shape";

// These checks read columns that the outbox's migrations (0011 on, decision 0037) drop:
// they look at the database as it was just before those.
const BEFORE_OUTBOX = { until: "0011" };

describe("database", () => {
  it("migrates an empty file into every table of the data model", () => {
    const client = getDb().$client;
    const tables = client
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
      )
      .pluck()
      .all() as string[];
    // FTS5 keeps each search index in shadow tables of its own (decision 0054): not the data model's.
    const shadow = /_search_(config|content|data|docsize|idx)$/;
    expect(tables.filter((t) => !shadow.test(t))).toEqual([
      "calendar_feeds",
      "claim_files",
      "claim_supplements",
      "estimates",
      "images",
      "inbound_texts",
      "insurance_claims",
      "invitations",
      "invoices",
      "job_links",
      "job_values",
      "lead_notes",
      "lead_photos",
      "lead_search",
      "leads",
      "outbox",
      "password_resets",
      "payments",
      "projects",
      "proposal_links",
      "proposals",
      "rate_limits",
      "recovery_codes",
      "refunds",
      "review_requests",
      "roof_customer_search",
      "roof_customers",
      "sessions",
      "settings",
      "stripe_events",
      "testimonials",
      "text_opt_outs",
      "users",
      "visits",
    ]);
  });

  it("runs with WAL, foreign keys, a busy timeout and synchronous NORMAL", () => {
    const client = getDb().$client;
    expect(client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(client.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(client.pragma("synchronous", { simple: true })).toBe(1);
  });

  it("a transaction that reads, then writes, is not broken by another connection writing in between", () => {
    // Another program on the same file: the sqlite3 shell, a backup tool, the browser tests.
    const other = new Database(paths.database, { timeout: 50 });
    try {
      const othersWrite = () =>
        other
          .prepare(
            "insert into settings (key, value) values ('other-program', '1') on conflict(key) do update set value = value + 1",
          )
          .run();
      let refused: unknown;
      inTransaction(() => {
        getDb().select().from(settings).all();
        // A deferred transaction would let this through and then fail its own write
        // below with SQLITE_BUSY_SNAPSHOT (the owner's save answered 500); ours holds the lock.
        try {
          othersWrite();
        } catch (error) {
          refused = error;
        }
        getDb().insert(settings).values({ key: "in-between", value: "saved" }).run();
      });
      expect((refused as { code?: string } | undefined)?.code).toBe("SQLITE_BUSY");
      expect(getDb().select().from(settings).where(eq(settings.key, "in-between")).get()?.value).toBe("saved");
      // Once it has committed, the other program writes as usual.
      othersWrite();
    } finally {
      other.close();
    }
  });

  it("refuses values the product never allows", () => {
    const client = getDb().$client;
    expect(() => client.prepare("insert into testimonials (name, quote, rating) values ('A', 'B', 6)").run()).toThrow(
      /CHECK constraint/,
    );
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

describe("migration 0003 (quote requests)", () => {
  it("keeps every message a database of the previous shape holds, and a message's photo rows go with it", async () => {
    await fromShapeBefore(
      "0003",
      (sqlite) => {
        sqlite
          .prepare(
            "insert into contact_messages (name, email, phone, message, notify_status) values ('Old Visitor', 'old@example.com', '316-555-0100', 'Gutters, please', 'sent')",
          )
          .run();
      },
      (sqlite) => {
        expect(
          sqlite
            .prepare(
              "select name, email, phone, message, notify_status, service, street, city, zip, preferred_contact from leads",
            )
            .get(),
        ).toEqual({
          name: "Old Visitor",
          email: "old@example.com",
          phone: "316-555-0100",
          message: "Gutters, please",
          notify_status: "sent",
          service: null,
          street: null,
          city: null,
          zip: null,
          preferred_contact: null,
        });
        sqlite
          .prepare(
            "insert into lead_photos (lead_id, stored_name, original_name, content_type, width, height, bytes) values (1, 'a.jpg', 'a.jpg', 'image/jpeg', 1, 1, 1)",
          )
          .run();
        sqlite.prepare("delete from leads").run();
        expect(sqlite.prepare("select count(*) from lead_photos").pluck().get()).toBe(0);
      },
      BEFORE_OUTBOX,
    );
  });
});

describe("migration 0004 (leads)", () => {
  it("turns every message of the previous shape into a lead, New only if nobody had read it, keeping its fields and photos", async () => {
    await fromShapeBefore(
      "0004",
      (sqlite) => {
        const insert = sqlite.prepare(
          "insert into contact_messages (name, email, phone, message, service, street, city, zip, preferred_contact, notify_status, read_at, archived_at) values (?, ?, ?, ?, 'Roof Repairs', '1 Main St', 'Derby', '67037', 'call', 'sent', ?, ?)",
        );
        insert.run("Unread Visitor", "new@example.com", "316-555-0101", "Leak over the porch", null, null);
        insert.run("Read Visitor", "read@example.com", null, "Gutters", Date.now(), null);
        insert.run("Archived Visitor", "old@example.com", null, "Spam-looking", Date.now(), Date.now());
        sqlite
          .prepare(
            "insert into contact_message_photos (message_id, stored_name, original_name, content_type, width, height, bytes) values (1, 'a.jpg', 'porch.jpg', 'image/jpeg', 1, 1, 1)",
          )
          .run();
      },
      (sqlite) => {
        const kept = {
          source: "website",
          follow_up_on: null,
          lost_reason: null,
          service: "Roof Repairs",
          street: "1 Main St",
          city: "Derby",
          zip: "67037",
          preferred_contact: "call",
        };
        expect(
          sqlite
            .prepare(
              "select name, status, source, follow_up_on, lost_reason, service, street, city, zip, preferred_contact from leads order by id",
            )
            .all(),
        ).toEqual([
          { name: "Unread Visitor", status: "new", ...kept },
          { name: "Read Visitor", status: "contacted", ...kept },
          { name: "Archived Visitor", status: "contacted", ...kept },
        ]);
        expect(sqlite.prepare("select lead_id, original_name from lead_photos").all()).toEqual([
          { lead_id: 1, original_name: "porch.jpg" },
        ]);
      },
      BEFORE_OUTBOX,
    );
  });
});

describe("migration 0005 (roof customers become leads)", () => {
  it("gives every roof customer one lead, Measured when it has a roof area, linked both ways, and sends no mail for them", async () => {
    await fromShapeBefore(
      "0005",
      (sqlite) => {
        sqlite
          .prepare(
            "insert into contact_messages (name, email, message, notify_status, autoreply_status) values ('Web Visitor', 'web@example.com', 'Roof check', 'sent', 'sent')",
          )
          .run();
        const insert = sqlite.prepare(
          "insert into roof_customers (customer_name, street, city, zip_code, area, pitch, created_at) values (?, ?, ?, ?, ?, ?, ?)",
        );
        insert.run("Dana Miller", "12 Elm St", "Wellington", "67152", 2400.5, 6, 1_700_000_000_000);
        insert.run(null, "9 Oak Ave", "Derby", null, null, null, 1_700_000_100_000);
        insert.run("  ", "3 Pine Rd", "Mulvane", "67110", null, null, 1_700_000_200_000);
      },
      (sqlite) => {
        expect(
          sqlite.prepare("select id, name, email, status, source from leads where source = 'website'").all(),
        ).toEqual([{ id: 1, name: "Web Visitor", email: "web@example.com", status: "new", source: "website" }]);
        const leads = sqlite
          .prepare(
            `select r.street as roof, m.name, m.email, m.street, m.city, m.zip, m.status, m.source, m.subject,
                    m.notify_status, m.autoreply_status, m.created_at = r.created_at as same_day, m.read_at = r.created_at as read
             from roof_customers r join leads m on m.id = r.lead_id order by r.id`,
          )
          .all();
        const common = {
          email: "",
          source: "roof_tool",
          subject: "Roof customer",
          notify_status: "skipped",
          autoreply_status: "skipped",
          same_day: 1,
          read: 1,
        };
        expect(leads).toEqual([
          {
            roof: "12 Elm St",
            name: "Dana Miller",
            street: "12 Elm St",
            city: "Wellington",
            zip: "67152",
            status: "measured",
            ...common,
          },
          {
            roof: "9 Oak Ave",
            name: "9 Oak Ave",
            street: "9 Oak Ave",
            city: "Derby",
            zip: null,
            status: "contacted",
            ...common,
          },
          {
            roof: "3 Pine Rd",
            name: "3 Pine Rd",
            street: "3 Pine Rd",
            city: "Mulvane",
            zip: "67110",
            status: "contacted",
            ...common,
          },
        ]);
        expect(sqlite.prepare("select count(*) from leads").pluck().get()).toBe(4);
        // A lead deleted some day leaves its roof measurement in place, unlinked.
        sqlite.prepare("delete from leads where name = 'Dana Miller'").run();
        expect(sqlite.prepare("select area, lead_id from roof_customers where street = '12 Elm St'").get()).toEqual({
          area: 2400.5,
          lead_id: null,
        });
      },
      BEFORE_OUTBOX,
    );
  });
});

describe("migration 0006 (jobs)", () => {
  it("keeps every project and testimonial on the site, and a deleted lead leaves its project and review", async () => {
    await fromShapeBefore(
      "0006",
      (sqlite) => {
        sqlite
          .prepare("insert into projects (title, category, description) values ('Old Roof', 'roofing', 'Shingles')")
          .run();
        sqlite.prepare("insert into testimonials (name, quote, rating) values ('Old Customer', 'Great work', 5)").run();
        sqlite
          .prepare("insert into contact_messages (name, email, message) values ('Job', 'job@example.com', 'Roof')")
          .run();
      },
      (sqlite) => {
        expect(sqlite.prepare("select title, published, lead_id, service, town from projects").get()).toEqual({
          title: "Old Roof",
          published: 1,
          lead_id: null,
          service: null,
          town: null,
        });
        expect(sqlite.prepare("select name, status, lead_id from testimonials").get()).toEqual({
          name: "Old Customer",
          status: "published",
          lead_id: null,
        });
        expect(sqlite.prepare("select completed_at from leads").get()).toEqual({ completed_at: null });
        sqlite.prepare("update projects set lead_id = 1").run();
        sqlite.prepare("update testimonials set lead_id = 1").run();
        sqlite.prepare("delete from leads").run();
        expect(sqlite.prepare("select count(*) as n, max(lead_id) as lead from projects").get()).toEqual({
          n: 1,
          lead: null,
        });
        expect(sqlite.prepare("select count(*) as n, max(lead_id) as lead from testimonials").get()).toEqual({
          n: 1,
          lead: null,
        });
      },
      BEFORE_OUTBOX,
    );
  });
});

describe("migration 0008 (one live proposal, a locked accepted estimate)", () => {
  it("locks an accepted lead's estimate and withdraws what could still be accepted beside it", async () => {
    const day = 86_400_000;
    const now = Date.now();
    await fromShapeBefore(
      "0007",
      (sqlite) => {
        const lead = sqlite.prepare(
          "insert into contact_messages (name, email, message) values (?, 'x@example.com', 'Roof')",
        );
        for (const name of ["Accepted", "Two Open", "Twice Accepted", "Untouched"]) lead.run(name);
        sqlite
          .prepare(
            "insert into estimates (lead_id, lines, subtotal_cents, tax_cents, total_cents) values (1, '[]', 100, 0, 100), (2, '[]', 200, 0, 200), (3, '[]', 300, 0, 300), (4, '[]', 400, 0, 400)",
          )
          .run();
        const proposal = sqlite.prepare(
          "insert into proposals (lead_id, token_hash, content, total_cents, expires_at, accepted_at) values (?, ?, '{}', 100, ?, ?)",
        );
        // Lead 1: accepted, one still open beside it, one expired.
        proposal.run(1, "a-accepted", now + 30 * day, now - 2 * day);
        proposal.run(1, "a-open", now + 30 * day, null);
        proposal.run(1, "a-expired", now - day, null);
        // Lead 2: two open, none accepted.
        proposal.run(2, "b-older", now + 30 * day, null);
        proposal.run(2, "b-newer", now + 30 * day, null);
        // Lead 3: both accepted, the older after the newer (the bug).
        proposal.run(3, "c-newer", now + 30 * day, now - 3 * day);
        proposal.run(3, "c-older", now + 30 * day, now - day);
        // Lead 4: one open proposal.
        proposal.run(4, "d-only", now + 30 * day, null);
      },
      (sqlite) => {
        const withdrawn = (hash: string) =>
          (sqlite.prepare("select withdrawn_at from proposals where token_hash = ?").pluck().get(hash) as
            number | null) !== null;
        const locked = (lead: number) =>
          sqlite.prepare("select locked_at from estimates where lead_id = ?").pluck().get(lead);
        expect(locked(1)).toBe(now - 2 * day);
        expect(locked(3)).toBe(now - 3 * day);
        expect(locked(2)).toBeNull();
        expect(locked(4)).toBeNull();
        expect(["a-accepted", "a-open", "a-expired"].map(withdrawn)).toEqual([false, true, false]);
        expect(["b-older", "b-newer"].map(withdrawn)).toEqual([true, false]);
        // The first acceptance stands; the later one is withdrawn, its acceptance kept.
        expect(["c-newer", "c-older"].map(withdrawn)).toEqual([false, true]);
        expect(sqlite.prepare("select count(*) from proposals where accepted_at is not null").pluck().get()).toBe(3);
        expect(withdrawn("d-only")).toBe(false);
        // From now on a lead holds one standing acceptance.
        expect(() =>
          sqlite.prepare("update proposals set accepted_at = 1 where token_hash = 'a-expired'").run(),
        ).toThrow(/UNIQUE/);
      },
      BEFORE_OUTBOX,
    );
  });
});

describe("migration 0010 (one name for a lead)", () => {
  const CHILDREN = [
    "lead_photos",
    "lead_notes",
    "roof_customers",
    "estimates",
    "proposals",
    "review_requests",
    "testimonials",
    "projects",
  ];
  // Every row of every table a lead touches, under today's names (message_id is lead_id now).
  const rowsOf = (sqlite: Sqlite, names: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(names).map(([now, then]) => [
        now,
        (sqlite.prepare(`select * from ${then} order by id`).all() as Record<string, unknown>[]).map(
          ({ message_id, ...row }) => (message_id === undefined ? row : { ...row, lead_id: message_id }),
        ),
      ]),
    );

  it("renames the tables and columns in place: every lead and everything linked to it survives, its foreign keys intact", async () => {
    const day = 86_400_000;
    const now = Date.now();
    let before: ReturnType<typeof rowsOf> = {};
    await fromShapeBefore(
      "0010",
      (sqlite) => {
        sqlite
          .prepare(
            "insert into images (stored_name, original_name, content_type, bytes, width, height, purpose) values ('roof.webp', 'roof.jpg', 'image/webp', 10, 800, 600, 'roof'), ('job.webp', 'job.jpg', 'image/webp', 10, 800, 600, 'library')",
          )
          .run();
        const lead = sqlite.prepare(
          "insert into contact_messages (name, email, phone, message, street, city, zip, status, source, notify_status, notify_attempts, autoreply_status, follow_up_on, read_at, completed_at) values (?, ?, ?, ?, '12 Elm St', 'Wellington', '67152', ?, ?, ?, ?, ?, ?, ?, ?)",
        );
        lead.run(
          "Dana Miller",
          "dana@example.com",
          "316-555-0101",
          "New roof, please",
          "won",
          "website",
          "sent",
          1,
          "sent",
          null,
          now - 9 * day,
          now - day,
        );
        lead.run(
          "Sam Ortiz",
          "",
          "316-555-0102",
          "Called about gutters",
          "contacted",
          "phone",
          "skipped",
          0,
          "skipped",
          "2026-12-01",
          now - 2 * day,
          null,
        );
        lead.run(
          "Pat Lee",
          "pat@example.com",
          null,
          "Leak",
          "new",
          "website",
          "failed",
          5,
          "pending",
          null,
          null,
          null,
        );
        sqlite
          .prepare(
            "insert into contact_message_photos (message_id, stored_name, original_name, content_type, width, height, bytes) values (1, 'a.jpg', 'porch.jpg', 'image/jpeg', 4, 3, 100), (1, 'b.jpg', 'eave.jpg', 'image/jpeg', 4, 3, 200), (3, 'c.jpg', 'leak.jpg', 'image/jpeg', 4, 3, 300)",
          )
          .run();
        sqlite
          .prepare(
            "insert into lead_notes (message_id, author, body, status_from, status_to) values (1, 'owner@example.com', null, 'new', 'won'), (1, 'owner@example.com', 'Wants it before spring', null, null), (2, 'owner@example.com', 'Call back Monday', null, null)",
          )
          .run();
        sqlite
          .prepare(
            "insert into roof_customers (customer_name, street, city, area, pitch, top_image_id, lead_id) values ('Dana Miller', '12 Elm St', 'Wellington', 2400.5, 6, 1, 1)",
          )
          .run();
        sqlite
          .prepare(
            "insert into estimates (lead_id, roof_customer_id, lines, subtotal_cents, tax_cents, total_cents, locked_at) values (1, 1, '[]', 1200000, 90000, 1290000, ?)",
          )
          .run(now - day);
        sqlite
          .prepare(
            "insert into proposals (lead_id, token_hash, content, total_cents, expires_at, accepted_at, accepted_name, notify_status) values (1, 'hash-accepted', '{}', 1290000, ?, ?, 'Dana Miller', 'sent'), (1, 'hash-withdrawn', '{}', 1100000, ?, null, null, 'pending')",
          )
          .run(now + 30 * day, now - day, now + 30 * day);
        sqlite.prepare("update proposals set withdrawn_at = ? where token_hash = 'hash-withdrawn'").run(now - 2 * day);
        sqlite
          .prepare(
            "insert into testimonials (name, quote, rating, status, lead_id) values ('Dana M.', 'Great roof', 5, 'pending', 1), ('Old Customer', 'Fine work', 4, 'published', null)",
          )
          .run();
        sqlite
          .prepare(
            "insert into review_requests (lead_id, token_hash, expires_at, mail_status, testimonial_id, submitted_at) values (1, 'review-hash', ?, 'sent', 1, ?)",
          )
          .run(now + 30 * day, now - day);
        sqlite
          .prepare(
            "insert into projects (title, category, description, image_id, published, lead_id, service, town) values ('Elm St roof', 'roofing', 'Tear-off', 2, 0, 1, 'Residential Roofing', 'Wellington')",
          )
          .run();
        before = rowsOf(sqlite, {
          leads: "contact_messages",
          lead_photos: "contact_message_photos",
          ...Object.fromEntries(CHILDREN.filter((t) => !t.startsWith("lead_photos")).map((t) => [t, t])),
        });
      },
      (sqlite) => {
        expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
        expect(
          sqlite
            .prepare(
              "select name from sqlite_master where name like '%contact_message%' or name like '\\_\\_new\\_%' escape '\\'",
            )
            .pluck()
            .all(),
        ).toEqual([]);
        expect(rowsOf(sqlite, Object.fromEntries(Object.keys(before).map((t) => [t, t])))).toEqual(before);
        expect(before.leads).toHaveLength(3);
        expect(before.lead_photos).toHaveLength(3);
        expect(sqlite.pragma("foreign_key_check")).toEqual([]);
        expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
        // The foreign keys were rewritten to point at the renamed table and column.
        for (const table of CHILDREN) {
          const targets = (sqlite.pragma(`foreign_key_list(${table})`) as { table: string; from: string }[]).filter(
            (fk) => fk.from === "lead_id",
          );
          expect(targets, table).toEqual([expect.objectContaining({ table: "leads", from: "lead_id" })]);
        }
        const indexes = sqlite
          .prepare(
            "select name from sqlite_master where type = 'index' and tbl_name in ('leads', 'lead_photos', 'lead_notes') and sql is not null order by name",
          )
          .pluck()
          .all();
        expect(indexes).toEqual([
          "lead_notes_lead_idx",
          "lead_photos_lead_idx",
          "lead_photos_stored_name_unique",
          "leads_created_idx",
          "leads_notify_idx",
        ]);
        // And they still act: a deleted lead takes its own rows with it and leaves its
        // roof, project and review in place, unlinked (decisions 0019, 0020, 0023).
        sqlite.prepare("delete from leads where id = 1").run();
        const count = (table: string) =>
          sqlite.prepare(`select count(*) from ${table} where lead_id = 1`).pluck().get();
        expect(["lead_photos", "lead_notes", "estimates", "proposals", "review_requests"].map(count)).toEqual([
          0, 0, 0, 0, 0,
        ]);
        expect(sqlite.prepare("select lead_id from roof_customers").pluck().all()).toEqual([null]);
        expect(sqlite.prepare("select lead_id from projects").pluck().all()).toEqual([null]);
        expect(sqlite.prepare("select count(*) from testimonials where lead_id is null").pluck().get()).toBe(2);
        expect(sqlite.prepare("select count(*) from lead_photos").pluck().get()).toBe(1);
      },
      BEFORE_OUTBOX,
    );
  });
});
