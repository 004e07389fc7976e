import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs } from "./admin-session";
import { testimonials } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { listPublicTestimonials, PUBLIC_TESTIMONIALS_PAGE_SIZE } from "~/models/testimonial.server";
import { loader } from "~/routes/testimonial-list";

// /testimonials shows a page of reviews at a time, newest first, with Newer and
// Older links that are plain addresses (no scripts needed). Pending reviews never show.

beforeAll(() => {
  const db = getDb();
  db.delete(testimonials).run();
  // 60 published and 10 pending; many share a moment, so the id decides among them.
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 70 }, (_, i) => ({
    name: `Reviewer ${i}`,
    quote: `Review number ${i}.`,
    status: i % 7 === 3 ? ("pending" as const) : ("published" as const),
    createdAt: new Date(base + Math.floor(i / 3) * 60_000),
  }));
  db.insert(testimonials).values(rows).run();
});

type Page = Awaited<ReturnType<typeof loader>>;
const open = async (path: string) => (await loader(routeArgs(new Request(`http://site.test${path}`)))) as Page;
const links = (page: Page) => ({
  newer: page.previous === null ? null : `/testimonials?before=${page.previous}`,
  older: page.next === null ? null : `/testimonials?after=${page.next}`,
});

describe("/testimonials in pages", () => {
  it("walks every published review once, newest first, by Older links, and back by Newer links", async () => {
    const all = listPublicTestimonials().map((t) => t.id);
    expect(all).toHaveLength(60);
    const forward: number[][] = [];
    let page = await open("/testimonials");
    expect(page.total).toBe(60);
    expect(links(page).newer).toBeNull();
    for (;;) {
      forward.push(page.testimonials.map((t) => t.id));
      const { older } = links(page);
      if (!older) break;
      page = await open(older);
    }
    expect(forward.flat()).toEqual(all);
    expect(forward.map((p) => p.length)).toEqual([
      PUBLIC_TESTIMONIALS_PAGE_SIZE,
      PUBLIC_TESTIMONIALS_PAGE_SIZE,
      60 - 2 * PUBLIC_TESTIMONIALS_PAGE_SIZE,
    ]);

    const backward: number[][] = [];
    for (;;) {
      backward.unshift(page.testimonials.map((t) => t.id));
      const { newer } = links(page);
      if (!newer) break;
      page = await open(newer);
    }
    expect(backward).toEqual(forward);
  });

  it("never shows a pending review", async () => {
    const pending = getDb()
      .select({ name: testimonials.name })
      .from(testimonials)
      .all()
      .filter((_, i) => i % 7 === 3)
      .map((t) => t.name);
    let page = await open("/testimonials");
    const shown: string[] = [];
    for (;;) {
      shown.push(...page.testimonials.map((t) => t.name));
      if (page.next === null) break;
      page = await open(`/testimonials?after=${page.next}`);
    }
    expect(shown.filter((name) => pending.includes(name))).toEqual([]);
  });

  it("a link past the end, to a deleted review or made up, shows the first page", async () => {
    const first = (await open("/testimonials")).testimonials.map((t) => t.id);
    const oldest = listPublicTestimonials().at(-1)!.id;
    for (const path of [
      `/testimonials?after=${oldest}`,
      "/testimonials?after=999999",
      "/testimonials?before=0",
      "/testimonials?after=abc",
      "/testimonials?before=-3",
    ]) {
      expect(
        (await open(path)).testimonials.map((t) => t.id),
        path,
      ).toEqual(first);
    }
  });

  it("seeks on the index, never scanning past reviews with OFFSET", () => {
    const plan = getDb()
      .$client.prepare(
        "explain query plan select id from testimonials where status = 'published' and (created_at, id) < (select created_at, id from testimonials where id = 7) order by created_at desc, id desc limit 24",
      )
      .all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join("\n")).toMatch(
      /SEARCH testimonials USING (COVERING )?INDEX testimonials_admin_order_idx \(status=\? AND/,
    );
  });
});
