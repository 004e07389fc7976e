import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

// Started as `SEED_DEMO_CONTENT=0` would: set before any app module reads the environment.
process.env.SEED_DEMO_CONTENT = "0";
const { getDb } = await import("~/server/db.server");
const { images, projects, settings, testimonials } = await import("~/db/schema");
const { paths } = await import("~/server/env.server");
const { prepareApp } = await import("~/services/startup.server");
const { seedDemoContent } = await import("~/services/seed.server");
const { goLiveItems, goLiveRemaining, removeDemoContent } = await import("~/services/go-live.server");
const { storeImage } = await import("~/services/image-storage.server");
const { cleanImage } = await import("~/server/image-clean.server");
const { createProject, updateProject, getProject } = await import("~/models/project.server");
const { createTestimonial } = await import("~/models/testimonial.server");
const { setSetting, getSetting } = await import("~/models/settings.server");
const { DEFAULT_SITE_MEDIA } = await import("~/lib/site-media");
const { picture } = await import("./test-images");
const { signedInOwner, routeArgs } = await import("./admin-session");
const { action, loader } = await import("~/routes/admin/go-live");

const db = () => getDb();
/** The flash message a redirect sets (the cookie's signed value is base64 JSON). */
const flashOf = (res: Response) => {
  const value = decodeURIComponent((res.headers.get("Set-Cookie") ?? "").split(";")[0].split("=").slice(1).join("="));
  return (JSON.parse(Buffer.from(value.split(".")[0], "base64").toString()) as { message: string }).message;
};
const fileOf = (storedName: string) => path.join(paths.uploads, storedName);
const demoOf = (items: ReturnType<typeof goLiveItems>) =>
  Object.fromEntries(items.filter((i) => i.id.startsWith("demo-")).map((i) => [i.id, i.detail]));

async function ownPicture(name: string) {
  const image = await cleanImage(await picture("jpeg", 640));
  if (!image) throw new Error("test picture did not clean");
  return { image, name };
}

let cookie = "";

describe("SEED_DEMO_CONTENT=0", () => {
  it("starts empty: no project, review or picture, and nothing on the checklist is demo", async () => {
    cookie = await signedInOwner();
    await prepareApp(() => {});
    expect(db().select().from(projects).all()).toEqual([]);
    expect(db().select().from(testimonials).all()).toEqual([]);
    expect(db().select().from(images).all()).toEqual([]);
    expect(
      goLiveItems()
        .filter((i) => i.id.startsWith("demo-"))
        .every((i) => i.done),
    ).toBe(true);
  });
});

describe("demo content", () => {
  beforeAll(async () => {
    // A database as a first start with demo content leaves it.
    db().delete(settings).run();
    expect(await seedDemoContent()).toEqual({ seeded: true });
  });

  it("is marked demo when seeded, every project, review and picture", () => {
    expect(
      db()
        .select({ demo: projects.demo })
        .from(projects)
        .all()
        .map((r) => r.demo),
    ).toEqual(Array(9).fill(true));
    expect(
      db()
        .select({ demo: testimonials.demo })
        .from(testimonials)
        .all()
        .map((r) => r.demo),
    ).toEqual(Array(6).fill(true));
    expect(
      db()
        .select({ demo: images.demo })
        .from(images)
        .all()
        .map((r) => r.demo),
    ).toEqual(Array(9).fill(true));
    expect(demoOf(goLiveItems())).toEqual({
      "demo-projects": "9 made-up projects show in the portfolio.",
      "demo-testimonials": "6 made-up reviews are on the site. Reviews nobody wrote must not go live.",
      "demo-images": "9 stock pictures are in the image library.",
    });
    // Every item of a fresh install is to do (the test server has no SITE_URL and no mail).
    expect(goLiveRemaining()).toBe(goLiveItems().length);
  });

  it("a failure while removing leaves every row and file as it was", async () => {
    const before = {
      p: db().select().from(projects).all(),
      t: db().select().from(testimonials).all(),
      i: db().select().from(images).all(),
    };
    db().run(
      sql`create trigger fail_demo_removal before delete on images begin select raise(abort, 'disk trouble'); end`,
    );
    try {
      expect(() => removeDemoContent()).toThrow(/disk trouble/);
      const res = (await action(routeArgs(post({ intent: "remove-demo" })))) as Response;
      expect(res.status).toBe(302);
      expect(flashOf(res)).toBe("Failed to remove the demo content: nothing was removed. Please try again.");
    } finally {
      db().run(sql`drop trigger fail_demo_removal`);
    }
    expect(db().select().from(projects).all()).toEqual(before.p);
    expect(db().select().from(testimonials).all()).toEqual(before.t);
    expect(db().select().from(images).all()).toEqual(before.i);
    for (const image of before.i) expect(fs.existsSync(fileOf(image.storedName))).toBe(true);
  });

  it("removal takes every demo row and file in one go, and keeps all the owner made, edited or shows", async () => {
    // The owner's own project (with its picture), review and library picture.
    const own = await ownPicture("my-roof.jpg");
    const { withImageFiles } = await import("~/services/image-storage.server");
    const ownProjectId = await withImageFiles(own.image, own.name, "library", (file) =>
      createProject(
        {
          title: "Our own re-roof, Hutchinson",
          category: "roofing",
          description: "Real job.",
          mediaType: "image",
          featured: false,
        },
        file,
      ),
    );
    const ownReview = createTestimonial({
      name: "Real Customer",
      location: "",
      quote: "They did a fine job.",
      rating: 5,
    });
    const ownLibrary = await storeImage({ ...(await ownPicture("crew.jpg")), originalName: "crew.jpg" });
    // A demo project the owner edited is his now, and so is the picture it shows.
    const demoRows = db().select().from(projects).all();
    const edited = demoRows.find((p) => p.title.startsWith("Family Room Addition"))!;
    updateProject(edited.id, {
      title: "Our family room addition",
      category: "framing",
      description: edited.description,
      mediaType: "image",
      featured: false,
    });
    // A demo picture he chose as the home page's hero stays too.
    const heroDemo = db()
      .select()
      .from(projects)
      .all()
      .find((p) => p.title.startsWith("Architectural Shingle Roof"))!;
    setSetting("media", {
      ...structuredClone(DEFAULT_SITE_MEDIA),
      homeHero: { imageId: heroDemo.imageId!, alt: "A roof" },
    });

    const demoImages = db()
      .select()
      .from(images)
      .all()
      .filter((i) => i.demo);
    expect(demoOf(goLiveItems())["demo-images"]).toBe("7 stock pictures are in the image library.");
    const removed = removeDemoContent();
    expect(removed).toMatchObject({ projects: 8, testimonials: 6, images: 7, keptImages: 2 });
    expect(removed.message).toBe(
      "Demo content removed: 8 projects, 6 reviews and 7 pictures. 2 demo pictures your pages show were kept.",
    );

    expect(
      db()
        .select({ id: projects.id })
        .from(projects)
        .all()
        .map((r) => r.id)
        .sort(),
    ).toEqual([edited.id, ownProjectId].sort());
    expect(getProject(ownProjectId)?.image).not.toBeNull();
    expect(getProject(edited.id)?.image?.id).toBe(edited.imageId);
    expect(db().select({ id: testimonials.id }).from(testimonials).all()).toEqual([{ id: ownReview.id }]);
    const left = db().select().from(images).all();
    expect(left.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      [edited.imageId!, heroDemo.imageId!, ownLibrary.id, getProject(ownProjectId)!.image!.id].sort((a, b) => a - b),
    );
    expect(left.every((i) => !i.demo)).toBe(true);
    for (const image of demoImages)
      expect(fs.existsSync(fileOf(image.storedName))).toBe(left.some((l) => l.id === image.id));
    for (const image of left) expect(fs.existsSync(fileOf(image.storedName))).toBe(true);
    expect(getSetting("media").homeHero?.imageId).toBe(heroDemo.imageId);

    expect(Object.values(demoOf(goLiveItems()))).toEqual([
      "No demo project is left.",
      "No demo review is left.",
      "No demo picture is left.",
    ]);
  });

  it("never comes back: a restart with demo content on seeds nothing", async () => {
    expect(await seedDemoContent()).toEqual({ seeded: false });
    expect(
      db()
        .select()
        .from(projects)
        .all()
        .some((p) => p.demo),
    ).toBe(false);
    expect(db().select().from(testimonials).all()).toHaveLength(1);
  });
});

