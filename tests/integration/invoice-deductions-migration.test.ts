import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { invoiceRows } from "~/lib/invoice";
import type { InvoiceLine } from "~/lib/invoice-kinds";
import { fromShapeBefore } from "./migration-shape";

describe("the migration that flags a final invoice's deductions", () => {
  // Named by its tail: migrations are renumbered when branches meet.
  const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
  const tag = journal.entries.find((e) => e.tag.endsWith("_final-invoice-deductions-flagged"))!.tag;

  it("puts an old final bill's 'Less …' lines after the job's total, and leaves other bills as they were", async () => {
    const oldFinal = [
      { description: "Roof work as accepted in the proposal", amountCents: 1_000_000 },
      { description: "Less deposit invoice INV-0001", amountCents: -300_000 },
      { description: "Extra vent", amountCents: 25_500, changeOrder: true },
    ];
    const progress = [{ description: "Less than half the tear-off (progress)", amountCents: 200_000 }];
    await fromShapeBefore(
      tag,
      (db) => {
        const lead = db
          .prepare("insert into leads (name, email, message, status) values ('Pat', 'pat@example.com', 'Roof', 'won')")
          .run().lastInsertRowid;
        const add = db.prepare(
          "insert into invoices (lead_id, kind, lines, subtotal_cents, total_cents) values (?, ?, ?, ?, ?)",
        );
        add.run(lead, "final", JSON.stringify(oldFinal), 725_500, 725_500);
        add.run(lead, "progress", JSON.stringify(progress), 200_000, 200_000);
      },
      (db) => {
        const [final, other] = db
          .prepare("select lines from invoices order by id")
          .pluck()
          .all()
          .map((json) => JSON.parse(json as string) as InvoiceLine[]);
        expect(final.map((l) => l.deduction ?? false)).toEqual([false, true, false]);
        expect(invoiceRows(final).map((r) => [r.label, r.amount])).toEqual([
          ["Roof work as accepted in the proposal", "$10,000.00"],
          ["Change order: Extra vent", "$255.00"],
          ["Job total", "$10,255.00"],
          ["Less deposit invoice INV-0001", "-$3,000.00"],
        ]);
        expect(other).toEqual(progress);
      },
    );
  });
});
