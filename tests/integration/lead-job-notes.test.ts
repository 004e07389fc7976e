import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leads } from "~/db/schema";
import type { Role } from "~/lib/roles";
import { createLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { getDb } from "~/server/db.server";
import { action } from "~/routes/admin/lead-job-notes";
import { routeArgs, signInTeam } from "./admin-session";

// A note a crew member wrote on a lead's page without signal, sent by the phone's queue when
// the signal is back: JSON answers a script reads, and a send retried keeps the note once.

const team: Record<string, { id: number; cookie: string }> = {};
beforeAll(async () => {
  const people: [string, Role, string][] = [
    ["crew", "crew", "Kim Crew"],
    ["crew2", "crew", "Sam Crew"],
  ];
  Object.assign(team, await signInTeam(people));
});

function leadOf(who: string): number {
  const id = createLead({ name: `Job of ${who}`, email: `${who}-notes@example.com`, phone: null, message: "Roof" }).id;
  getDb().update(leads).set({ assigneeId: team[who].id }).where(eq(leads.id, id)).run();
  return id;
}

async function send(who: string | null, leadId: number, note: string, json = true, queuedFor?: number) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (queuedFor !== undefined) headers.set("X-Queued-For", String(queuedFor));
  if (who) headers.set("Cookie", team[who].cookie);
  if (json) headers.set("Accept", "application/json");
  const request = new Request(`http://site.test/admin/leads/${leadId}/notes`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ note }),
  });
  let answer: unknown;
  try {
    answer = await action(routeArgs(request, { id: String(leadId) }));
  } catch (thrown) {
    answer = thrown;
  }
  const response = answer as Response;
  const type = response.headers.get("Content-Type") ?? "";
  return {
    status: response.status,
    json: /json/.test(type) ? ((await response.json()) as Record<string, unknown>) : null,
    location: response.headers.get("Location"),
  };
}

const notesOn = (id: number) =>
  listLeadNotes(id, "crew")
    .filter((n) => n.author === "Kim Crew")
    .map((n) => n.text);

describe("a note from a phone's queue", () => {
  it("is written once, by its writer, even when the send is retried", async () => {
    const id = leadOf("crew");
    const words = "Two soft spots by the chimney; bring 4 sheets of OSB.";
    expect(await send("crew", id, words)).toMatchObject({ status: 200, json: { ok: true, added: 1 } });
    expect(await send("crew", id, words)).toMatchObject({ status: 200, json: { ok: true, added: 0 } });
    expect(notesOn(id)).toEqual([words]);
    expect(listLeadNotes(id, "crew").at(-1)).toMatchObject({ author: "Kim Crew" });
    // Other words are another note.
    expect(await send("crew", id, "Done with the tear-off.")).toMatchObject({ json: { added: 1 } });
    expect(notesOn(id)).toHaveLength(2);
  });

  it("refuses an empty or too long note in words, and a lead that is not the person's", async () => {
    const id = leadOf("crew");
    expect(await send("crew", id, "   ")).toMatchObject({
      status: 400,
      json: { ok: false, error: "Please write the note" },
    });
    expect(await send("crew", id, "x".repeat(5001))).toMatchObject({
      status: 400,
      json: { ok: false, error: "Please keep notes under 5,000 characters" },
    });
    expect((await send("crew2", id, "Not mine")).status).toBe(403);
    expect((await send(null, id, "Signed out")).status).toBe(401);
    expect(notesOn(id)).toEqual([]);
  });

  it("is not taken from a phone signed in as someone else: it waits for its writer", async () => {
    const id = leadOf("crew");
    expect(await send("crew", id, "Kim's words", true, team.crew2.id)).toMatchObject({
      status: 409,
      json: { ok: false, error: "Taken by someone else on this phone: it waits for them to sign in." },
    });
    expect(notesOn(id)).toEqual([]);
    expect(await send("crew", id, "Kim's words", true, team.crew.id)).toMatchObject({ status: 200 });
    expect(notesOn(id)).toEqual(["Kim's words"]);
  });

  it("goes back to the lead's history with a flash when posted as a plain form", async () => {
    const id = leadOf("crew");
    const answer = await send("crew", id, "Gutter guard on order.", false);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/leads/${id}#history`);
    expect(notesOn(id)).toEqual(["Gutter guard on order."]);
  });
});
