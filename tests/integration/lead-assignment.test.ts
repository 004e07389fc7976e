import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leadNotes, leadPhotos, leads, roofCustomers, users, visits } from "~/db/schema";
import { kansasDay } from "~/lib/business-time";
import type { Role } from "~/lib/roles";
import { createLead, getLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { getDb } from "~/server/db.server";
import { action, loader } from "~/routes/admin/lead";
import { action as newLeadAction } from "~/routes/admin/new-lead";
import { loader as pipelineLoader } from "~/routes/admin/pipeline";
import { routeArgs, signInTeam } from "./admin-session";

// Who looks after a lead (decision 0053): the lead page's "Assigned to", its
// history entry naming who did it, and the crew kept to their own and the free leads on
// every page of a lead.

const team: Record<string, { id: number; cookie: string }> = {};
beforeAll(async () => {
  const people: [string, Role, string][] = [
    ["owner", "owner", "Pat Owner"],
    ["office", "office", "Olive Office"],
    ["crew", "crew", "Kim"],
    ["crew2", "crew", "Sam"],
    ["gone", "crew", "Gone Member"],
  ];
  Object.assign(team, await signInTeam(people));
  getDb().update(users).set({ removedAt: new Date() }).where(eq(users.id, team.gone.id)).run();
});

const page = (who: string, id: number, query = "") =>
  loader(
    routeArgs(new Request(`http://site.test/admin/leads/${id}${query}`, { headers: { Cookie: team[who].cookie } }), {
      id: String(id),
    }),
  );
const post = async (who: string, id: number, fields: Record<string, string>) => {
  try {
    return await action(
      routeArgs(
        new Request(`http://site.test/admin/leads/${id}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: team[who].cookie },
        }),
        { id: String(id) },
      ),
    );
  } catch (thrown) {
    return thrown;
  }
};
const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);
const newLead = (name: string) =>
  createLead({ name, email: `${name.split(" ")[0].toLowerCase()}@example.com`, phone: null, message: "Roof" }).id;
const assignee = (id: number) => getLead(id)?.assigneeId ?? null;
// The entry as the owner reads it, and the account that wrote it.
const lastNote = (id: number) => {
  const row = getDb().select().from(leadNotes).where(eq(leadNotes.leadId, id)).all().at(-1);
  return row && { authorId: row.authorId, ...listLeadNotes(id, "owner").at(-1) };
};

/** A photo row of a lead (no file on disk: allowed is a 404, refused a 403 before any file is read). */
const photo = (leadId: number, storedName: string) =>
  getDb()
    .insert(leadPhotos)
    .values({ leadId, storedName, originalName: "roof.jpg", contentType: "image/jpeg", width: 1, height: 1, bytes: 1 })
    .run();
const image = async (who: string, name: string) => {
  const { loader: imageLoader } = await import("~/routes/resources/private-image");
  return Promise.resolve(
    imageLoader(
      routeArgs(new Request(`http://site.test/admin/leads/photos/${name}`, { headers: { Cookie: team[who].cookie } }), {
        name,
      }),
    ),
  ).catch((t: unknown) => t);
};

// The roof tool as one of the team: its page (a query such as "?customer=3") and its save.
const openRoofTool = async (who: string, query = "") => {
  const { loader: roofLoader } = await import("~/routes/admin/roof-measurement");
  return Promise.resolve(
    roofLoader(
      routeArgs(
        new Request(`http://site.test/admin/roof-measurement${query}`, { headers: { Cookie: team[who].cookie } }),
      ),
    ),
  ).catch((t: unknown) => t);
};
const saveRoof = async (who: string, fields: Record<string, string>) => {
  const { action: roofAction } = await import("~/routes/admin/roof-measurement");
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "save", ...fields })) form.set(k, v);
  return Promise.resolve(
    roofAction(
      routeArgs(
        new Request("http://site.test/admin/roof-measurement", {
          method: "POST",
          body: form,
          headers: { Cookie: team[who].cookie },
        }),
      ),
    ),
  ).catch((t: unknown) => t);
};

