import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { ACCESS, isForbidden, NO_INTENT, rolesFor, type Access, type AdminAccess } from "~/lib/access";
import { ROLES, type Role } from "~/lib/roles";
import { estimates, leads, projects, roofCustomers, testimonials, users, visits } from "~/db/schema";
import { createLead } from "~/models/lead.server";
import { getDb } from "~/server/db.server";
import { upsertUser } from "~/models/user.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { routeArgs } from "./admin-session";

// The role matrix (decision 0048), walked: every route of app/routes.ts × anonymous and
// each role × GET and each POST intent, through the real loaders and actions, compared
// with lib/access.ts. Allowed: anything but 401/403 (an empty form's 400 is fine). Refused:
// 403 (pages: with the roles that may). Anonymous on an admin route: to the login page, or
// 401 for a file. A route added to app/routes.ts without an entry in the matrix fails here.

type Entry = { id?: string; path?: string; file: string; children?: Entry[] };
type RouteFn = (args: unknown) => unknown;
type RouteModule = { loader?: RouteFn; action?: RouteFn };
type Who = Role | "anonymous";

function walk(entries: Entry[]): { id: string; file: string; path: string }[] {
  return entries.flatMap((e) => [
    { id: e.id ?? e.file.replace(/\.(tsx?|jsx?)$/, ""), file: e.file, path: e.path ?? "" },
    ...walk(e.children ?? []),
  ]);
}
const ALL_ROUTES = walk(routes as Entry[]);

const PARAMS = { id: "1", pid: "1", category: "roofing", name: "x.png", token: "no-such-token", "*": "x" };
const cookies: Partial<Record<Role, string>> = {};
// The office's saves are for drafts (the rows are made in beforeAll); what is on the site is the owner's.
const drafts = { project: 0, review: 0, liveProject: 0, liveReview: 0 };
const extraFields = (routeId: string, intent: string | undefined): Record<string, string> => {
  if (intent === "save-project") return { id: String(drafts.project) };
  if (routeId === "routes/admin/testimonial-list" && intent === NO_INTENT) return { id: String(drafts.review) };
  return {};
};

async function answerOf(run: () => unknown): Promise<{ status: number; data?: unknown; location?: string | null }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
    if (thrown instanceof Error) return { status: 500 };
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, data: d.data };
  }
  return { status: 200 };
}

function request(
  who: Who,
  url: string,
  method: "GET" | "POST",
  intent?: string,
  fields: Record<string, string> = {},
): Request {
  const headers = new Headers();
  if (who !== "anonymous") headers.set("Cookie", cookies[who]!);
  if (method === "GET") return new Request(url, { headers });
  const body = new FormData();
  if (intent) body.set("intent", intent);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(url, { method, headers, body });
}

const urlOf = (routePath: string) =>
  `http://site.test/${routePath.replace(/:(\w+)/g, (_, p: keyof typeof PARAMS) => PARAMS[p] ?? "x").replace("*", "x")}`;
const load = (file: string) => import(path.resolve("app", file)) as Promise<RouteModule>;

beforeAll(async () => {
  await startApp();
  for (const role of ROLES) {
    const { user } = await upsertUser(`${role}@example.com`, `${role}-password-123`);
    getDb().update(users).set({ role }).where(eq(users.id, user.id)).run();
    cookies[role] = (await startSession(user.id)).split(";")[0];
  }
  const db = getDb();
  const project = (published: boolean) =>
    db
      .insert(projects)
      .values({
        title: "Draft roof",
        category: "roofing",
        description: "A new roof.",
        mediaType: "video",
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
        published,
      })
      .returning()
      .get().id;
  const review = (status: "pending" | "published") =>
    db.insert(testimonials).values({ name: "Pat", quote: "Great roof.", status }).returning().get().id;
  Object.assign(drafts, {
    project: project(false),
    liveProject: project(true),
    review: review("pending"),
    liveReview: review("published"),
  });
});

describe("the role matrix covers app/routes.ts", () => {
  it("has an entry for every route, and none for a route that is gone", () => {
    const ids = ALL_ROUTES.map((r) => r.id);
    expect(
      ids.filter((id) => !(id in ACCESS)),
      "routes without an entry in lib/access.ts",
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((id) => !ids.includes(id)),
      "entries in lib/access.ts for no route",
    ).toEqual([]);
  });

  it("lists the posts of every admin route that takes them", async () => {
    for (const r of ALL_ROUTES) {
      const access = ACCESS[r.id];
      if (access?.kind !== "admin") continue;
      const mod = await load(r.file);
      expect(Boolean(mod.action), `${r.id}: an action, and posts in the matrix`).toBe(Boolean(access.post));
    }
  });
});

function expectAllowed(what: string, answer: { status: number }) {
  expect(answer.status, `${what} should never be a server error`).toBeLessThan(500);
  expect([401, 403], `${what} should be allowed, answered ${answer.status}`).not.toContain(answer.status);
}

