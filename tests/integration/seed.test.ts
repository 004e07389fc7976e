import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";
import { images, projects, settings, testimonials } from "~/db/schema";
import { paths } from "~/server/env.server";
import { seedDemoContent } from "~/services/seed.server";
import { tidyUploads } from "~/services/upload-housekeeping.server";
import sharp from "sharp";
import { getBusinessFacts, getSetting } from "~/models/settings.server";

const uploadsOnDisk = () => (fs.existsSync(paths.uploads) ? fs.readdirSync(paths.uploads).sort() : []);

describe("demo content", () => {
  it("fills an empty database with projects in every category, testimonials and settings", async () => {
    expect(await seedDemoContent()).toEqual({ seeded: true });
    const db = getDb();
    const rows = db.select().from(projects).all();
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(["framing", "roofing", "bright-green"]));
    const videos = rows.filter((p) => p.mediaType === "video");
    expect(videos).toHaveLength(1);
    expect(videos[0].videoUrl).toMatch(/^https:\/\/www\.youtube\.com\//);
    expect(videos[0].imageId).not.toBeNull();
    expect(db.select().from(testimonials).all()).toHaveLength(6);
    expect(getBusinessFacts().company).toBe("Prairie Ridge Framing & Roofing");
    expect(getSetting("contact")).toMatchObject({
      autoresponderEnabled: true,
      autoresponderSubject: "Thank you for contacting Prairie Ridge Framing & Roofing",
      notificationEmail: "hello@example.com",
    });
    expect(getSetting("contact").autoresponderMessage).toContain("within 24 hours");
  });

  it("stores every demo image as a real, small file with alt text", async () => {
    const rows = getDb().select().from(images).all();
    expect(rows).toHaveLength(9);
    for (const image of rows) {
      const file = `${paths.uploads}/${image.storedName}`;
      expect(fs.statSync(file).size).toBe(image.bytes);
      expect(image.bytes).toBeLessThan(150 * 1024);
      expect(image.contentType).toBe("image/webp");
      expect(image.width).toBe(1200);
      expect(image.alt.length).toBeGreaterThan(20);
    }
  });

  it("never touches a database that already has content", async () => {
    const before = uploadsOnDisk();
    const titles = getDb()
      .select()
      .from(projects)
      .all()
      .map((p) => p.title);
    expect(await seedDemoContent()).toEqual({ seeded: false });
    expect(uploadsOnDisk()).toEqual(before);
    expect(
      getDb()
        .select()
        .from(projects)
        .all()
        .map((p) => p.title),
    ).toEqual(titles);
  });

  it("counts a single settings row as content", async () => {
    const db = getDb();
    db.delete(projects).run();
    db.delete(testimonials).run();
    db.delete(images).run();
    db.delete(settings).run();
    db.insert(settings)
      .values({ key: "maps", value: { apiKey: null, publisherTag: null } })
      .run();
    expect(await seedDemoContent()).toEqual({ seeded: false });
    expect(db.select().from(projects).all()).toHaveLength(0);
  });
});

describe("demo pictures", () => {
  it("come with 480, 640 and 960 pixel wide copies for phones", async () => {
    const db = getDb();
    db.delete(settings).run();
    fs.rmSync(paths.uploads, { recursive: true, force: true });
    expect(await seedDemoContent()).toEqual({ seeded: true });
    const names = uploadsOnDisk();
    // 9 originals, each with a 480, a 640 and a 960 wide copy.
    for (const width of [480, 640, 960]) expect(names.filter((n) => n.endsWith(`-w${width}.webp`))).toHaveLength(9);
    expect(names).toHaveLength(36);
  });

  it("stored before the 640 copy existed get it at start-up, 640 pixels wide, and nothing else changes", async () => {
    const before = uploadsOnDisk();
    const sixForty = before.filter((n) => n.endsWith("-w640.webp"));
    for (const name of sixForty) fs.rmSync(`${paths.uploads}/${name}`);
    const untouched = Object.fromEntries(
      before.filter((n) => !n.endsWith("-w640.webp")).map((n) => [n, fs.statSync(`${paths.uploads}/${n}`).mtimeMs]),
    );
    const lines: string[] = [];
    await tidyUploads((line) => lines.push(line));
    expect(lines).toContain("Made 9 smaller copies of stored pictures.");
    expect(uploadsOnDisk()).toEqual(before);
    for (const name of sixForty) expect((await sharp(`${paths.uploads}/${name}`).metadata()).width).toBe(640);
    for (const [name, mtime] of Object.entries(untouched))
      expect(fs.statSync(`${paths.uploads}/${name}`).mtimeMs).toBe(mtime);
    // Done once: a second start makes nothing.
    lines.length = 0;
    await tidyUploads((line) => lines.push(line));
    expect(lines.filter((l) => l.startsWith("Made"))).toEqual([]);
  });
});