describe("assigning a lead", () => {
  it("the owner gives a lead to Kim: the history says so, by the owner's account; the page names Kim", async () => {
    const id = newLead("Ann Assigned");
    const people = (await page("owner", id)).people!;
    // The team by name (the setup's admin has only an email); not someone removed.
    expect(people.map((p) => p.name).filter((n) => !n.includes("@"))).toEqual([
      "Kim",
      "Olive Office",
      "Pat Owner",
      "Sam",
    ]);
    const answer = await post("owner", id, { intent: "assign", assignee: String(team.crew.id) });
    expect(statusOf(answer)).toBe(302);
    expect(assignee(id)).toBe(team.crew.id);
    expect(lastNote(id)).toMatchObject({ text: "Assigned to Kim", authorId: team.owner.id, author: "Pat Owner" });
    const after = await page("owner", id);
    expect(after.assignee).toEqual({ id: team.crew.id, name: "Kim" });
    expect(after.notes[0]).toMatchObject({ text: "Assigned to Kim", author: "Pat Owner" });
    // Back to nobody; saving the same choice again changes nothing and writes nothing.
    await post("office", id, { intent: "assign", assignee: "" });
    expect(assignee(id)).toBeNull();
    expect(lastNote(id)).toMatchObject({ text: "Assigned to nobody", authorId: team.office.id });
    const notes = getDb().select().from(leadNotes).where(eq(leadNotes.leadId, id)).all().length;
    expect(statusOf(await post("office", id, { intent: "assign", assignee: "" }))).toBe(302);
    expect(getDb().select().from(leadNotes).where(eq(leadNotes.leadId, id)).all().length).toBe(notes);
  });

  it("refuses someone removed from the team, or no one at all: 400, nothing written", async () => {
    const id = newLead("Bea Bad");
    for (const assignee of [String(team.gone.id), "99999", "abc", "-1"]) {
      const answer = await post("owner", id, { intent: "assign", assignee });
      expect(statusOf(answer), assignee).toBe(400);
    }
    expect(assignee(id)).toBeNull();
    expect(lastNote(id)).toBeUndefined();
  });

  it("the crew takes a free lead and gives it back, and may not take someone else's or give one away", async () => {
    const id = newLead("Cal Crew");
    expect((await page("crew", id)).people).toBeNull();
    expect(statusOf(await post("crew", id, { intent: "assign", assignee: String(team.crew2.id) }))).toBe(403);
    expect(assignee(id)).toBeNull();
    expect(statusOf(await post("crew", id, { intent: "assign", assignee: String(team.crew.id) }))).toBe(302);
    expect(lastNote(id)).toMatchObject({ text: "Assigned to Kim", authorId: team.crew.id });
    // Now Kim's: Sam can neither open it nor take it.
    expect(statusOf(await page("crew2", id).catch((t: unknown) => t))).toBe(403);
    expect(statusOf(await post("crew2", id, { intent: "assign", assignee: String(team.crew2.id) }))).toBe(403);
    expect(statusOf(await post("crew2", id, { intent: "lead", status: "contacted" }))).toBe(403);
    expect(getLead(id)?.status).toBe("new");
    expect(assignee(id)).toBe(team.crew.id);
    expect(statusOf(await post("crew", id, { intent: "assign", assignee: "" }))).toBe(302);
    expect(assignee(id)).toBeNull();
  });

  it("the crew does not reach someone else's lead, nor a free archived one; owner and office reach all", async () => {
    const others = newLead("Dee Others");
    getDb().update(leads).set({ assigneeId: team.office.id }).where(eq(leads.id, others)).run();
    const archived = newLead("Eve Archived");
    getDb().update(leads).set({ archivedAt: new Date() }).where(eq(leads.id, archived)).run();
    for (const id of [others, archived]) {
      const refused = await page("crew", id).catch((t: unknown) => t);
      expect(statusOf(refused)).toBe(403);
      expect((refused as { data: unknown }).data).toEqual({ forbidden: true, roles: ["owner", "office"] });
      expect((await page("office", id)).lead.id).toBe(id);
    }
    expect(statusOf(await page("crew", 999_999).catch((t: unknown) => t))).toBe(404);
  });
});

