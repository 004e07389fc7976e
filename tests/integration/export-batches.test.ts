import { describe, expect, it } from "vitest";
import { leadNotes, leads, users } from "~/db/schema";
import { EXPORT_ROWS } from "~/models/export.server";
import { upsertUser } from "~/models/user.server";
import { getDb } from "~/server/db.server";

// "Export everything" reads each table in batches of 500 by id (decision 0059). A table
// longer than a batch comes out whole, each row once, in order, with the account it names.

describe("the export's batches", () => {
  it("carry every lead and history entry of a table longer than a batch, once each", async () => {
    const { user } = await upsertUser("kim@example.com", "kim-password-123", { name: "Kim Ruiz" });
    getDb().update(users).set({ role: "office" }).run();
    const many = 1234;
    const made = getDb()
      .insert(leads)
      .values(
        Array.from({ length: many }, (_, i) => ({
          name: `Lead ${i}`,
          email: `l${i}@example.com`,
          message: "Roof",
          subject: "Quote",
          assigneeId: i % 2 ? user.id : null,
        })),
      )
      .returning({ id: leads.id })
      .all();
    getDb()
      .insert(leadNotes)
      .values(made.map(({ id }) => ({ leadId: id, author: "Kim", authorId: user.id, body: `Called ${id}` })))
      .run();

    const rows = [...EXPORT_ROWS["leads.csv"]()];
    expect(rows.map((r) => r[0])).toEqual(made.map((m) => m.id));
    expect(rows.filter((r) => r[15] === "Kim Ruiz")).toHaveLength(many / 2);
    const history = [...EXPORT_ROWS["lead_history.csv"]()];
    expect(history).toHaveLength(many);
    expect(history.every((h) => h[2] === "Kim Ruiz" && h[5] === `Called ${h[0]}`)).toBe(true);
  });
});