function expectRefused(
  what: string,
  answer: { status: number; data?: unknown },
  access: AdminAccess,
  roles: readonly Role[],
) {
  expect(answer.status, `${what} should be refused`).toBe(403);
  if (!access.resource) {
    expect(isForbidden(answer.data), `${what}: the 403 says who may`).toBe(true);
    expect((answer.data as { roles: unknown }).roles).toEqual(roles);
  }
}

function expectAnonymousRefused(
  what: string,
  answer: { status: number; location?: string | null },
  access: AdminAccess,
) {
  if (access.resource) expect(answer.status, what).toBe(401);
  else {
    expect(answer.status, what).toBe(302);
    expect(answer.location, what).toMatch(/^\/admin\/login\?redirectTo=/);
  }
}

async function check(
  r: { id: string; file: string; path: string },
  access: Access,
  mod: RouteModule,
  who: Who,
  method: "GET" | "POST",
  intent?: string,
) {
  const fn = method === "GET" ? mod.loader : mod.action;
  if (!fn) return;
  const what = `${who} ${method} ${r.id}${intent !== undefined ? ` (${intent || "no intent"})` : ""}`;
  const answer = await answerOf(() =>
    fn(routeArgs(request(who, urlOf(r.path), method, intent, extraFields(r.id, intent)), PARAMS)),
  );
  if (access.kind !== "admin") return expectAllowed(what, answer);
  if (who === "anonymous") return expectAnonymousRefused(what, answer, access);
  // Someone who may post none of the route's forms is refused before the form is read.
  const any = rolesFor(access, method);
  const roles = any.includes(who) ? rolesFor(access, method, intent) : any;
  if (roles.includes(who)) expectAllowed(what, answer);
  else expectRefused(what, answer, access, roles);
}

describe("every route × anonymous and each role × GET and each POST intent", () => {
  for (const r of ALL_ROUTES) {
    const access = ACCESS[r.id];
    if (!access) continue;
    it(`${r.id} (${access.kind})`, async () => {
      const mod = await load(r.file);
      const intents = access.kind === "admin" ? Object.keys(access.post ?? {}) : [NO_INTENT];
      for (const who of ["anonymous", ...ROLES] as Who[]) {
        if (access.kind !== "admin" && who !== "anonymous") continue; // public and sign-in pages: anyone
        await check(r, access, mod, who, "GET");
        for (const intent of intents) await check(r, access, mod, who, "POST", intent);
      }
    });
  }
});

// A posted intent is a stranger's string: names that live on every object's prototype must be
// answered like any unknown intent (a 400 or a refusal), never a 500.
const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];

describe("an intent named after Object.prototype is refused, never a server error", () => {
  for (const r of ALL_ROUTES) {
    const access = ACCESS[r.id];
    if (access?.kind !== "admin" || !access.post) continue;
    it(`${r.id}`, async () => {
      const mod = await load(r.file);
      for (const who of ROLES) {
        for (const intent of PROTOTYPE_NAMES) {
          const what = `${who} POST ${r.id} (${intent})`;
          const answer = await answerOf(() =>
            mod.action!(routeArgs(request(who, urlOf(r.path), "POST", intent), PARAMS)),
          );
          expect(answer.status, `${what} answered ${answer.status}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${what} should never be a server error`).toBeLessThan(500);
        }
      }
    });
  }
});

describe("the office writes drafts; what is on the site is the owner's", () => {
  const post = async (role: Role, routePath: string, mod: RouteModule, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    const req = new Request(urlOf(routePath), { method: "POST", headers: { Cookie: cookies[role]! }, body });
    return answerOf(() => mod.action!(routeArgs(req, PARAMS)));
  };

  // A new one from the office is a draft (decision 0052): allowed, and tested with its by-lines in by-lines.test.ts.
  it("a published project is refused to the office and not to the owner; a new one is the office's to start", async () => {
    const mod = await load("routes/admin/project-list.tsx");
    const office = await post("office", "admin/projects", mod, {
      intent: "save-project",
      id: String(drafts.liveProject),
    });
    expect(office.status).toBe(403);
    expect(office.data).toEqual({ forbidden: true, roles: ["owner"] });
    expectAllowed(
      "owner save",
      await post("owner", "admin/projects", mod, { intent: "save-project", id: String(drafts.liveProject) }),
    );
    expectAllowed("office new", await post("office", "admin/projects", mod, { intent: "save-project" }));
  });

  it("an approved testimonial is refused to the office and not to the owner; a new one is the office's to start", async () => {
    const mod = await load("routes/admin/testimonial-list.tsx");
    const office = await post("office", "admin/testimonials", mod, { id: String(drafts.liveReview) });
    expect(office.status).toBe(403);
    expect(office.data).toEqual({ forbidden: true, roles: ["owner"] });
    expectAllowed("owner save", await post("owner", "admin/testimonials", mod, { id: String(drafts.liveReview) }));
    expectAllowed("office new", await post("office", "admin/testimonials", mod, {}));
  });
});

