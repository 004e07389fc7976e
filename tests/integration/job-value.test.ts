import { readFileSync } from "node:fs";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { estimates, invoices, jobValues, leads, proposals, standsAccepted } from "~/db/schema";
import type { InvoiceLine } from "~/lib/invoice-kinds";
import { jobChangeOrders, jobValuesOf } from "~/models/job-value.server";
import { createLead } from "~/models/lead.server";
import { getDb } from "~/server/db.server";
import { plansOf } from "../query-plans";
import { fromShapeBefore } from "./migration-shape";

// A job's value is read by one lookup: its three parts are kept in a row per lead by triggers
// on leads, proposals, estimates and invoices, so a report or an export reads thousands of
// jobs' values without three lookups each. Whatever writes those tables, the parts must be what the
// definitions say: the proposal that stands accepted, the change orders that count (the
// lines jobChangeOrders lists), the estimate not superseded.

const job = (name: string) =>
  createLead({ name, email: `${name.toLowerCase()}@example.com`, phone: null, message: "Roof" }).id;

type Parts = { acceptedCents: number | null; changeOrderCents: number; estimateCents: number | null };

/** The parts kept for the lead. */
const kept = (leadId: number) =>
  getDb()
    .select({
      acceptedCents: jobValues.acceptedCents,
      changeOrderCents: jobValues.changeOrderCents,
      estimateCents: jobValues.estimateCents,
    })
    .from(jobValues)
    .where(eq(jobValues.leadId, leadId))
    .get();

/** The parts as their definitions make them, from the rows themselves. */
function defined(leadId: number): Parts {
  const db = getDb();
  const accepted = db
    .select({ total: proposals.totalCents })
    .from(proposals)
    .where(and(eq(proposals.leadId, leadId), standsAccepted(proposals)))
    .get();
  const estimate = db
    .select({ total: estimates.totalCents })
    .from(estimates)
    .where(and(eq(estimates.leadId, leadId), isNull(estimates.supersededAt)))
    .get();
  return {
    acceptedCents: accepted?.total ?? null,
    changeOrderCents: jobChangeOrders(leadId).reduce((n, c) => n + c.amountCents, 0),
    estimateCents: estimate?.total ?? null,
  };
}

function invoice(leadId: number, state: "draft" | "sent" | "void", lines: InvoiceLine[]) {
  const cents = lines.reduce((n, l) => n + l.amountCents, 0);
  return getDb()
    .insert(invoices)
    .values({ leadId, kind: "progress", state, lines, subtotalCents: cents, totalCents: Math.max(cents, 0) })
    .returning({ id: invoices.id })
    .get().id;
}

function estimate(leadId: number, totalCents: number) {
  return getDb()
    .insert(estimates)
    .values({ leadId, lines: [], subtotalCents: totalCents, taxCents: 0, totalCents })
    .returning({ id: estimates.id })
    .get().id;
}

