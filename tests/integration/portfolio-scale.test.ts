// Decision 0055: with 500 published projects the public pages read bounded slices: the
// carousels their first few, /portfolio a category a page at a time (keyset links that
// keep their place), a project page its two neighbors, service and area pages their few.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs } from "./admin-session";
import { getDb, inTransaction } from "~/server/db.server";
import { images, projects } from "~/db/schema";
import { AREAS, SERVICES } from "~/lib/landing-pages";
import { QUOTE_SERVICES } from "~/lib/contact-form";
import { CAROUSEL_TILES, galleryOrder, neighbors, PORTFOLIO_PAGE_SIZE } from "~/lib/portfolio";
import { PROJECT_CATEGORIES, type ProjectCategory } from "~/lib/project-categories";
import { projectsForService, projectsForTown } from "~/lib/related-work";
import { listPublishedProjects } from "~/models/project.server";
import { getProjectPage } from "~/services/project-cards.server";
import { workForService, workForTown } from "~/services/related-work.server";
import { loader as portfolioLoader } from "~/routes/portfolio";

const TOWNS = ["Derby", "Wichita", "Mulvane", "derby, KS", " Andover ", "El Dorado"];
const WORDS = [
  "Roof Replacement",
  "Hail Damage Repair",
  "Garage Framing",
  "Room Addition",
  "Gutter Install",
  "Bright Green Treatment",
  "Porch",
];

/** All the public projects as the old code read them: every row, then filtered (the reference). */
function everyPublicProject() {
  return listPublishedProjects()
    .filter(({ image, project }) => image !== null || (project.mediaType === "video" && project.videoUrl))
    .map(({ project }) => project);
}

beforeAll(() => {
  const db = getDb();
  inTransaction(() => {
    const start = Date.UTC(2025, 0, 1);
    for (let i = 0; i < 520; i++) {
      const image = db
        .insert(images)
        .values({
          storedName: `p-${i}.jpg`,
          originalName: `p-${i}.jpg`,
          contentType: "image/jpeg",
          bytes: 1000,
          width: 1600,
          height: 1200,
        })
        .returning({ id: images.id })
        .get();
      const category = PROJECT_CATEGORIES[i % 3];
      const fromJob = i % 2 === 0;
      db.insert(projects)
        .values({
          title: `${WORDS[i % WORDS.length]}, ${TOWNS[i % TOWNS.length].trim()}`,
          category,
          description: `Project ${i}.`,
          // A picture gone (i % 50 === 7) is never shown; 20 drafts (i >= 500) never either.
          imageId: i % 50 === 7 ? null : image.id,
          featured: i % 97 === 0,
          // Ties on purpose: many share an order and a moment, the id decides.
          sortOrder: i % 4 === 0 ? 1 : 0,
          published: i < 500,
          service: fromJob ? QUOTE_SERVICES[i % QUOTE_SERVICES.length] : null,
          town: fromJob ? TOWNS[(i >> 1) % TOWNS.length] : null,
          createdAt: new Date(start + Math.floor(i / 5) * 86_400_000),
        })
        .run();
    }
  });
});

const portfolio = async (query = "") =>
  (await portfolioLoader(routeArgs(new Request(`http://site.test/portfolio${query}`)))) as Awaited<
    ReturnType<typeof portfolioLoader>
  >;