describe("the crew sees no money", () => {
  const get = async (role: Role, file: string, routePath: string, params: Record<string, string> = {}) => {
    const mod = await load(file);
    return (await mod.loader!(
      routeArgs(new Request(urlOf(routePath), { headers: { Cookie: cookies[role]! } }), params),
    )) as Record<string, unknown>;
  };

  it("not on a lead's page, in the pipeline or on the dashboard; the office does", async () => {
    const m = createLead({ name: "Mona Money", email: "mona@example.com", phone: null, message: "Roof" });
    getDb()
      .insert(estimates)
      .values({ leadId: m.id, lines: [], subtotalCents: 1_234_500, taxCents: 0, totalCents: 1_234_500 })
      .run();
    const crewLead = await get("crew", "routes/admin/lead.tsx", `admin/leads/${m.id}`, { id: String(m.id) });
    expect(crewLead).toMatchObject({ estimate: null, proposals: null, followsUp: false, manages: false });
    expect(JSON.stringify(crewLead)).not.toMatch(/1234500|12,345/);
    const officeLead = await get("office", "routes/admin/lead.tsx", `admin/leads/${m.id}`, { id: String(m.id) });
    expect(officeLead.estimate).not.toBeNull();
    expect(officeLead.proposals).not.toBeNull();

    const crewPipeline = await get("crew", "routes/admin/pipeline.tsx", "admin/leads/pipeline");
    expect(crewPipeline.month).toBeNull();
    expect((crewPipeline.columns as { totalCents: unknown }[]).every((c) => c.totalCents === null)).toBe(true);
    expect((await get("office", "routes/admin/pipeline.tsx", "admin/leads/pipeline")).month).not.toBeNull();

    const crewToday = (await get("crew", "routes/admin/dashboard.tsx", "admin")) as {
      dashboard: Record<string, unknown>;
      goLive: unknown[];
    };
    expect(crewToday.dashboard.proposals).toBeNull();
    expect(crewToday.dashboard.reviews).toBeNull();
    expect(crewToday.goLive).toEqual([]);
    const crewHeader = await get("crew", "routes/admin/layout.tsx", "admin");
    expect((crewHeader as unknown as { data: Record<string, unknown> }).data).toMatchObject({
      role: "crew",
      reviews: 0,
      goLive: null,
    });
    expect((await get("crew", "routes/admin/lead-list.tsx", "admin/leads")).exportsCsv).toBe(false);
    expect((await get("office", "routes/admin/lead-list.tsx", "admin/leads")).exportsCsv).toBe(true);
  });

  it("on no page the crew may open: every admin loader of the matrix, searched for the estimate's $12,345", async () => {
    const m = createLead({ name: "Rich Roof", email: "rich@example.com", phone: null, message: "Roof" });
    getDb()
      .insert(estimates)
      .values({ leadId: m.id, lines: [], subtotalCents: 1_234_500, taxCents: 0, totalCents: 1_234_500 })
      .run();
    const customer = getDb()
      .insert(roofCustomers)
      .values({ customerName: "Rich Roof", street: "1 Main St", city: "Wichita", area: 2400, leadId: m.id })
      .returning()
      .get();
    // A job the office keeps, the crew sent there by a work day: the crew opens it, its roof
    // and its photos, and still sees no money.
    const idOf = (email: string) => getDb().select().from(users).where(eq(users.email, email)).get()!.id;
    getDb()
      .update(leads)
      .set({ assigneeId: idOf("office@example.com"), status: "won" })
      .where(eq(leads.id, m.id))
      .run();
    getDb()
      .insert(visits)
      .values({ leadId: m.id, kind: "work_day", startsAt: new Date(), assigneeId: idOf("crew@example.com") })
      .run();
    const money = /1234500|12,345|\$\s?\d/;
    const office: string[] = [];
    for (const r of ALL_ROUTES) {
      const access = ACCESS[r.id];
      if (access?.kind !== "admin" || access.resource || !access.get.includes("crew")) continue;
      const mod = await load(r.file);
      if (!mod.loader) continue;
      const path = urlOf(r.path).replace("http://site.test/", "").replace(/\/1$/, `/${m.id}`);
      const query = r.id === "routes/admin/roof-measurement" ? `?customer=${customer.id}` : "";
      for (const role of ["crew", "office"] as const) {
        let loaded: unknown;
        try {
          loaded = await mod.loader(
            routeArgs(new Request(`${urlOf(path)}${query}`, { headers: { Cookie: cookies[role]! } }), {
              ...PARAMS,
              id: String(m.id),
            }),
          );
        } catch (thrown) {
          loaded = thrown; // the admin "not found" page: a 404 with its words
        }
        const data = JSON.stringify(loaded instanceof Response ? await loaded.text() : loaded);
        if (role === "crew") expect(data, `crew GET ${r.id}`).not.toMatch(money);
        // Opened, not refused: the lead and its roof are the crew's to see.
        if (role === "crew" && (r.id === "routes/admin/lead" || r.id === "routes/admin/roof-measurement"))
          expect(data, `crew GET ${r.id}`).toContain("Rich Roof");
        else if (money.test(data)) office.push(r.id);
      }
    }
    // The search finds money where it is: the office sees the estimate on the lead's page.
    expect(office).toContain("routes/admin/lead");
  });
});
