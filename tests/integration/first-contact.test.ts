import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, users } from "~/db/schema";
import { actorOf, systemActor } from "~/lib/actor";
import { createLead } from "~/models/lead.server";
import { writeLeadHistory } from "~/models/lead-history.server";
import { getDb } from "~/server/db.server";
import { fromShapeBefore } from "./migration-shape";

// A lead's first contact (the Leads & sales report's speed to lead) is kept on the lead: the
// earliest entry a team member wrote once the lead was in, of a kind that is contact.

const at = (iso: string) => new Date(iso);

describe("a lead's first contact", () => {
  it("is the earliest contact a team member wrote once the lead was in, whatever order entries are written in", () => {
    const kim = getDb()
      .insert(users)
      .values({ email: "kim@example.com", passwordHash: "x", name: "Kim Ruiz", role: "office" })
      .returning()
      .get();
    const byKim = actorOf({ userId: kim.id, name: kim.name, email: kim.email });
    const lead = createLead(
      {
        name: "Ann Homeowner",
        email: "ann@example.com",
        phone: null,
        message: "Roof",
        city: null,
        service: null,
      } as never,
      [],
      "website",
    );
    getDb()
      .update(leads)
      .set({ createdAt: at("2026-10-05T14:00:00Z") })
      .where(eq(leads.id, lead.id))
      .run();
    const firstContact = () =>
      getDb().select({ at: leads.firstContactAt }).from(leads).where(eq(leads.id, lead.id)).get()!.at;
    expect(firstContact()).toBeNull();

    // The homeowner's own entries, an automatic one, and being assigned are not contact.
    writeLeadHistory(
      { leadId: lead.id, kind: "homeowner-photos" },
      systemActor("The homeowner"),
      at("2026-10-05T14:05:00Z"),
    );
    writeLeadHistory(
      { leadId: lead.id, kind: "note", body: "Auto" },
      systemActor("The site"),
      at("2026-10-05T14:06:00Z"),
    );
    writeLeadHistory({ leadId: lead.id, kind: "assigned", subjectId: kim.id }, byKim, at("2026-10-05T14:10:00Z"));
    expect(firstContact()).toBeNull();

    // A text sent by Kim is; a later note leaves it; an earlier call written down takes its place.
    writeLeadHistory({ leadId: lead.id, kind: "text-sent", body: "Hi" }, byKim, at("2026-10-05T16:00:00Z"));
    expect(firstContact()).toEqual(at("2026-10-05T16:00:00Z"));
    writeLeadHistory({ leadId: lead.id, kind: "note", body: "Called" }, byKim, at("2026-10-06T09:00:00Z"));
    expect(firstContact()).toEqual(at("2026-10-05T16:00:00Z"));
    writeLeadHistory({ leadId: lead.id, kind: "note", body: "Called" }, byKim, at("2026-10-05T15:00:00Z"));
    expect(firstContact()).toEqual(at("2026-10-05T15:00:00Z"));
    // An entry dated before the lead came in is not its contact.
    writeLeadHistory({ leadId: lead.id, kind: "note", body: "Old" }, byKim, at("2026-10-01T09:00:00Z"));
    expect(firstContact()).toEqual(at("2026-10-05T15:00:00Z"));
  });

  it("is worked out for the leads a site had before it was kept (migration 0040)", async () => {
    await fromShapeBefore(
      "0040_first_contact",
      (db) => {
        db.prepare(
          "insert into users (id, email, password_hash, role) values (1, 'kim@example.com', 'x', 'office')",
        ).run();
        const lead = db.prepare(
          "insert into leads (id, name, email, message, source, created_at) values (?, ?, ?, 'Roof', ?, ?)",
        );
        lead.run(1, "Ann", "ann@example.com", "website", Date.parse("2026-10-05T14:00:00Z"));
        lead.run(2, "Bob", "bob@example.com", "text", Date.parse("2026-10-06T14:00:00Z"));
        lead.run(3, "Cal", "cal@example.com", "website", Date.parse("2026-10-07T14:00:00Z"));
        const note = db.prepare(
          "insert into lead_notes (lead_id, author, author_id, kind, created_at) values (?, ?, ?, ?, ?)",
        );
        // Ann: an entry before she came in, the homeowner's photos, an assignment, then a visit booked and a note.
        note.run(1, "Kim", 1, "note", Date.parse("2026-10-01T09:00:00Z"));
        note.run(1, "The homeowner", null, "homeowner-photos", Date.parse("2026-10-05T14:05:00Z"));
        note.run(1, "Kim", 1, "assigned", Date.parse("2026-10-05T14:10:00Z"));
        note.run(1, "Kim", 1, "note", Date.parse("2026-10-06T09:00:00Z"));
        note.run(1, "Kim", 1, "visit-booked", Date.parse("2026-10-05T18:00:00Z"));
        // Bob: only what the site wrote by itself.
        note.run(2, "The site", null, "note", Date.parse("2026-10-06T14:01:00Z"));
        // Cal: a roof measured.
        note.run(3, "Kim", 1, "roof-measured", Date.parse("2026-10-08T10:00:00Z"));
      },
      (db) => {
        expect(db.prepare("select id, first_contact_at as at from leads order by id").all()).toEqual([
          { id: 1, at: Date.parse("2026-10-05T18:00:00Z") },
          { id: 2, at: null },
          { id: 3, at: Date.parse("2026-10-08T10:00:00Z") },
        ]);
      },
    );
  });
});