describe("a lead the crew adds", () => {
  const add = (who: string, name: string) =>
    newLeadAction(
      routeArgs(
        new Request("http://site.test/admin/leads/new", {
          method: "POST",
          body: new URLSearchParams({
            name,
            phone: "316-555-0142",
            status: "contacted",
            message: "Called about hail damage",
          }),
          headers: { Cookie: team[who].cookie },
        }),
      ),
    ).catch((thrown: unknown) => thrown);
  const byName = (name: string) => getDb().select().from(leads).where(eq(leads.name, name)).get();

  it("stays theirs once won, when free leads drop out of the crew's lists; the office's is nobody's", async () => {
    expect(statusOf(await add("crew", "Carl Crewcall"))).toBe(302);
    expect(statusOf(await add("office", "Olga Officecall"))).toBe(302);
    const crews = byName("Carl Crewcall")!;
    expect(crews.assigneeId).toBe(team.crew.id);
    expect(byName("Olga Officecall")!.assigneeId).toBeNull();
    getDb().update(leads).set({ status: "won" }).where(eq(leads.id, crews.id)).run();
    expect((await page("crew", crews.id)).lead.name).toBe("Carl Crewcall");
    expect(statusOf(await page("crew2", crews.id).catch((t: unknown) => t))).toBe(403);
  });
});

describe("a lead's files", () => {
  it("the crew gets a 403 for a photo or the roof of someone else's lead; their own and the free ones load", async () => {
    const { loader: csvLoader } = await import("~/routes/resources/roof-csv");
    const others = newLead("Hal Files");
    const free = newLead("Ida Files");
    getDb().update(leads).set({ assigneeId: team.office.id }).where(eq(leads.id, others)).run();
    photo(others, "aaaa1111.jpg");
    photo(free, "bbbb2222.jpg");
    // The files are not on disk here: allowed is a 404, refused a 403 before any file is read.
    expect(statusOf(await image("crew", "aaaa1111.jpg"))).toBe(403);
    expect(statusOf(await image("crew", "aaaa1111-w480.webp"))).toBe(403);
    expect(statusOf(await image("crew", "bbbb2222-w480.webp"))).toBe(404);
    expect(statusOf(await image("office", "aaaa1111.jpg"))).toBe(404);

    const roof = (leadId: number) =>
      getDb().insert(roofCustomers).values({ street: "1 Main St", city: "Wellington", leadId }).returning().get().id;
    const csv = (who: string, id: number) =>
      Promise.resolve(
        csvLoader(
          routeArgs(
            new Request(`http://site.test/admin/roof-measurement/${id}/measurements.csv`, {
              headers: { Cookie: team[who].cookie },
            }),
            { id: String(id) },
          ),
        ),
      ).catch((t: unknown) => t);
    expect(statusOf(await csv("crew", roof(others)))).toBe(403);
    expect(statusOf(await csv("crew", roof(free)))).toBe(200);
    expect(statusOf(await csv("owner", roof(others)))).toBe(200);
  });
});

describe("the roof tool for the crew", () => {
  it("lists and opens the roofs of the crew's own and the free leads only; saving another's is refused", async () => {
    const others = newLead("Jon Roof");
    const free = newLead("Kay Roof");
    getDb().update(leads).set({ assigneeId: team.office.id }).where(eq(leads.id, others)).run();
    const roof = (leadId: number, street: string) =>
      getDb()
        .insert(roofCustomers)
        .values({ customerName: street, street, city: "Wellington", leadId })
        .returning()
        .get().id;
    const othersRoof = roof(others, "9 Others St");
    const freeRoof = roof(free, "8 Free St");
    const open = openRoofTool;
    const listed = (answer: unknown) =>
      (answer as { savedCustomers: { customers: { street: string | null }[] } }).savedCustomers.customers.map(
        (c) => c.street,
      );
    expect(listed(await open("crew"))).toContain("8 Free St");
    expect(listed(await open("crew"))).not.toContain("9 Others St");
    expect(listed(await open("owner"))).toEqual(expect.arrayContaining(["8 Free St", "9 Others St"]));
    expect(statusOf(await open("crew", `?customer=${othersRoof}`))).toBe(403);
    expect(statusOf(await open("crew", `?customer=${freeRoof}`))).toBe(200);
    expect(statusOf(await saveRoof("crew", { id: String(othersRoof), street: "9 Others St" }))).toBe(403);
  });
});

