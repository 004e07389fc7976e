import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leads, users } from "~/db/schema";
import { followUpState, type LeadStatus } from "~/lib/lead-status";
import { businessToday } from "~/lib/business-time";
import { LEADS_PAGE_SIZE } from "~/lib/lead-paging";
import type { Role } from "~/lib/roles";
import { upsertUser } from "~/models/user.server";
import { startSession } from "~/services/auth.server";
import { getDb } from "~/server/db.server";
import { loader } from "~/routes/admin/lead-list";
import { routeArgs, signedInOwner } from "./admin-session";

// The Leads list a page at a time (decision 0056): walked forward with "Older" and
// back with "Newer", every lead once, in the order of today's list (follow-ups due first),
// with many leads made in the same millisecond; the links keep the filters.

let owner = "";
const people: Partial<Record<Role, { id: number; cookie: string }>> = {};
beforeAll(async () => {
  owner = await signedInOwner();
  for (const role of ["office", "crew"] as const) {
    const { user } = await upsertUser(`${role}@example.com`, `${role}-password-123`);
    getDb()
      .update(users)
      .set({ role, name: role === "crew" ? "Kim Crew" : "" })
      .where(eq(users.id, user.id))
      .run();
    people[role] = { id: user.id, cookie: (await startSession(user.id)).split(";")[0] };
  }
});

type Loaded = Awaited<ReturnType<typeof loader>>;
const list = (cookie: string, query = "") =>
  loader(
    routeArgs(new Request(`http://site.test/admin/leads${query}`, { headers: { Cookie: cookie } })),
  ) as Promise<Loaded>;
const queryOf = (link: string) => link.slice(link.indexOf("?"));

const today = businessToday();
const dayOffset = (days: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("paging the Leads list", () => {
  const made: { id: number; status: LeadStatus; followUpOn: string | null; createdAt: Date }[] = [];

  beforeAll(() => {
    const statuses: LeadStatus[] = ["new", "contacted", "quoted", "won", "lost"];
    // 130 leads in 20 instants: equal timestamps across page ends; some follow-ups late, due today, ahead.
    const rows = Array.from({ length: 130 }, (_, i) => ({
      name: `Paged ${String(i).padStart(3, "0")}`,
      email: `paged${i}@example.com`,
      message: "Roof",
      city: i % 2 ? "Wellington" : "Wichita",
      service: i % 3 ? "Residential Roofing" : "Gutter Services",
      status: statuses[i % statuses.length],
      followUpOn: i % 7 === 0 ? dayOffset((i % 21) - 10) : null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 60_000),
    }));
    for (const r of getDb().insert(leads).values(rows).returning().all()) made.push(r);
  });

  it("walks forward and back with every lead once, in the list's order, whatever the equal timestamps", async () => {
    // Follow-ups due first, the longest waiting first (one day: in the order they came), then the rest newest first.
    const due = made.filter((m) => followUpState(m, today) === "overdue" || followUpState(m, today) === "today");
    due.sort((a, b) => (a.followUpOn! < b.followUpOn! ? -1 : a.followUpOn! > b.followUpOn! ? 1 : a.id - b.id));
    const rest = made
      .filter((m) => !due.includes(m))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    expect(due.length).toBeGreaterThan(3);
    const expected = [...due, ...rest].map((m) => m.id);
    const seen: number[] = [];
    const pages: number[][] = [];
    let page = await list(owner);
    expect(page.newer).toBeNull();
    for (;;) {
      expect(page.leads.length).toBeLessThanOrEqual(LEADS_PAGE_SIZE);
      pages.push(page.leads.map((m) => m.id));
      seen.push(...page.leads.map((m) => m.id));
      if (!page.older) break;
      page = await list(owner, queryOf(page.older));
    }
    expect(pages.length).toBe(Math.ceil(made.length / LEADS_PAGE_SIZE));
    expect(pages.length).toBeGreaterThan(2);
    expect(seen).toEqual(expected);
    // And back, page by page, to the first.
    for (let i = pages.length - 2; i >= 0; i--) {
      page = await list(owner, queryOf(page.newer!));
      expect(page.leads.map((m) => m.id)).toEqual(pages[i]);
    }
    expect(page.newer).toBeNull();
  });

  it("keeps every filter in the page links, and the counts per status follow the filters", async () => {
    const first = await list(owner, "?service=Residential+Roofing&who=nobody&q=paged");
    expect(first.older).toMatch(/service=Residential\+Roofing/);
    expect(first.older).toMatch(/who=nobody/);
    expect(first.older).toMatch(/q=paged/);
    const second = await list(owner, queryOf(first.older!));
    // The page before the second is the first: "Newer" is its own address, filters and all.
    expect(second.newer).toBe("/admin/leads?service=Residential+Roofing&who=nobody&q=paged");
    expect([...first.leads, ...second.leads].every((m) => m.service === "Residential Roofing")).toBe(true);
    const roofing = made.filter((_, i) => i % 3 !== 0);
    expect(Object.values(first.counts).reduce((a, b) => a + b, 0)).toBe(roofing.length);
    const won = await list(owner, "?service=Residential+Roofing&status=won");
    expect(won.leads.every((m) => m.status === "won")).toBe(true);
    expect(won.leads.length).toBe(won.counts.won);
  });

  it("a hand-made cursor is the first page, not an error", async () => {
    for (const bad of ["?after=x", "?before=n1.0", "?after=d2026-13-99.5", `?after=n${"9".repeat(40)}.1`]) {
      const page = await list(owner, bad);
      expect(page.leads.length).toBeGreaterThan(0);
    }
  });
});

