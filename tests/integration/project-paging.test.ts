import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { projects } from "~/db/schema";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";
import { getDb } from "~/server/db.server";
import { listProjects } from "~/models/project.server";
import { action, loader } from "~/routes/admin/project-list";

// The admin Projects list (all, or one category) comes in keyset pages in the
// portfolio's order (featured first, the owner's order, newest first), with Newer/Older
// links that are plain addresses, so they work without scripts.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
  const db = getDb();
  db.delete(projects).run();
  // 160 projects across the categories; featured, order and moment repeat, so every tie-break counts.
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 160 }, (_, i) => ({
    title: `Project ${i}`,
    category: PROJECT_CATEGORIES[i % 3]!,
    description: "Work.",
    mediaType: "video" as const,
    videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    featured: i % 7 === 0,
    sortOrder: i % 4,
    published: i % 5 !== 0,
    createdAt: new Date(base + Math.floor(i / 6) * 60_000),
  }));
  db.insert(projects).values(rows).run();
});

type Page = Awaited<ReturnType<typeof loader>>;
const open = async (path: string, params: Record<string, string> = {}) =>
  (await loader(routeArgs(new Request(`http://site.test${path}`, { headers: { Cookie: cookie } }), params))) as Page;

async function walk(path: string, params: Record<string, string> = {}) {
  const forward: number[][] = [];
  let page = await open(path, params);
  expect(page.newer).toBeNull();
  for (;;) {
    forward.push(page.projects.map((p) => p.id));
    if (!page.older) break;
    expect(page.older).toMatch(new RegExp(`^${path}\\?after=\\d+$`));
    page = await open(page.older, params);
  }
  const backward: number[][] = [];
  for (;;) {
    backward.unshift(page.projects.map((p) => p.id));
    if (!page.newer) break;
    page = await open(page.newer, params);
  }
  return { forward, backward, total: page.total };
}

describe("the admin Projects list in pages", () => {
  it("walks every project once, in gallery order, by Older links, and back by Newer links", async () => {
    const { forward, backward, total } = await walk("/admin/projects");
    expect(total).toBe(160);
    expect(forward.map((p) => p.length)).toEqual([50, 50, 50, 10]);
    expect(forward.flat()).toEqual(listProjects().map((r) => r.project.id));
    expect(backward).toEqual(forward);
  });

  it("pages one category the same way, and its links stay in the category", async () => {
    const { forward, backward, total } = await walk("/admin/projects/roofing", { category: "roofing" });
    const roofing = listProjects("roofing").map((r) => r.project.id);
    expect(total).toBe(roofing.length);
    expect(forward.flat()).toEqual(roofing);
    expect(backward).toEqual(forward);
  });

  it("a link past the end, to a deleted project or made up, shows the first page", async () => {
    const first = (await open("/admin/projects")).projects.map((p) => p.id);
    for (const path of ["/admin/projects?after=999999", "/admin/projects?before=999999", "/admin/projects?after=x1"]) {
      expect((await open(path)).projects.map((p) => p.id)).toEqual(first);
    }
  });

  it("seeks on the index, never scanning past projects with OFFSET", () => {
    const plan = getDb()
      .$client.prepare(
        "explain query plan select id from projects where featured = (select featured from projects where id = 5) and sort_order = (select sort_order from projects where id = 5) and (created_at, id) < (select created_at, id from projects where id = 5) order by created_at desc, id desc limit 50",
      )
      .all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join("\n")).toMatch(
      /SEARCH projects USING (COVERING )?INDEX projects_admin_order_idx \(featured=\? AND sort_order=\? AND created_at<\?\)/,
    );
  });

  it("a change made on page 2 comes back to page 2, with the editor closed", async () => {
    const second = (await open("/admin/projects")).older!;
    const target = (await open(second)).projects[3]!;
    const answer = await action(
      routeArgs(
        new Request(`http://site.test${second}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "unpublish", id: String(target.id) }),
          headers: { Cookie: cookie },
        }),
      ),
    ).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(second);
  });
});
