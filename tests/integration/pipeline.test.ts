import { systemActor } from "~/lib/actor";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { estimates, invoices, proposals } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { createLead, setArchived, updateLead } from "~/models/lead.server";
import { loader } from "~/routes/admin/pipeline";
import type { LeadStatus } from "~/lib/lead-status";

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

// The owner's page: with the money (the crew's has none, role-matrix.test.ts).
const page = async () => {
  const { columns, month } = await loader(
    routeArgs(new Request("http://site.test/admin/leads/pipeline", { headers: { Cookie: cookie } })),
  );
  return { columns: columns.map((c) => ({ ...c, totalCents: c.totalCents ?? 0 })), month: month! };
};

function lead(name: string, moves: LeadStatus[], estimateCents?: number) {
  const m = createLead({ name, email: `${name.toLowerCase()}@example.com`, phone: null, message: "Roof" });
  if (estimateCents !== undefined) {
    getDb()
      .insert(estimates)
      .values({ leadId: m.id, lines: [], subtotalCents: estimateCents, taxCents: 0, totalCents: estimateCents })
      .run();
  }
  for (const status of moves)
    updateLead(
      m.id,
      { status, lostReason: status === "lost" ? "Price" : null, followUpOn: null, note: null },
      systemActor("owner@example.com"),
    );
  return m;
}

describe("the pipeline page", () => {
  it("shows open leads per status with their estimates, and this month's quotes, wins and win rate", async () => {
    const before = await page();
    lead("Quoted", ["contacted", "quoted"], 1_200_000);
    lead("Winner", ["quoted", "won"], 800_000);
    lead("Loser", ["quoted", "lost"], 300_000);
    lead("Fresh", []);
    const archived = lead("Archived", ["quoted"], 999_900);
    setArchived(archived.id, true);

    const { columns, month } = await page();
    const column = (s: LeadStatus) => columns.find((c) => c.status === s)!;
    const was = (s: LeadStatus) => before.columns.find((c) => c.status === s)!;
    expect(column("quoted").count - was("quoted").count).toBe(1);
    expect(column("quoted").totalCents - was("quoted").totalCents).toBe(1_200_000);
    expect(column("won").totalCents - was("won").totalCents).toBe(800_000);
    expect(column("new").count - was("new").count).toBe(1);
    // Archived leads leave the columns, but their quote this month still happened.
    expect(month.quoted.count - before.month.quoted.count).toBe(4);
    expect(month.quoted.totalCents - before.month.quoted.totalCents).toBe(1_200_000 + 800_000 + 300_000 + 999_900);
    expect(month.won.count - before.month.won.count).toBe(1);
    expect(month.lost - before.month.lost).toBe(1);
    expect(month.winRate).not.toBeNull();
  });

  it("counts a lead once when its accepted estimate was changed into a new one", async () => {
    const before = await page();
    const won = lead("Changed", ["quoted", "won"], 500_000);
    // The accepted estimate, superseded by a change made after the sale.
    getDb()
      .update(estimates)
      .set({ lockedAt: new Date(), supersededAt: new Date() })
      .where(eq(estimates.leadId, won.id))
      .run();
    getDb()
      .insert(estimates)
      .values({ leadId: won.id, lines: [], subtotalCents: 520_000, taxCents: 0, totalCents: 520_000 })
      .run();
    const { columns } = await page();
    const column = columns.find((c) => c.status === "won")!;
    const was = before.columns.find((c) => c.status === "won")!;
    expect(column.count - was.count).toBe(1);
    expect(column.totalCents - was.totalCents).toBe(520_000);
  });

  it("sums a Won lead at its accepted proposal's total, not an estimate changed after (review H1)", async () => {
    const before = await page();
    const won = lead("Sold", ["quoted", "won"], 500_000);
    getDb()
      .insert(proposals)
      .values({
        leadId: won.id,
        content: {},
        totalCents: 480_000,
        expiresAt: new Date(Date.now() + 86_400_000),
        acceptedAt: new Date(),
        acceptedName: "Sold",
      })
      .run();
    const { columns, month } = await page();
    expect(
      columns.find((c) => c.status === "won")!.totalCents - before.columns.find((c) => c.status === "won")!.totalCents,
    ).toBe(480_000);
    expect(month.won.totalCents - before.month.won.totalCents).toBe(480_000);
  });

  it("counts as Quoted what was proposed, not a change order agreed after the sale; Won has it", async () => {
    const before = await page();
    const sold = lead("Extra", ["quoted", "won"], 480_000);
    const proposal = getDb()
      .insert(proposals)
      .values({
        leadId: sold.id,
        content: {},
        totalCents: 480_000,
        expiresAt: new Date(Date.now() + 86_400_000),
        acceptedAt: new Date(),
        acceptedName: "Extra",
      })
      .returning()
      .get();
    // The deposit bill with a $255 change order on it: the job is now worth $5,055.00.
    const lines = [
      { description: "Deposit toward the $4,800.00 accepted proposal", amountCents: 144_000 },
      { description: "Extra vent", amountCents: 25_500, changeOrder: true },
    ];
    getDb()
      .insert(invoices)
      .values({
        leadId: sold.id,
        proposalId: proposal.id,
        kind: "deposit",
        state: "sent",
        number: 9001,
        lines,
        subtotalCents: 169_500,
        totalCents: 169_500,
      })
      .run();
    const { month } = await page();
    expect(month.quoted.totalCents - before.month.quoted.totalCents).toBe(480_000);
    expect(month.won.totalCents - before.month.won.totalCents).toBe(505_500);
  });

  it("is for signed-in staff only", async () => {
    const res = await loader(routeArgs(new Request("http://site.test/admin/leads/pipeline"))).catch((r: Response) => r);
    expect((res as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});
