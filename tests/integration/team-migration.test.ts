import { describe, expect, it } from "vitest";
import { fromShapeBefore } from "./migration-shape";

// Migration 0018 brought in roles: every account a site had becomes an owner, with its
// password, sessions and email as they were; nothing else changes for them.
describe("migration 0018, existing admins become owners", () => {
  it("keeps every account, its password and its sessions, and makes each an owner on the team", async () => {
    const far = Date.now() + 24 * 60 * 60 * 1000;
    await fromShapeBefore(
      "0018_team_accounts",
      (db) => {
        const user = db.prepare("insert into users (email, password_hash) values (?, ?) returning id").pluck();
        const first = user.get("owner@example.com", "scrypt$first") as number;
        const second = user.get("office@example.com", "scrypt$second") as number;
        const session = db.prepare("insert into sessions (id, user_id, expires_at, last_seen_at) values (?, ?, ?, ?)");
        session.run("session-a", first, far, Date.now());
        session.run("session-b", second, far, Date.now());
      },
      (db) => {
        const rows = db
          .prepare("select email, password_hash, role, name, removed_at, last_sign_in_at from users order by id")
          .all();
        expect(rows).toEqual([
          {
            email: "owner@example.com",
            password_hash: "scrypt$first",
            role: "owner",
            name: "",
            removed_at: null,
            last_sign_in_at: null,
          },
          {
            email: "office@example.com",
            password_hash: "scrypt$second",
            role: "owner",
            name: "",
            removed_at: null,
            last_sign_in_at: null,
          },
        ]);
        expect(db.prepare("select id from sessions order by id").pluck().all()).toEqual(["session-a", "session-b"]);
        expect(db.prepare("select count(*) from invitations").pluck().get()).toBe(0);
      },
    );
  });
});
