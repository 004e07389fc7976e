import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { testimonials } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { listTestimonials, TESTIMONIALS_PAGE_SIZE } from "~/models/testimonial.server";
import { action, loader } from "~/routes/admin/testimonial-list";

// The admin Testimonials list comes in keyset pages (pending first, then newest
// first), with Newer/Older links that are plain addresses, so they work without scripts.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
  const db = getDb();
  db.delete(testimonials).run();
  // 130 reviews, 60 of them pending; many share a moment, so the id decides among them.
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 130 }, (_, i) => ({
    name: `Reviewer ${i}`,
    quote: "Good work.",
    status: i % 13 < 6 ? ("pending" as const) : ("published" as const),
    createdAt: new Date(base + Math.floor(i / 4) * 60_000),
  }));
  db.insert(testimonials).values(rows).run();
});

type Page = Awaited<ReturnType<typeof loader>>;
const open = async (path: string) =>
  (await loader(routeArgs(new Request(`http://site.test${path}`, { headers: { Cookie: cookie } })))) as Page;

describe("the admin Testimonials list in pages", () => {
  it("walks every testimonial once, in order, by Older links, and back by Newer links", async () => {
    const all = listTestimonials().map((t) => t.id);
    expect(all).toHaveLength(130);
    const forward: number[][] = [];
    let page = await open("/admin/testimonials");
    expect(page.total).toBe(130);
    expect(page.pending).toBe(60);
    expect(page.newer).toBeNull();
    for (;;) {
      expect(page.testimonials.length).toBeLessThanOrEqual(TESTIMONIALS_PAGE_SIZE);
      forward.push(page.testimonials.map((t) => t.id));
      if (!page.older) break;
      expect(page.older).toMatch(/^\/admin\/testimonials\?after=\d+$/);
      page = await open(page.older);
    }
    expect(forward.flat()).toEqual(all);
    expect(forward.map((p) => p.length)).toEqual([50, 50, 30]);

    const backward: number[][] = [];
    for (;;) {
      backward.unshift(page.testimonials.map((t) => t.id));
      if (!page.newer) break;
      expect(page.newer).toMatch(/^\/admin\/testimonials\?before=\d+$/);
      page = await open(page.newer);
    }
    expect(backward).toEqual(forward);
  });

  it("a link past the end, to a deleted row or made up, shows the first page", async () => {
    const first = await open("/admin/testimonials");
    for (const path of [
      "/admin/testimonials?after=999999",
      "/admin/testimonials?before=0",
      "/admin/testimonials?after=abc",
    ]) {
      expect((await open(path)).testimonials.map((t) => t.id)).toEqual(first.testimonials.map((t) => t.id));
    }
  });

  it("seeks on the index, never scanning past rows with OFFSET", () => {
    const plan = getDb()
      .$client.prepare(
        "explain query plan select id from testimonials where status = (select status from testimonials where id = 7) and (created_at, id) < (select created_at, id from testimonials where id = 7) order by status, created_at desc, id desc limit 50",
      )
      .all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join("\n")).toMatch(
      /SEARCH testimonials USING (COVERING )?INDEX testimonials_admin_order_idx \(status=\? AND/,
    );
  });

  it("a change made on page 2 comes back to page 2, with the editor closed", async () => {
    const second = (await open("/admin/testimonials")).older!;
    const page = await open(second);
    const post = (path: string, body: Record<string, string>) =>
      action(
        routeArgs(
          new Request(`http://site.test${path}`, {
            method: "POST",
            body: new URLSearchParams(body),
            headers: { Cookie: cookie },
          }),
        ),
      ).catch((thrown: unknown) => thrown) as Promise<Response>;
    const pending = page.testimonials.find((t) => t.status === "pending")!;
    const saved = page.testimonials.find((t) => t.status === "published")!;
    // Approving from the row, saving the editor (opened with ?edit=), deleting from the question (?delete=).
    for (const answer of [
      await post(second, { intent: "approve", id: String(pending.id) }),
      await post(`${second}&edit=${saved.id}`, {
        id: String(saved.id),
        name: "Renamed R.",
        location: "",
        quote: "Still good.",
        rating: "5",
      }),
      await post(`${second}&delete=${saved.id}`, { intent: "delete", id: String(saved.id) }),
    ]) {
      expect(answer).toBeInstanceOf(Response);
      expect(answer.headers.get("Location")).toBe(second);
    }
  });
});
