import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { requestContext } from "~/server/client-ip.server";
import { getDb } from "~/server/db.server";
import { startApp } from "./started-app";

// Every admin route in app/routes.ts must refuse an anonymous request and change nothing
// doing so: pages under the admin layout through the layout's middleware (and their own
// check), resource routes by answering 401. The list comes from the route config itself,
// so a new admin route is checked without anyone adding it here.

type Entry = { path?: string; file: string; children?: Entry[] };
type Args = { request: Request; params: Record<string, string>; context: ReturnType<typeof requestContext> };
type RouteFn = (args: Args) => unknown;
type Middleware = (args: Args, next: () => Promise<unknown>) => unknown;
type RouteModule = { loader?: RouteFn; action?: RouteFn; middleware?: Middleware[] };

const config = routes as Entry[];
const layout = config.find((r) => r.file === "routes/admin/layout.tsx")!;
const OPEN = new Set(["routes/admin/login.tsx", "routes/admin/logout.ts"]);
const pages = layout.children!.map((r) => r.file);
const resources = config.filter(
  (r) => r.path?.startsWith("admin/") && !r.children && !OPEN.has(r.file) && r.file.startsWith("routes/resources/"),
);
const load = (file: string) => import(path.resolve("app", file)) as Promise<RouteModule>;

function snapshot() {
  const client = getDb().$client;
  const tables = client
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name != 'rate_limits'",
    )
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((t) => [t, client.prepare(`select * from "${t}"`).all()]));
}

async function thrownBy(run: () => unknown) {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

const args = (request: Request): Args => ({
  request,
  params: { id: "1", category: "roofing", name: "x.png" },
  context: requestContext("127.0.0.1"),
});
const anonymousPost = () => {
  const body = new FormData();
  body.set("intent", "delete");
  body.set("id", "1");
  return new Request("http://site.test/admin", { method: "POST", body });
};

beforeAll(async () => {
  // As at start-up: demo content, and the cookie secret.
  await startApp();
});

describe("admin pages refuse anonymous requests", () => {
  it("finds the admin routes in app/routes.ts", () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        "routes/admin/project-list.tsx",
        "routes/admin/image-library.tsx",
        "routes/admin/contact.tsx",
        "routes/admin/testimonial-list.tsx",
        "routes/admin/roof-measurement.tsx",
        "routes/admin/lead-list.tsx",
      ]),
    );
    expect(resources.length).toBeGreaterThanOrEqual(5);
  });

  it("the admin layout's middleware sends every request beneath it to the login page", async () => {
    const { middleware } = await load(layout.file);
    expect(middleware?.length).toBeGreaterThan(0);
    let reached = false;
    const res = await thrownBy(() =>
      middleware![0](args(new Request("http://site.test/admin/some/page?x=1")), async () => (reached = true)),
    );
    expect(reached).toBe(false);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fsome%2Fpage%3Fx%3D1");
  });

  for (const file of [layout.file, ...new Set(pages)]) {
    it(`${file}: its own loader and action refuse too, and change nothing`, async () => {
      const mod = await load(file);
      expect(mod.loader ?? mod.action, `${file} has neither loader nor action`).toBeDefined();
      const before = snapshot();
      if (mod.loader) {
        const res = await thrownBy(() => mod.loader!(args(new Request("http://site.test/admin/some/page?x=1"))));
        expect((res as Response).status).toBe(302);
        expect((res as Response).headers.get("Location")).toBe(
          "/admin/login?redirectTo=%2Fadmin%2Fsome%2Fpage%3Fx%3D1",
        );
      }
      if (mod.action) {
        const res = await thrownBy(() => mod.action!(args(anonymousPost())));
        expect([302, 401]).toContain((res as Response).status);
      }
      expect(snapshot()).toEqual(before);
    });
  }
});

describe("admin resource routes (uploads, exports, pictures) answer 401", () => {
  for (const route of resources) {
    it(`${route.path}: answers 401 and changes nothing`, async () => {
      const mod = await load(route.file);
      const before = snapshot();
      for (const fn of [mod.loader, mod.action]) {
        if (!fn) continue;
        const request = new Request("http://site.test/admin/x", {
          method: fn === mod.action ? "POST" : "GET",
          body: fn === mod.action ? new FormData() : undefined,
        });
        expect(((await thrownBy(() => fn(args(request)))) as Response).status).toBe(401);
      }
      expect(snapshot()).toEqual(before);
    });
  }
});
