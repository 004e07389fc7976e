import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { fromShapeBefore } from "./migration-shape";

// The migrations that bring in the outbox (decision 0037): the first of them, and the files.
const FIRST = "0011";
const outboxMigrations = () => fs.readdirSync("drizzle").filter((f) => f.endsWith(".sql") && f >= FIRST);

const NOW = Date.now();
const MIN = 60_000;
const OWNER = "owner@example.com";

type Row = Record<string, unknown>;

describe(`migrations ${FIRST} on (one outbox)`, () => {
  it("moves every mail of the three old queues into the outbox, once, in the state it was in", async () => {
    await fromShapeBefore(
      FIRST,
      (db) => {
        db.prepare("insert into settings (key, value) values ('contact', ?)").run(
          JSON.stringify({ notificationEmail: OWNER }),
        );
        const lead = db.prepare(
          `insert into leads (id, name, email, message, source, notify_status, notify_attempts, notify_last_error, notify_next_attempt_at,
                              autoreply_status, autoreply_attempts, autoreply_last_error, created_at)
           values (@id, @name, @email, 'Roof', @source, @notify, @notifyAttempts, @notifyError, @notifyNext, @autoreply, @autoreplyAttempts, @autoreplyError, @createdAt)`,
        );
        const add = (
          id: number,
          fields: Partial<
            Record<"source" | "notify" | "notifyError" | "autoreply" | "autoreplyError", string | null> &
              Record<"notifyAttempts" | "notifyNext" | "autoreplyAttempts", number | null>
          >,
        ) =>
          lead.run({
            id,
            name: `Lead ${id}`,
            email: `lead${id}@example.com`,
            source: "website",
            notify: "pending",
            notifyAttempts: 0,
            notifyError: null,
            notifyNext: null,
            autoreply: "pending",
            autoreplyAttempts: 0,
            autoreplyError: null,
            createdAt: 1_700_000_000_000 + id,
            ...fields,
          });
        add(1, {}); // just stored: nothing tried yet
        add(2, { notifyAttempts: 2, notifyError: "Provider is down", notifyNext: NOW + 30 * MIN }); // failed twice, waiting
        add(3, { notifyNext: NOW - 10 * MIN }); // being sent when the process died: a stale lease
        add(4, { notifyNext: NOW + 2 * MIN }); // being sent right now: a live lease
        add(5, { notify: "sent", notifyAttempts: 1, autoreply: "sent", autoreplyAttempts: 1 });
        add(6, { notify: "failed", notifyAttempts: 6, notifyError: "Provider is down" }); // its auto-reply waits for it
        add(7, {
          notify: "sent",
          notifyAttempts: 1,
          autoreply: "failed",
          autoreplyAttempts: 1,
          autoreplyError: "Bounced",
        });
        add(8, { notify: "sent", notifyAttempts: 2, autoreply: "pending" }); // auto-reply put back in line
        add(9, { notify: "unsent", notifyAttempts: 1, autoreply: "unsent", autoreplyAttempts: 1 });
        add(10, { notify: "sent", notifyAttempts: 1, autoreply: "skipped" });
        add(11, { source: "phone", notify: "skipped", autoreply: "skipped" }); // staff wrote it down: never mailed

        const proposal = db.prepare(
          `insert into proposals (id, lead_id, token_hash, content, total_cents, expires_at, accepted_at, accepted_name, accepted_ip,
                                  notify_status, notify_attempts, notify_last_error, notify_next_attempt_at, created_at)
           values (?, ?, ?, '{}', 100, ?, ?, ?, '127.0.0.1', ?, ?, ?, ?, ?)`,
        );
        proposal.run(1, 5, "hash-1", NOW + 9 * 86_400_000, null, null, "pending", 0, null, null, 1_700_000_100_001); // open: no mail
        proposal.run(
          2,
          7,
          "hash-2",
          NOW + 9 * 86_400_000,
          NOW - 5 * MIN,
          "Ann",
          "pending",
          1,
          "Provider is down",
          NOW + MIN,
          1_700_000_100_002,
        );
        proposal.run(
          3,
          8,
          "hash-3",
          NOW + 9 * 86_400_000,
          NOW - 60 * MIN,
          "Ben",
          "sent",
          1,
          null,
          null,
          1_700_000_100_003,
        );
        proposal.run(
          4,
          9,
          "hash-4",
          NOW + 9 * 86_400_000,
          NOW - 90 * MIN,
          "Cal",
          "failed",
          6,
          "Provider is down",
          null,
          1_700_000_100_004,
        );
        proposal.run(
          5,
          10,
          "hash-5",
          NOW + 9 * 86_400_000,
          NOW - 1 * MIN,
          "Dee",
          "pending",
          0,
          null,
          NOW - MIN,
          1_700_000_100_005,
        ); // stale lease

        const review = db.prepare(
          `insert into review_requests (id, lead_id, token_hash, expires_at, mail_status, mail_attempts, mail_last_error, mail_next_attempt_at, created_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        review.run(1, 5, "review-1", NOW + 60 * 86_400_000, "pending", 0, null, null, 1_700_000_200_001);
        review.run(
          2,
          7,
          "review-2",
          NOW + 60 * 86_400_000,
          "pending",
          3,
          "Provider is down",
          NOW + 30 * MIN,
          1_700_000_200_002,
        );
        review.run(3, 8, "review-3", NOW + 60 * 86_400_000, "failed", 1, "Provider is down", null, 1_700_000_200_003);
        review.run(4, 9, "review-4", NOW + 60 * 86_400_000, "sent", 1, null, null, 1_700_000_200_004);
        review.run(5, 10, "review-5", NOW + 60 * 86_400_000, "pending", 0, null, NOW - 3 * MIN, 1_700_000_200_005); // stale lease
      },
      (db) => {
        const rows = db
          .prepare(
            `select kind, lead_id, proposal_id, review_request_id, recipient, state, attempts, last_error, next_attempt_at, leased_until, provider_id
             from outbox order by kind, lead_id, proposal_id, review_request_id`,
          )
          .all() as Row[];
        const mail = (kind: string, leadId: number, state: string, more: Row = {}): Row => ({
          kind,
          lead_id: leadId,
          proposal_id: null,
          review_request_id: null,
          recipient: kind === "lead-notification" || kind === "proposal-accepted" ? OWNER : `lead${leadId}@example.com`,
          state,
          attempts: 0,
          last_error: null,
          next_attempt_at: null,
          leased_until: null,
          provider_id: null,
          ...more,
        });
        const down = { last_error: "Provider is down" };
        expect(rows).toEqual([
          // The auto-replies that had been tried or put back in line; the others follow their notification.
          mail("lead-autoreply", 5, "sent", { attempts: 1 }),
          mail("lead-autoreply", 7, "failed", { attempts: 1, last_error: "Bounced" }),
          mail("lead-autoreply", 8, "pending"),
          mail("lead-autoreply", 9, "unsent", { attempts: 1 }),
          mail("lead-autoreply", 10, "skipped"),
          mail("lead-notification", 1, "pending"),
          mail("lead-notification", 2, "pending", { attempts: 2, next_attempt_at: NOW + 30 * MIN, ...down }),
          mail("lead-notification", 3, "pending", { leased_until: NOW - 10 * MIN }),
          mail("lead-notification", 4, "pending", { leased_until: NOW + 2 * MIN }),
          mail("lead-notification", 5, "sent", { attempts: 1 }),
          mail("lead-notification", 6, "failed", { attempts: 6, ...down }),
          mail("lead-notification", 7, "sent", { attempts: 1 }),
          mail("lead-notification", 8, "sent", { attempts: 2 }),
          mail("lead-notification", 9, "unsent", { attempts: 1 }),
          mail("lead-notification", 10, "sent", { attempts: 1 }),
          // Only accepted proposals had an owner's mail.
          mail("proposal-accepted", 7, "pending", { proposal_id: 2, attempts: 1, next_attempt_at: NOW + MIN, ...down }),
          mail("proposal-accepted", 8, "sent", { proposal_id: 3, attempts: 1 }),
          mail("proposal-accepted", 9, "failed", { proposal_id: 4, attempts: 6, ...down }),
          mail("proposal-accepted", 10, "pending", { proposal_id: 5, leased_until: NOW - MIN }),
          mail("review-request", 5, "pending", { review_request_id: 1 }),
          mail("review-request", 7, "pending", {
            review_request_id: 2,
            attempts: 3,
            next_attempt_at: NOW + 30 * MIN,
            ...down,
          }),
          mail("review-request", 8, "failed", { review_request_id: 3, attempts: 1, ...down }),
          mail("review-request", 9, "sent", { review_request_id: 4, attempts: 1 }),
          mail("review-request", 10, "pending", { review_request_id: 5, leased_until: NOW - 3 * MIN }),
        ]);

        // The copied links keep working: each proposal's token is its first link.
        expect(db.prepare("select proposal_id, token_hash from proposal_links order by proposal_id").all()).toEqual(
          [1, 2, 3, 4, 5].map((id) => ({ proposal_id: id, token_hash: `hash-${id}` })),
        );

        // No table but the outbox keeps a mail's state any more.
        const columns = (table: string) =>
          (db.prepare(`select name from pragma_table_info('${table}')`).pluck().all() as string[]).join(" ");
        for (const table of ["leads", "proposals", "review_requests"])
          expect(columns(table)).not.toMatch(/notify|autoreply|mail_/);
        expect(columns("proposals")).not.toContain("token_hash");

        // A lead deleted takes its mails with it: nothing is left to retry forever.
        db.prepare("delete from leads where id in (2, 7)").run();
        expect(db.prepare("select count(*) from outbox where lead_id in (2, 7)").pluck().get()).toBe(0);
        expect(db.prepare("select count(*) from outbox").pluck().get()).toBe(rows.length - 5);
      },
    );
  });

  it("brings a database from before the lead rename (0009) all the way, its mails intact", async () => {
    await fromShapeBefore(
      "0010",
      (db) => {
        db.prepare("insert into settings (key, value) values ('contact', ?)").run(
          JSON.stringify({ notificationEmail: OWNER }),
        );
        db.prepare(
          `insert into contact_messages (id, name, email, message, source, notify_status, notify_attempts, notify_last_error, notify_next_attempt_at, autoreply_status, created_at)
           values (1, 'Ann', 'ann@example.com', 'Roof', 'website', 'pending', 2, 'Provider is down', ?, 'pending', 1700000000001),
                  (2, 'Ben', 'ben@example.com', 'Roof', 'website', 'sent', 1, null, null, 'failed', 1700000000002)`,
        ).run(NOW + 5 * MIN);
        db.prepare(
          `insert into proposals (id, lead_id, token_hash, content, total_cents, expires_at, accepted_at, accepted_name, accepted_ip, notify_status, notify_attempts, created_at)
           values (1, 2, 'hash-1', '{}', 100, ?, ?, 'Ben', '127.0.0.1', 'pending', 0, 1700000100001)`,
        ).run(NOW + 9 * 86_400_000, NOW - MIN);
        db.prepare(
          `insert into review_requests (id, lead_id, token_hash, expires_at, mail_status, mail_attempts, created_at) values (1, 2, 'review-1', ?, 'failed', 6, 1700000200001)`,
        ).run(NOW + 60 * 86_400_000);
      },
      (db) => {
        expect(
          db.prepare("select kind, lead_id, recipient, state, attempts, next_attempt_at from outbox order by id").all(),
        ).toEqual([
          {
            kind: "lead-notification",
            lead_id: 1,
            recipient: OWNER,
            state: "pending",
            attempts: 2,
            next_attempt_at: NOW + 5 * MIN,
          },
          {
            kind: "lead-notification",
            lead_id: 2,
            recipient: OWNER,
            state: "sent",
            attempts: 1,
            next_attempt_at: null,
          },
          {
            kind: "lead-autoreply",
            lead_id: 2,
            recipient: "ben@example.com",
            state: "failed",
            attempts: 0,
            next_attempt_at: null,
          },
          {
            kind: "proposal-accepted",
            lead_id: 2,
            recipient: OWNER,
            state: "pending",
            attempts: 0,
            next_attempt_at: null,
          },
          {
            kind: "review-request",
            lead_id: 2,
            recipient: "ben@example.com",
            state: "failed",
            attempts: 6,
            next_attempt_at: null,
          },
        ]);
        expect(db.prepare("select proposal_id, token_hash from proposal_links").all()).toEqual([
          { proposal_id: 1, token_hash: "hash-1" },
        ]);
      },
    );
  });

  it("drops the old columns in place: the lead table is never rebuilt (decision 0019)", () => {
    const sql = outboxMigrations().map((f) => fs.readFileSync(`drizzle/${f}`, "utf8"));
    expect(sql.length).toBeGreaterThanOrEqual(3);
    expect(sql.join("\n")).toContain("ALTER TABLE `leads` DROP COLUMN `notify_status`");
    expect(sql.join("\n")).not.toMatch(/__new_|CREATE TABLE `leads`/);
  });
});