describe("the portfolio with 500 published projects", () => {
  it("shows each category's first few on the All tab, with the counts behind its links", async () => {
    const all = await portfolio();
    const every = everyPublicProject();
    expect(all.projects.length).toBe(3 * CAROUSEL_TILES);
    for (const category of PROJECT_CATEGORIES) {
      const expected = galleryOrder(every, category)
        .slice(0, CAROUSEL_TILES)
        .map((p) => p.id);
      expect(all.projects.filter((p) => p.category === category).map((p) => p.id)).toEqual(expected);
      expect(all.counts[category]).toBe(every.filter((p) => p.category === category).length);
    }
  });

  it("pages a category forward and back by its links: every project once, in order, each page the same both ways", async () => {
    const roofing = galleryOrder(everyPublicProject(), "roofing").map((p) => p.id);
    expect(roofing.length).toBeGreaterThan(3 * PORTFOLIO_PAGE_SIZE);
    const pages: number[][] = [];
    let page = await portfolio("?category=roofing");
    expect(page.pages?.previous).toBeNull();
    for (;;) {
      expect(page.projects.length).toBeLessThanOrEqual(PORTFOLIO_PAGE_SIZE);
      pages.push(page.projects.map((p) => p.id));
      if (page.pages?.next == null) break;
      page = await portfolio(`?category=roofing&after=${page.pages.next}`);
    }
    expect(pages.flat()).toEqual(roofing);
    // And back from the last page by the previous links.
    const back: number[][] = [page.projects.map((p) => p.id)];
    while (page.pages?.previous != null) {
      page = await portfolio(`?category=roofing&before=${page.pages.previous}`);
      back.unshift(page.projects.map((p) => p.id));
    }
    expect(back).toEqual(pages);
  });

  it("answers a link whose project is gone, a draft, another category's or made up with the first page", async () => {
    const first = (await portfolio("?category=framing")).projects.map((p) => p.id);
    const draft = getDb().select({ id: projects.id }).from(projects).where(eq(projects.published, false)).get()!.id;
    const roofingId = galleryOrder(everyPublicProject(), "roofing")[3].id;
    for (const query of [
      `after=${draft}`,
      `before=${draft}`,
      `after=${roofingId}`,
      "after=999999",
      "after=0",
      "after=abc",
      "before=-1",
    ]) {
      expect(
        (await portfolio(`?category=framing&${query}`)).projects.map((p) => p.id),
        query,
      ).toEqual(first);
    }
  });

  it("steps a project page to its neighbors in gallery order, across categories", () => {
    const ordered = galleryOrder(everyPublicProject());
    for (const at of [0, 1, 50, ordered.findLastIndex((p) => p.category === "framing"), ordered.length - 1]) {
      const { previous, next } = neighbors(ordered, ordered[at].id);
      const page = getProjectPage(ordered[at].id)!;
      expect(page.previous?.id ?? null).toBe(previous?.id ?? null);
      expect(page.next?.id ?? null).toBe(next?.id ?? null);
    }
    const draft = getDb().select({ id: projects.id }).from(projects).where(eq(projects.published, false)).get()!.id;
    expect(getProjectPage(draft)).toBeUndefined();
  });
});

describe("matching work on service and area pages with 500 projects", () => {
  it("shows on each service page what the whole list filtered would, a few at most", () => {
    const every = everyPublicProject();
    for (const { slug } of SERVICES) {
      const expected = projectsForService(every, slug).map((p) => p.id);
      expect(
        workForService(slug).projects.map((p) => p.id),
        slug,
      ).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it("shows on each area page what the whole list filtered would: the town of a job however written, or named in the words", () => {
    const every = everyPublicProject();
    for (const { name } of AREAS) {
      expect(
        workForTown(name).projects.map((p) => p.id),
        name,
      ).toEqual(projectsForTown(every, name).map((p) => p.id));
    }
    expect(workForTown("Derby").projects).toHaveLength(3);
  });

  it("finds words-only matches that sit far down the gallery order", () => {
    // Only hand-written gutter projects match the gutter page by words; make the one match the last in order.
    const db = getDb();
    const image = db
      .insert(images)
      .values({
        storedName: "late.jpg",
        originalName: "late.jpg",
        contentType: "image/jpeg",
        bytes: 1,
        width: 10,
        height: 10,
      })
      .returning()
      .get();
    const id = db
      .insert(projects)
      .values({
        title: "Seamless downspout job, Augusta",
        category: "framing" as ProjectCategory,
        description: "x",
        imageId: image.id,
        sortOrder: 99,
        createdAt: new Date(0),
      })
      .returning({ id: projects.id })
      .get().id;
    expect(workForTown("Augusta").projects.map((p) => p.id)).toContain(id);
  });
});