function post(fields: Record<string, string>, url = "http://site.test/admin/go-live") {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(url, { method: "POST", body, headers: { Cookie: cookie } });
}

describe("the go-live page", () => {
  it("lists the items, offers removal only while demo content is left, and refuses an unknown intent", async () => {
    const page = (await loader(
      routeArgs(new Request("http://site.test/admin/go-live?confirm=remove", { headers: { Cookie: cookie } })),
    )) as {
      items: unknown[];
      demoLeft: string[];
      confirming: boolean;
    };
    expect(page.items.length).toBeGreaterThan(10);
    expect(page).toMatchObject({ demoLeft: [], confirming: false });
    await expect(action(routeArgs(post({ intent: "save" })))).rejects.toMatchObject({ status: 400 });
  });

  it("takes \u201cThis is right\u201d for an item that may be right as it stands, and takes it back", async () => {
    const company = () => goLiveItems().find((i) => i.id === "company")!;
    expect(company()).toMatchObject({ done: false, confirmable: true });
    const confirmed = (await action(routeArgs(post({ intent: "confirm-item", item: "company" })))) as Response;
    expect(confirmed.status).toBe(302);
    expect(flashOf(confirmed)).toBe("Marked as right: it counts as done.");
    expect(company()).toMatchObject({ done: true, confirmed: true });
    const undone = (await action(routeArgs(post({ intent: "unconfirm-item", item: "company" })))) as Response;
    expect(flashOf(undone)).toBe("Back on the list as still to do.");
    expect(company()).toMatchObject({ done: false, confirmed: false });
  });

  it("refuses to confirm what can never be right, or no item at all, with a 400", async () => {
    for (const item of ["phone", "sign-in-email", "demo-projects", "mail", "nonsense", "../x"]) {
      await expect(action(routeArgs(post({ intent: "confirm-item", item })))).rejects.toMatchObject({ status: 400 });
    }
    await expect(action(routeArgs(post({ intent: "confirm-item" })))).rejects.toMatchObject({ status: 400 });
    expect(goLiveItems().find((i) => i.id === "phone")).toMatchObject({ done: false, confirmed: false });
  });

  it("removes from a post and says so in the flash", async () => {
    db().delete(settings).run();
    db().delete(testimonials).run();
    db().delete(projects).run();
    db().delete(images).run();
    expect(await seedDemoContent()).toEqual({ seeded: true });
    const confirm = (await loader(
      routeArgs(new Request("http://site.test/admin/go-live?confirm=remove", { headers: { Cookie: cookie } })),
    )) as {
      demoLeft: string[];
      confirming: boolean;
    };
    expect(confirm).toMatchObject({
      demoLeft: ["9 made-up projects", "6 made-up reviews", "9 stock pictures"],
      confirming: true,
    });
    const res = (await action(routeArgs(post({ intent: "remove-demo" })))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/go-live");
    expect(flashOf(res)).toBe("Demo content removed: 9 projects, 6 reviews and 9 pictures.");
    expect(db().select().from(projects).all()).toEqual([]);
  });
});