describe("who looks after a lead, in the list (decision 0053)", () => {
  const ids: Record<string, number> = {};
  beforeAll(() => {
    const make = (name: string, assigneeId: number | null, archived = false, status: LeadStatus = "new") =>
      getDb()
        .insert(leads)
        .values({
          name,
          email: "",
          message: "Roof",
          assigneeId,
          status,
          archivedAt: archived ? new Date() : null,
          createdAt: new Date(Date.UTC(2030, 0, 1)),
        })
        .returning()
        .get().id;
    ids.crews = make("Scope Crews", people.crew!.id);
    ids.offices = make("Scope Offices", people.office!.id);
    ids.free = make("Scope Free", null);
    ids.freeArchived = make("Scope Free Archived", null, true);
    ids.crewsArchived = make("Scope Crews Archived", people.crew!.id, true);
    ids.freeLost = make("Scope Free Lost", null, false, "lost");
  });
  const names = (page: Loaded) =>
    page.leads
      .map((m) => m.name)
      .filter((n) => n.startsWith("Scope"))
      .sort();

  it("the crew sees their own and the open work nobody has; not others', not free archived or lost ones", async () => {
    const crew = people.crew!.cookie;
    expect(names(await list(crew, "?q=scope"))).toEqual(["Scope Crews", "Scope Free"]);
    expect(names(await list(crew, "?q=scope&view=archived"))).toEqual(["Scope Crews Archived"]);
    expect(names(await list(crew, "?q=scope&who=mine"))).toEqual(["Scope Crews"]);
    expect(names(await list(crew, "?q=scope&who=nobody"))).toEqual(["Scope Free"]);
    // Asking for someone else's leads by hand shows only what the crew may see anyway.
    expect(names(await list(crew, `?q=scope&who=${people.office!.id}`))).toEqual(["Scope Crews", "Scope Free"]);
    const counts = (await list(crew, "?q=scope")).counts;
    expect(counts.new).toBe(2);
    // And no money: the rows carry no job value.
    expect((await list(crew)).leads.every((m) => m.valueCents === null)).toBe(true);
    expect((await list(crew)).people).toEqual([]);
  });

  it("owner and office filter by person, mine and nobody, and see who has each lead", async () => {
    const office = people.office!.cookie;
    expect(names(await list(office, "?q=scope"))).toEqual([
      "Scope Crews",
      "Scope Free",
      "Scope Free Lost",
      "Scope Offices",
    ]);
    expect(names(await list(office, "?q=scope&who=mine"))).toEqual(["Scope Offices"]);
    expect(names(await list(owner, `?q=scope&who=${people.crew!.id}`))).toEqual(["Scope Crews"]);
    expect(names(await list(owner, "?q=scope&who=nobody"))).toEqual(["Scope Free", "Scope Free Lost"]);
    const page = await list(owner, "?q=scope");
    expect(page.leads.find((m) => m.name === "Scope Crews")?.assignee).toBe("Kim Crew");
    expect(page.leads.find((m) => m.name === "Scope Offices")?.assignee).toBe("office@example.com");
    expect(page.people.map((p) => p.name)).toContain("Kim Crew");
  });

  it("the crew cannot mark someone else's lead read: 403, and nothing changes", async () => {
    const { action } = await import("~/routes/admin/lead-list");
    const post = (id: number) =>
      action(
        routeArgs(
          new Request("http://site.test/admin/leads", {
            method: "POST",
            body: new URLSearchParams({ intent: "read", id: String(id) }),
            headers: { Cookie: people.crew!.cookie },
          }),
        ),
      ).catch((thrown: unknown) => thrown);
    const refused = (await post(ids.offices)) as { init: { status: number } };
    expect(refused.init.status).toBe(403);
    expect(getDb().select().from(leads).where(eq(leads.id, ids.offices)).get()?.readAt).toBeNull();
    expect(((await post(ids.free)) as Response).status).toBe(302);
  });
});
