import { describe, expect, it } from "vitest";
import { invoices, proposals } from "~/db/schema";
import type { InvoiceLine } from "~/lib/invoice-kinds";
import { jobChangeOrders, jobValuesOf } from "~/models/job-value.server";
import { createLead } from "~/models/lead.server";
import { getDb } from "~/server/db.server";
import { plansOf } from "../query-plans";

// A job's value counts its change orders, read only from the invoices that carry one: the
// reports and lists read thousands of jobs' values, and most jobs are billed without one.

const job = (name: string) =>
  createLead({ name, email: `${name.toLowerCase()}@example.com`, phone: null, message: "Roof" }).id;

/** The homeowner accepted \$10,000: the job's value before its change orders. */
function accepted(leadId: number) {
  const now = new Date();
  getDb()
    .insert(proposals)
    .values({ leadId, content: {}, totalCents: 1_000_000, expiresAt: now, acceptedAt: now })
    .run();
}

function invoice(leadId: number, state: "draft" | "sent" | "void", lines: InvoiceLine[]) {
  const cents = lines.reduce((n, l) => n + l.amountCents, 0);
  getDb()
    .insert(invoices)
    .values({ leadId, kind: "progress", state, lines, subtotalCents: cents, totalCents: Math.max(cents, 0) })
    .run();
}

describe("a job's change orders", () => {
  it("count on invoices not void, flagged lines only, drafts included", () => {
    const id = job("Changed");
    accepted(id);
    invoice(id, "sent", [
      { description: "Deposit", amountCents: 300_000 },
      { description: "Extra decking", amountCents: 45_000, changeOrder: true },
    ]);
    invoice(id, "draft", [{ description: "Credit: gutters kept", amountCents: -5_000, changeOrder: true }]);
    invoice(id, "void", [{ description: "Voided extra", amountCents: 99_000, changeOrder: true }]);
    invoice(id, "sent", [{ description: "Not a change", amountCents: 1_000, changeOrder: false }]);
    const plain = job("Plain");
    accepted(plain);
    invoice(plain, "sent", [{ description: "Deposit", amountCents: 300_000 }]);

    expect(jobChangeOrders(id)).toEqual([
      { description: "Extra decking", amountCents: 45_000 },
      { description: "Credit: gutters kept", amountCents: -5_000 },
    ]);
    expect(jobChangeOrders(id, { sentOnly: true })).toEqual([{ description: "Extra decking", amountCents: 45_000 }]);
    expect(jobValuesOf([id, plain])).toEqual(
      new Map([
        [id, 1_040_000],
        [plain, 1_000_000],
      ]),
    );
  });

  it("take the accepted proposal's and the estimate's totals from indexes that hold them, never the documents", () => {
    const id = job("Covered");
    const plans = plansOf(() => jobValuesOf([id])).map((s) => s.plan);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatch(/SEARCH p USING COVERING INDEX proposals_accepted_value_idx \(lead_id=\?\)/);
    expect(plans[0]).toMatch(/SEARCH e USING COVERING INDEX estimates_current_value_idx \(lead_id=\?\)/);
  });

  it("are read from invoices_change_orders_idx, not from every invoice of the job", () => {
    const id = job("Planned");
    const plans = plansOf(() => jobValuesOf([id])).filter((s) => s.sql.includes("json_each(i.lines)"));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.plan).toMatch(/SEARCH i USING INDEX invoices_change_orders_idx \(lead_id=\?\)/);
  });
});
