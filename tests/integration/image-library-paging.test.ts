// The image library pages at 50 (as every admin list) by keyset links on (created_at, id): older and
// newer keep their place, every picture shows once, a save comes back to its page, and a
// made-up or stale link is the first page, never an error.
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { getDb, inTransaction } from "~/server/db.server";
import { images } from "~/db/schema";
import { action, loader } from "~/routes/admin/image-library";

type Library = Awaited<ReturnType<typeof loader>>;
let cookie = "";

beforeAll(async () => {
  cookie = await signedInOwner();
  const db = getDb();
  inTransaction(() => {
    for (let i = 0; i < 330; i++) {
      db.insert(images)
        .values({
          storedName: `lib-${i}.jpg`,
          originalName: `lib-${i}.jpg`,
          contentType: "image/jpeg",
          bytes: 1000,
          width: 1600,
          height: 1200,
          // Roof pictures in between never show; many share a moment (the default keeps fractions of a millisecond).
          purpose: i % 6 === 0 ? "roof" : "library",
          ...(i % 3 === 0 ? { createdAt: new Date(Date.UTC(2025, 5, 1)) } : {}),
        })
        .run();
    }
  });
});

const get = async (path: string) =>
  (await loader(routeArgs(new Request(`http://site.test${path}`, { headers: { Cookie: cookie } })))) as Library;

/** Every library picture in the order the pages show them, read at once (the reference). */
const everyLibraryImage = () =>
  (
    getDb()
      .$client.prepare("select id from images where purpose = 'library' order by created_at desc, id desc")
      .all() as { id: number }[]
  ).map((r) => r.id);

describe("the image library's pages", () => {
  it("walks older then newer by its links: every picture once, in order, the same pages both ways", async () => {
    const all = everyLibraryImage();
    expect(all.length).toBeGreaterThan(200);
    const pages: number[][] = [];
    let page = await get("/admin/images");
    expect(page.newer).toBeNull();
    for (;;) {
      expect(page.images.length).toBeLessThanOrEqual(50);
      pages.push(page.images.map((i) => i.id));
      if (!page.older) break;
      page = await get(page.older);
    }
    expect(pages.flat()).toEqual(all);
    expect(pages[0]).toHaveLength(50);
    expect(pages.length).toBe(Math.ceil(all.length / 50));
    expect(page.total).toBe(all.length);
    const back: number[][] = [page.images.map((i) => i.id)];
    while (page.newer) {
      page = await get(page.newer);
      back.unshift(page.images.map((i) => i.id));
    }
    expect(back).toEqual(pages);
  });

  it("brings a save back to the page it was made on", async () => {
    const second = await get((await get("/admin/images")).older!);
    const image = second.images[5];
    const body = new URLSearchParams({ intent: "save-alt", id: String(image.id), alt: "Ridge vent" });
    const response = (await action(
      routeArgs(new Request(`http://site.test${second.here}`, { method: "POST", body, headers: { Cookie: cookie } })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(second.here);
    // The delete dialog's links keep the page too.
    expect((await get(`${second.here}&deleteImage=${image.id}`)).here).toBe(second.here);
  });

  it("answers a made-up, stale or hostile link with the first page", async () => {
    const first = (await get("/admin/images")).images.map((i) => i.id);
    for (const query of [
      "after=abc",
      "after=-5",
      "before=0",
      "after=99999999",
      "before=99999999",
      "after=1e3",
      "after=' or 1=1 --",
    ]) {
      const page = await get(`/admin/images?${query}`);
      expect(
        page.images.map((i) => i.id),
        query,
      ).toEqual(first);
    }
  });
});