describe("a job's value kept for each lead", () => {
  it("follows every kind of write to its proposals, estimates and invoices, each on its own", () => {
    const db = getDb();
    const id = job("Kept");
    const other = job("Other");
    let current = 0;
    let proposal = 0;
    let sent = 0;
    let draft = 0;
    const setEstimate = (values: Partial<typeof estimates.$inferInsert>) =>
      db.update(estimates).set(values).where(eq(estimates.id, current)).run();
    const setProposal = (values: Partial<typeof proposals.$inferInsert>) =>
      db.update(proposals).set(values).where(eq(proposals.id, proposal)).run();
    const setInvoice = (invoiceId: number, values: Partial<typeof invoices.$inferInsert>) =>
      db.update(invoices).set(values).where(eq(invoices.id, invoiceId)).run();
    const offer = (values: Partial<typeof proposals.$inferInsert>) =>
      (proposal = db
        .insert(proposals)
        .values({ leadId: id, content: {}, totalCents: 900_000, expiresAt: new Date(), ...values })
        .returning({ id: proposals.id })
        .get().id);
    // [what, the one write, the job's parts after it: accepted, change orders, estimate]
    const steps: [string, () => void, [number | null, number, number | null]][] = [
      ["an estimate made", () => (current = estimate(id, 800_000)), [null, 0, 800_000]],
      ["its total changed", () => setEstimate({ totalCents: 850_000 }), [null, 0, 850_000]],
      ["superseded, before its new one", () => setEstimate({ supersededAt: new Date() }), [null, 0, null]],
      ["the new one", () => (current = estimate(id, 900_000)), [null, 0, 900_000]],
      ["a proposal sent", () => offer({}), [null, 0, 900_000]],
      ["accepted as sent (the time alone)", () => setProposal({ acceptedAt: new Date() }), [900_000, 0, 900_000]],
      ["its total with the add-on chosen", () => setProposal({ totalCents: 950_000 }), [950_000, 0, 900_000]],
      [
        "an invoice sent with a change order",
        () =>
          (sent = invoice(id, "sent", [
            { description: "Deposit", amountCents: 300_000 },
            { description: "Extra decking", amountCents: 45_000, changeOrder: true },
          ])),
        [950_000, 45_000, 900_000],
      ],
      [
        "a draft with a credit",
        () =>
          (draft = invoice(id, "draft", [
            { description: "Credit: gutters kept", amountCents: -5_000, changeOrder: true },
          ])),
        [950_000, 40_000, 900_000],
      ],
      [
        "a void one",
        () => invoice(id, "void", [{ description: "Voided extra", amountCents: 99_000, changeOrder: true }]),
        [950_000, 40_000, 900_000],
      ],
      [
        "a plain line",
        () => invoice(id, "sent", [{ description: "Not a change", amountCents: 1_000, changeOrder: false }]),
        [950_000, 40_000, 900_000],
      ],
      [
        "the draft's lines edited",
        () =>
          setInvoice(draft, {
            lines: [{ description: "Credit: gutters kept", amountCents: -7_000, changeOrder: true }],
          }),
        [950_000, 38_000, 900_000],
      ],
      ["the sent one voided", () => setInvoice(sent, { state: "void" }), [950_000, -7_000, 900_000]],
      ["the draft moved to another job", () => setInvoice(draft, { leadId: other }), [950_000, 0, 900_000]],
      ["the draft deleted", () => db.delete(invoices).where(eq(invoices.id, draft)).run(), [950_000, 0, 900_000]],
      ["the proposal moved to another job", () => setProposal({ leadId: other }), [null, 0, 900_000]],
      ["and back", () => setProposal({ leadId: id }), [950_000, 0, 900_000]],
      ["the estimate moved to another job", () => setEstimate({ leadId: other }), [950_000, 0, null]],
      ["and back", () => setEstimate({ leadId: id }), [950_000, 0, 900_000]],
      [
        "the accepted proposal deleted",
        () => db.delete(proposals).where(eq(proposals.id, proposal)).run(),
        [null, 0, 900_000],
      ],
      ["one made accepted", () => offer({ acceptedAt: new Date(), totalCents: 910_000 }), [910_000, 0, 900_000]],
      ["withdrawn", () => setProposal({ withdrawnAt: new Date() }), [null, 0, 900_000]],
      ["the estimate deleted", () => db.delete(estimates).where(eq(estimates.id, current)).run(), [null, 0, null]],
    ];

    for (const [what, write, [acceptedCents, changeOrderCents, estimateCents]] of steps) {
      write();
      expect({ what, kept: kept(id) }).toEqual({ what, kept: { acceptedCents, changeOrderCents, estimateCents } });
      expect({ what, kept: kept(id) }).toEqual({ what, kept: defined(id) });
      expect({ what, other: kept(other) }).toEqual({ what, other: defined(other) });
    }
  });

  it("gives a job's value from them, change orders and all", () => {
    const id = job("Changed");
    estimate(id, 1_000_000);
    getDb()
      .insert(proposals)
      .values({ leadId: id, content: {}, totalCents: 1_000_000, expiresAt: new Date(), acceptedAt: new Date() })
      .run();
    invoice(id, "sent", [{ description: "Extra decking", amountCents: 45_000, changeOrder: true }]);
    const quoted = job("Quoted");
    estimate(quoted, 700_000);
    const bare = job("Bare");
    expect(jobValuesOf([id, quoted, bare])).toEqual(
      new Map([
        [id, 1_045_000],
        [quoted, 700_000],
        [bare, null],
      ]),
    );
  });

  it("is read by one lookup of its row: no proposal, estimate or invoice read", () => {
    const id = job("Read");
    const plans = plansOf(() => jobValuesOf([id]));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.plan).toMatch(/SEARCH job_values USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plans[0]!.plan).not.toMatch(/proposals|estimates|invoices/);
  });

  it("comes and goes with its lead, and its lead's money stays off the lead's row", () => {
    const id = job("Brief");
    expect(kept(id)).toEqual({ acceptedCents: null, changeOrderCents: 0, estimateCents: null });
    estimate(id, 500_000);
    getDb()
      .insert(proposals)
      .values({ leadId: id, content: {}, totalCents: 500_000, expiresAt: new Date(), acceptedAt: new Date() })
      .run();
    expect(kept(id)).toEqual({ acceptedCents: 500_000, changeOrderCents: 0, estimateCents: 500_000 });
    // Whole-row reads of a lead go to pages the crew sees (decision 0048).
    expect(JSON.stringify(getDb().select().from(leads).where(eq(leads.id, id)).get())).not.toMatch(/500000/);
    getDb().delete(leads).where(eq(leads.id, id)).run();
    expect(kept(id)).toBeUndefined();
  });

  it("is worked out for the jobs there were when the database is brought up to date", async () => {
    // Named by its tail: migrations are renumbered when branches meet.
    const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const tag = journal.entries.find((e) => e.tag.endsWith("_job_values"))!.tag;
    await fromShapeBefore(
      tag,
      (db) => {
        const lead = (name: string) =>
          Number(
            db
              .prepare("insert into leads (name, email, message, status) values (?, 'x@example.com', 'Roof', 'won')")
              .run(name).lastInsertRowid,
          );
        const [won, quoted] = [lead("Won"), lead("Quoted")];
        lead("None");
        const addEstimate = db.prepare(
          "insert into estimates (lead_id, lines, subtotal_cents, tax_cents, total_cents, superseded_at) values (?, '[]', ?, 0, ?, ?)",
        );
        addEstimate.run(won, 500_000, 500_000, Date.now());
        addEstimate.run(won, 600_000, 600_000, null);
        addEstimate.run(quoted, 400_000, 400_000, null);
        const addProposal = db.prepare(
          "insert into proposals (lead_id, content, total_cents, expires_at, accepted_at, withdrawn_at) values (?, '{}', ?, ?, ?, ?)",
        );
        addProposal.run(won, 610_000, Date.now(), Date.now(), Date.now());
        addProposal.run(won, 620_000, Date.now(), Date.now(), null);
        addProposal.run(quoted, 400_000, Date.now(), null, null);
        const addInvoice = db.prepare(
          "insert into invoices (lead_id, kind, state, lines, subtotal_cents, total_cents) values (?, 'progress', ?, ?, 0, 0)",
        );
        const lines = (cents: number) =>
          JSON.stringify([
            { description: "Deposit", amountCents: 186_000 },
            { description: "Extra", amountCents: cents, changeOrder: true },
          ]);
        addInvoice.run(won, "sent", lines(12_000));
        addInvoice.run(won, "void", lines(50_000));
        addInvoice.run(won, "draft", lines(-2_000));
      },
      (db) => {
        const rows = db
          .prepare(
            "select l.name, v.accepted_cents, v.change_order_cents, v.estimate_cents from leads l join job_values v on v.lead_id = l.id order by l.id",
          )
          .raw()
          .all();
        expect(rows).toEqual([
          ["Won", 620_000, 10_000, 600_000],
          ["Quoted", null, 0, 400_000],
          ["None", null, 0, null],
        ]);
      },
    );
  });

  it("sums the change orders the job's list shows", () => {
    const id = job("Listed");
    invoice(id, "sent", [
      { description: "Deposit", amountCents: 300_000 },
      { description: "Extra decking", amountCents: 45_000, changeOrder: true },
    ]);
    invoice(id, "draft", [{ description: "Credit: gutters kept", amountCents: -5_000, changeOrder: true }]);
    expect(jobChangeOrders(id)).toEqual([
      { description: "Extra decking", amountCents: 45_000 },
      { description: "Credit: gutters kept", amountCents: -5_000 },
    ]);
    expect(jobChangeOrders(id, { sentOnly: true })).toEqual([{ description: "Extra decking", amountCents: 45_000 }]);
    expect(kept(id)?.changeOrderCents).toBe(40_000);
  });

  it("are listed from invoices_change_orders_idx, not from every invoice of the job", () => {
    const id = job("Planned");
    const plans = plansOf(() => jobChangeOrders(id));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.plan).toMatch(/SEARCH i USING INDEX invoices_change_orders_idx \(lead_id=\?\)/);
  });
});
