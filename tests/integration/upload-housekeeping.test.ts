import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";
import { images, type Image } from "~/db/schema";
import { paths } from "~/server/env.server";
import { variantName } from "~/lib/image-variants";
import { prepareApp } from "~/services/startup.server";
import { newStoredName, privateUploadsDir } from "~/server/storage.server";
import { getImage } from "~/models/image.server";
import { describeStored, phonePhoto, picture } from "./test-images";

const HOUR = 60 * 60 * 1000;
const start = () => prepareApp(() => {});
const inPublic = (name: string) => path.join(paths.uploads, name);
const inPrivate = (name: string) => path.join(privateUploadsDir, name);

/** A file as an older version (or a crash) left it, last written `ageMs` ago. */
function leave(file: string, bytes: Uint8Array, ageMs = 2 * HOUR) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

/** An image row as the old code wrote it: the size read from the file's header. */
function oldRow(storedName: string, purpose: Image["purpose"], width: number, height: number): Image {
  return getDb()
    .insert(images)
    .values({ storedName, originalName: "old.jpg", contentType: "image/jpeg", bytes: 1, width, height, purpose })
    .returning()
    .get();
}

beforeAll(start);

describe("start-up care of stored pictures", () => {
  it("moves a roof picture the old code left in the public folder, with its smaller copy", async () => {
    const name = newStoredName("png");
    leave(inPublic(name), await picture("png", 800));
    leave(inPublic(variantName(name, 480)), await picture("webp", 480));
    oldRow(name, "roof", 800, 600);

    await start();
    for (const file of [name, variantName(name, 480)]) {
      expect(fs.existsSync(inPublic(file)), file).toBe(false);
      expect(fs.existsSync(inPrivate(file)), file).toBe(true);
    }
    await start();
    expect(fs.existsSync(inPrivate(name))).toBe(true);
  });

  it("strips EXIF and GPS from a stored photo, turns it upright and redoes its copies, once", async () => {
    // 1000 x 600 pixels shown turned: 600 x 1000 upright, so it needs a 480 copy, no 960.
    const name = newStoredName("jpg");
    leave(inPublic(name), await phonePhoto(1000, 600));
    leave(inPublic(variantName(name, 480)), await picture("webp", 480));
    leave(inPublic(variantName(name, 960)), await picture("webp", 960));
    const row = oldRow(name, "library", 1000, 600);

    await start();
    const stored = fs.readFileSync(inPublic(name));
    expect(await describeStored(stored)).toMatchObject({
      format: "jpeg",
      width: 600,
      height: 1000,
      exif: undefined,
      icc: undefined,
    });
    expect(getImage(row.id)).toMatchObject({ width: 600, height: 1000, bytes: stored.byteLength });
    expect((await sharp(inPublic(variantName(name, 480))).metadata()).height).toBe(800);
    expect(fs.existsSync(inPublic(variantName(name, 960)))).toBe(false);

    const cleanedAt = fs.statSync(inPublic(name)).mtimeMs;
    await start();
    expect(fs.statSync(inPublic(name)).mtimeMs).toBe(cleanedAt);
  });

  it("removes files no record names once they are an hour old, and keeps the rest", async () => {
    const kept = newStoredName("png");
    leave(inPublic(kept), await picture("png", 600));
    leave(inPublic(variantName(kept, 480)), await picture("webp", 480));
    oldRow(kept, "library", 600, 450);
    const oldOrphan = newStoredName("jpg");
    const oldPrivateOrphan = newStoredName("png");
    const freshOrphan = newStoredName("png");
    leave(inPublic(oldOrphan), await picture("jpeg", 300));
    leave(inPublic(variantName(oldOrphan, 480)), await picture("webp", 480));
    leave(inPrivate(oldPrivateOrphan), await picture("png", 300));
    leave(inPublic(freshOrphan), await picture("png", 300), 5 * 60 * 1000);
    leave(inPublic(".gitkeep"), new Uint8Array());

    await start();
    expect(fs.existsSync(inPublic(oldOrphan))).toBe(false);
    expect(fs.existsSync(inPublic(variantName(oldOrphan, 480)))).toBe(false);
    expect(fs.existsSync(inPrivate(oldPrivateOrphan))).toBe(false);
    expect(fs.existsSync(inPublic(freshOrphan))).toBe(true);
    expect(fs.existsSync(inPublic(kept))).toBe(true);
    expect(fs.existsSync(inPublic(variantName(kept, 480)))).toBe(true);
    expect(fs.existsSync(inPublic(".gitkeep"))).toBe(true);
    // Everything the demo content and the earlier tests stored is still there.
    for (const row of getDb().select().from(images).all()) {
      expect(
        fs.existsSync(row.purpose === "roof" ? inPrivate(row.storedName) : inPublic(row.storedName)),
        row.storedName,
      ).toBe(true);
    }
  });

  it("leaves every file alone when the database has no pictures at all (new or lost)", async () => {
    getDb().delete(images).run();
    const survivor = newStoredName("png");
    leave(inPublic(survivor), await picture("png", 300));
    await start();
    expect(fs.existsSync(inPublic(survivor))).toBe(true);
  });
});
