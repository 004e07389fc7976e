import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { estimates, leadNotes, proposals, users } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { createLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { removeMember, upsertUser } from "~/models/user.server";
import { startSession } from "~/services/auth.server";
import { action as leadAction } from "~/routes/admin/lead";
import { HOMEOWNER_AUTHOR } from "~/models/proposal.server";

// Every history entry names the account that wrote it, by the name the
// account has now, and a proposal records who made it.

let office = { id: 0, cookie: "" };
beforeAll(async () => {
  await signedInOwner();
  const { user } = await upsertUser("kim@example.com", "kim-password-123", { name: "Kim Ruiz" });
  getDb().update(users).set({ role: "office" }).where(eq(users.id, user.id)).run();
  office = { id: user.id, cookie: (await startSession(user.id)).split(";")[0] };
});

async function post(leadId: number, fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  const request = new Request(`http://site.test/admin/leads/${leadId}`, {
    method: "POST",
    headers: { Cookie: office.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  try {
    return await leadAction(routeArgs(request, { id: String(leadId) }));
  } catch (thrown) {
    return thrown;
  }
}

const newLead = (name: string) =>
  createLead({ name, email: `${name.toLowerCase()}@example.com`, phone: null, message: "Roof" });

describe("histories name people", () => {
  it("a status change and a note made on the lead page name the member who made them", async () => {
    const lead = newLead("Ava");
    await post(lead.id, { intent: "lead", status: "contacted", note: "Called, wants a Tuesday visit" });
    const [entry] = listLeadNotes(lead.id, "owner");
    expect(entry).toMatchObject({ author: "Kim Ruiz", statusTo: "contacted", text: "Called, wants a Tuesday visit" });
    expect(
      getDb().select({ authorId: leadNotes.authorId }).from(leadNotes).where(eq(leadNotes.leadId, lead.id)).get(),
    ).toEqual({ authorId: office.id });
  });

  it("shows the name the account has now, and keeps it after the member is removed", async () => {
    const lead = newLead("Ben");
    await post(lead.id, { intent: "lead", status: "contacted" });
    getDb().update(users).set({ name: "Kimberly Ruiz" }).where(eq(users.id, office.id)).run();
    expect(listLeadNotes(lead.id, "owner")[0]!.author).toBe("Kimberly Ruiz");
    const { user: other } = await upsertUser("sam@example.com", "sam-password-123", { name: "Sam Ortiz" });
    getDb()
      .insert(leadNotes)
      .values({ leadId: lead.id, author: "Sam Ortiz", authorId: other.id, body: "Left a voicemail" })
      .run();
    expect(removeMember(other.id)).not.toHaveProperty("refused");
    expect(listLeadNotes(lead.id, "owner").map((n) => n.author)).toEqual(["Kimberly Ruiz", "Sam Ortiz"]);
    getDb().update(users).set({ name: "Kim Ruiz" }).where(eq(users.id, office.id)).run();
  });

  it("an entry from before accounts had names keeps the text it was written with", () => {
    const lead = newLead("Cal");
    getDb().insert(leadNotes).values({ leadId: lead.id, author: "owner@example.com", body: "Old note" }).run();
    getDb().insert(leadNotes).values({ leadId: lead.id, author: HOMEOWNER_AUTHOR, body: "Accepted by Cal" }).run();
    expect(listLeadNotes(lead.id, "owner").map((n) => n.author)).toEqual(["owner@example.com", HOMEOWNER_AUTHOR]);
  });

  it("a proposal records who made it, and its history entry names them", async () => {
    const lead = newLead("Dee");
    getDb()
      .insert(estimates)
      .values({
        leadId: lead.id,
        tier: "better",
        taxRateBasisPoints: 0,
        lines: [
          {
            key: "labor",
            label: "Labor, 7-9/12",
            quantity: 15,
            unit: "squares",
            unitPriceCents: 9000,
            totalCents: 135000,
            adjusted: true,
          },
        ],
        subtotalCents: 135000,
        taxCents: 0,
        totalCents: 135000,
      })
      .run();
    const made = await post(lead.id, {
      intent: "send-proposal",
      terms: "Half down, half on completion.",
      validDays: "30",
    });
    const proposal = getDb().select().from(proposals).where(eq(proposals.leadId, lead.id)).get();
    expect(proposal, JSON.stringify(made)).toBeDefined();
    expect(proposal!.sentBy).toBe(office.id);
    expect(listLeadNotes(lead.id, "owner").find((n) => n.text?.startsWith("Proposal link created"))?.author).toBe(
      "Kim Ruiz",
    );
  });
});