describe("a crew member sent to a job by a visit", () => {
  const visit = (leadId: number, who: string, cancelled = false) =>
    getDb()
      .insert(visits)
      .values({
        leadId,
        kind: "work_day",
        startsAt: new Date(Date.now() + 3_600_000),
        assigneeId: team[who].id,
        cancelledAt: cancelled ? new Date() : null,
      })
      .run();
  it("opens the office's lead, its photos and its roof, even once the job is completed; others still get a 403", async () => {
    const id = newLead("Moe Sentto");
    const done = new Date();
    getDb()
      .update(leads)
      .set({ assigneeId: team.office.id, status: "won", completedAt: done })
      .where(eq(leads.id, id))
      .run();
    photo(id, "cccc3333.jpg");
    const roof = getDb()
      .insert(roofCustomers)
      .values({ customerName: "Moe Sentto", street: "5 Job St", city: "Wellington", leadId: id })
      .returning()
      .get().id;
    expect(statusOf(await page("crew", id).catch((t: unknown) => t))).toBe(403);
    visit(id, "crew");
    // Sam's cancelled visit sends him nowhere.
    visit(id, "crew2", true);

    expect((await page("crew", id)).lead.name).toBe("Moe Sentto");
    expect(statusOf(await post("crew", id, { intent: "lead", status: "won" }))).not.toBe(403);
    // Allowed is a 404 (no file on disk here), refused a 403 before any file is read.
    expect(statusOf(await image("crew", "cccc3333-w480.webp"))).toBe(404);
    expect(statusOf(await openRoofTool("crew", `?customer=${roof}`))).toBe(200);
    const listed = (await openRoofTool("crew")) as { savedCustomers: { customers: { street: string | null }[] } };
    expect(listed.savedCustomers.customers.map((c) => c.street)).toContain("5 Job St");

    const refused = await page("crew2", id).catch((t: unknown) => t);
    expect(statusOf(refused)).toBe(403);
    expect((refused as { data: unknown }).data).toEqual({ forbidden: true, roles: ["owner", "office"] });
    expect(statusOf(await image("crew2", "cccc3333-w480.webp"))).toBe(403);
    expect(statusOf(await openRoofTool("crew2", `?customer=${roof}`))).toBe(403);
    const theirs = (await openRoofTool("crew2")) as { savedCustomers: { customers: { street: string | null }[] } };
    expect(theirs.savedCustomers.customers.map((c) => c.street)).not.toContain("5 Job St");
  });

  it("puts the lead among the crew member's leads, and links the homeowner's name on My day and the Schedule", async () => {
    const { scheduleView } = await import("~/services/visit-schedule.server");
    const { myDayView } = await import("~/services/my-day.server");
    const { loader: listLoader } = await import("~/routes/admin/lead-list");
    const id = newLead("Nan Linked");
    getDb().update(leads).set({ assigneeId: team.office.id, status: "won" }).where(eq(leads.id, id)).run();
    visit(id, "crew");
    const kim = { role: "crew" as const, userId: team.crew.id };
    const mine = myDayView(kim).today.items.concat(myDayView(kim).coming.flatMap((g) => g.items));
    expect(mine.find((v) => v.lead.id === id)?.lead.open).toBe(true);
    // The week of the visit (an hour from now may be next week on a Sunday night).
    const week = scheduleView(kim, kansasDay(new Date(Date.now() + 3_600_000)));
    const onSchedule = [week.today, ...week.days].flatMap((d) => d.items).find((v) => v.lead.id === id);
    expect(onSchedule?.lead.open).toBe(true);
    const list = (await listLoader(
      routeArgs(new Request("http://site.test/admin/leads", { headers: { Cookie: team.crew.cookie } })),
    )) as { leads: { name: string }[] };
    expect(list.leads.map((l) => l.name)).toContain("Nan Linked");
  });

  it("measures the roof of such a lead; a roof the crew member starts in the tool gets a lead he keeps", async () => {
    const id = newLead("Ora Measure");
    // Won already, so the measurement leaves it where it is (and off the pipeline's Measured).
    getDb().update(leads).set({ assigneeId: team.office.id, status: "won" }).where(eq(leads.id, id)).run();
    visit(id, "crew");
    const roof = getDb()
      .insert(roofCustomers)
      .values({ street: "7 Pitch St", city: "Wellington", leadId: id })
      .returning()
      .get().id;
    const saved = await saveRoof("crew", { id: String(roof), street: "7 Pitch St", city: "Wellington", area: "2400" });
    expect(statusOf(saved)).toBe(302);
    expect(getDb().select().from(roofCustomers).where(eq(roofCustomers.id, roof)).get()?.area).toBe(2400);
    expect(((await openRoofTool("crew")) as { can: { delete: boolean } }).can.delete).toBe(false);

    // A neighbor asks on site: a new customer, no area yet (so Contacted, not Measured).
    const started = (await saveRoof("crew", {
      customerName: "Pia Neighbor",
      street: "9 Pitch St",
      city: "Wellington",
    })) as Response;
    expect(started.status).toBe(302);
    const customer = new URL(started.headers.get("Location")!, "http://x").searchParams.get("customer");
    const lead = getDb()
      .select()
      .from(roofCustomers)
      .where(eq(roofCustomers.id, Number(customer)))
      .get()!.leadId!;
    expect(assignee(lead)).toBe(team.crew.id);
    expect(statusOf(await openRoofTool("crew", `?customer=${customer}`))).toBe(200);
    expect(statusOf(await openRoofTool("crew2", `?customer=${customer}`))).toBe(403);
  });
});

