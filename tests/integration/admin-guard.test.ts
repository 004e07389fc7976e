import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";
import { prepareApp } from "~/services/startup.server";

// Every module under app/routes/admin, except the login page itself, must refuse an
// anonymous request in its loader and its action, and change nothing doing so.
const ADMIN_DIR = path.resolve("app/routes/admin");
const OPEN = new Set(["login.tsx", "logout.ts"]);
const modules = fs.readdirSync(ADMIN_DIR).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && !OPEN.has(f));

type RouteFn = (args: { request: Request; params: Record<string, string>; context: { clientAddress: string } }) => unknown;

function snapshot() {
  const client = getDb().$client;
  const tables = client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'")
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((t) => [t, client.prepare(`select * from "${t}"`).all()]));
}

async function refusal(fn: RouteFn, request: Request) {
  try {
    await fn({ request, params: { id: "1" }, context: { clientAddress: "127.0.0.1" } });
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

beforeAll(async () => {
  // As at start-up: demo content, and the cookie secret.
  await prepareApp(() => {});
});

describe("admin routes refuse anonymous requests", () => {
  it("finds the admin route modules", () => {
    expect(modules).toEqual(expect.arrayContaining(["layout.tsx", "projects.tsx", "testimonials.tsx", "roof-measurement.tsx"]));
  });

  for (const file of modules) {
    it(`${file}: loader and action redirect to the login page and change nothing`, async () => {
      const mod = (await import(path.join(ADMIN_DIR, file))) as { loader?: RouteFn; action?: RouteFn };
      expect(mod.loader ?? mod.action, `${file} has neither loader nor action`).toBeDefined();
      const before = snapshot();
      if (mod.loader) {
        const res = await refusal(mod.loader, new Request("http://site.test/admin/some/page?x=1"));
        expect(res).toBeInstanceOf(Response);
        expect((res as Response).status).toBe(302);
        expect((res as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fsome%2Fpage%3Fx%3D1");
      }
      if (mod.action) {
        const body = new FormData();
        body.set("intent", "delete");
        body.set("id", "1");
        const res = await refusal(mod.action, new Request("http://site.test/admin", { method: "POST", body }));
        expect(res).toBeInstanceOf(Response);
        expect([302, 401]).toContain((res as Response).status);
      }
      expect(snapshot()).toEqual(before);
    });
  }
});

// The admin's non-HTML routes (uploads, exports) answer 401 instead of redirecting.
const RESOURCE_DIR = path.resolve("app/routes/resources");
const ADMIN_RESOURCES = ["image-upload.ts", "messages-csv.ts", "roof-csv.ts", "roof-image.ts", "roof-report.ts"];

describe("admin resource routes refuse anonymous requests", () => {
  for (const file of ADMIN_RESOURCES) {
    it(`${file}: answers 401 and changes nothing`, async () => {
      const mod = (await import(path.join(RESOURCE_DIR, file))) as { loader?: RouteFn; action?: RouteFn };
      const before = snapshot();
      for (const fn of [mod.loader, mod.action]) {
        if (!fn) continue;
        const res = await refusal(fn, new Request("http://site.test/admin/x", { method: fn === mod.action ? "POST" : "GET", body: fn === mod.action ? new FormData() : undefined }));
        expect((res as Response).status).toBe(401);
      }
      expect(snapshot()).toEqual(before);
    });
  }
});