describe("the pipeline by person", () => {
  it("counts only Kim's leads under her name, and the crew's own and free ones for the crew", async () => {
    const mine = newLead("Fay Pipeline");
    getDb().update(leads).set({ assigneeId: team.crew2.id, status: "measured" }).where(eq(leads.id, mine)).run();
    const count = async (who: string, query = "") => {
      const data = await pipelineLoader(
        routeArgs(
          new Request(`http://site.test/admin/leads/pipeline${query}`, { headers: { Cookie: team[who].cookie } }),
        ),
      );
      return data.columns.find((c) => c.status === "measured")!.count;
    };
    expect(await count("owner", `?who=${team.crew2.id}`)).toBe(1);
    expect(await count("crew2", "?who=mine")).toBe(1);
    expect(await count("crew")).toBe(0);
    expect(await count("owner", "?who=nobody")).toBe(0);
  });
});

describe("the crew's dashboard", () => {
  it("lists their own and the free new leads, not someone else's", async () => {
    const { loader: dashboardLoader } = await import("~/routes/admin/dashboard");
    const theirs = newLead("Jo Dashboard");
    getDb().update(leads).set({ assigneeId: team.office.id }).where(eq(leads.id, theirs)).run();
    const free = newLead("Lou Dashboard");
    const names = async (who: string) => {
      const data = (await dashboardLoader(
        routeArgs(new Request("http://site.test/admin", { headers: { Cookie: team[who].cookie } })),
      )) as { dashboard: { newLeads: { items: { name: string }[] } } };
      return data.dashboard.newLeads.items.map((l) => l.name);
    };
    expect(await names("crew")).toContain("Lou Dashboard");
    expect(await names("crew")).not.toContain("Jo Dashboard");
    expect(await names("office")).toContain("Jo Dashboard");
    expect(free).toBeGreaterThan(0);
  });
});

describe("a lead's history, latest first", () => {
  it("shows 20 entries at a time, and Show older walks back through all, none twice", async () => {
    const id = newLead("Gus History");
    const at = Date.UTC(2026, 5, 1);
    getDb()
      .insert(leadNotes)
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          leadId: id,
          author: "owner@example.com",
          body: `Note ${i}`,
          createdAt: new Date(at + Math.floor(i / 4) * 1000),
        })),
      )
      .run();
    const seen: string[] = [];
    let view = await page("owner", id);
    expect(view.historyLinks.latest).toBeNull();
    for (;;) {
      expect(view.notes.length).toBeLessThanOrEqual(20);
      seen.push(...view.notes.map((n) => n.text!));
      if (!view.historyLinks.older) break;
      const link = view.historyLinks.older;
      expect(link).toMatch(/#history$/);
      view = await page("owner", id, link.slice(link.indexOf("?"), link.indexOf("#")));
      expect(view.historyLinks.latest).toBe(`/admin/leads/${id}#history`);
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `Note ${44 - i}`));
  });
});
