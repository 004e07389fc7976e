import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { servePagesThroughCache } from "./cached-pages";
import { picture } from "./test-images";
import { ALT_REQUIRED, DEFAULT_SITE_MEDIA, PICTURE_REQUIRED, PICTURE_UNKNOWN } from "~/lib/site-media";
import { VIDEO_URL_MESSAGES } from "~/lib/video-url";
import { deleteImageRow, listImages } from "~/models/image.server";
import { getSetting, setSetting } from "~/models/settings.server";
import { paths } from "~/server/env.server";
import { cleanImage } from "~/server/image-clean.server";
import { storeImage } from "~/services/image-storage.server";
import type { sitePictures } from "~/services/site-pictures.server";
import * as homeRoute from "~/routes/home";
import * as picturesRoute from "~/routes/admin/site-pictures";
import * as libraryRoute from "~/routes/admin/image-library";
import { getImage } from "~/models/image.server";

// Pictures & Video (decision 0045): the admin's forms, what they refuse, and the public pages
// seeing a save on the very next request, through the page cache.

let cookie = "";
let libraryId = 0;
beforeAll(async () => {
  cookie = await signedInOwner();
  libraryId = (
    await storeImage({
      image: (await cleanImage(await picture("jpeg", 1600)))!,
      originalName: "crew.jpg",
      alt: "Crew on a roof",
    })
  ).id;
});

type Answer = { status: number; location: string | null; text: string; errors?: Record<string, string[] | null> };

type Upload = { bytes: Uint8Array | Buffer; name: string; type?: string };

/** The action's answer, thrown or returned. */
async function post(
  fields: Record<string, string>,
  { upload, signedIn = true, urlencoded = false }: { upload?: Upload; signedIn?: boolean; urlencoded?: boolean } = {},
): Promise<Answer> {
  let body: FormData | URLSearchParams;
  if (urlencoded) body = new URLSearchParams(fields);
  else {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    if (upload)
      body.set("upload", new File([new Uint8Array(upload.bytes)], upload.name, { type: upload.type ?? "image/jpeg" }));
  }
  const request = new Request("http://site.test/admin/site/pictures", {
    method: "POST",
    body,
    headers: signedIn ? { Cookie: cookie } : {},
  });
  const result = await picturesRoute.action(routeArgs(request)).catch((thrown: unknown) => thrown);
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), text: await result.text() };
  const { data, init } = result as {
    data: { result?: { error?: Record<string, string[] | null> }; error?: string };
    init?: { status?: number };
  };
  return {
    status: init?.status ?? 200,
    location: null,
    text: JSON.stringify(data),
    errors: data.result?.error ?? (data.error ? { "": [data.error] } : undefined),
  };
}

const disk = () => fs.readdirSync(paths.uploads).sort();

describe("the public pages, through the page cache", () => {
  // The home page as the server answers it: cached, rendered from the home route's own loader.
  const pages = servePagesThroughCache(async () =>
    Response.json(
      (homeRoute.loader(routeArgs(new Request("http://site.test/"))) as ReturnType<typeof homeRoute.loader>).pictures,
    ),
  );
  const home = async () => (await (await fetch(`${pages.base()}/`)).json()) as ReturnType<typeof sitePictures>;

  it("show the drawings until the owner chooses, then his uploaded photo on the very next request", async () => {
    setSetting("media", structuredClone(DEFAULT_SITE_MEDIA));
    const before = await home();
    expect(before.homeHero.own).toBe(false);
    expect(before.homeHero.src).toMatch(/^\/(assets|app)\//);
    expect((await home()).homeHero.src).toBe(before.homeHero.src); // served from the cache

    const filesBefore = disk();
    const saved = await post(
      { intent: "save-picture", slot: "home-hero", alt: "Our crew finishing a roof in Derby" },
      { upload: { bytes: await picture("jpeg", 1600), name: "derby.jpg" } },
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/site/pictures");
    // The photo and its smaller copies went into the library, named by the server.
    expect(disk().length - filesBefore.length).toBe(4);
    const stored = listImages().find((i) => i.originalName === "derby.jpg")!;
    expect(stored.alt).toBe("Our crew finishing a roof in Derby");
    expect(getSetting("media").homeHero).toEqual({ imageId: stored.id, alt: "Our crew finishing a roof in Derby" });

    const after = await home();
    expect(after.homeHero).toMatchObject({
      own: true,
      alt: "Our crew finishing a roof in Derby",
      width: 1600,
      src: `/uploads/${stored.storedName}`,
    });
    // Its smaller copies, so a phone does not download the 1600 px photo.
    expect(after.homeHero.srcSet?.split(", ").map((c) => c.split(" ")[1])).toEqual(["480w", "640w", "960w", "1600w"]);
  });

  it("show a service card's picture chosen from the library, and the drawing again after a reset", async () => {
    const slot = "service-card/residential-roofing-wichita";
    expect(
      (await post({ intent: "save-picture", slot, imageId: String(libraryId), alt: "New charcoal roof in Andover" }))
        .status,
    ).toBe(302);
    expect((await home()).serviceCards["residential-roofing-wichita"]).toMatchObject({
      own: true,
      alt: "New charcoal roof in Andover",
    });
    expect((await home()).serviceCards["residential-framing-wichita"]?.own).toBe(false);

    expect((await post({ intent: "reset", slot })).status).toBe(302);
    const card = (await home()).serviceCards["residential-roofing-wichita"]!;
    expect(card.own).toBe(false);
    expect(card.alt).toBe("Ranch house with a new charcoal shingle roof");
  });

  it("show the owner's video, embedded from the address he pasted", async () => {
    const saved = await post({ intent: "save-video", url: "youtu.be/dQw4w9WgXcQ?si=share" });
    expect(saved.status).toBe(302);
    expect(getSetting("media").video.url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    const { video } = await home();
    expect(video.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    expect(video.thumbnail.own).toBe(false);

    expect(
      (
        await post({
          intent: "save-video",
          url: "https://vimeo.com/76979871",
          imageId: String(libraryId),
          alt: "A treated roof",
        })
      ).status,
    ).toBe(302);
    const vimeo = (await home()).video;
    expect(vimeo.embedUrl).toBe("https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
    expect(vimeo.thumbnail).toMatchObject({ own: true, alt: "A treated roof" });

    expect((await post({ intent: "reset", slot: "video" })).status).toBe(302);
    expect(getSetting("media").video).toEqual({ url: null, thumbnail: null });
  });

  it("keep a chosen picture: the image library refuses to delete it and says where it shows", async () => {
    const slot = "service-hero/roof-repairs-wichita";
    expect(
      (await post({ intent: "save-picture", slot, imageId: String(libraryId), alt: "Crew on a roof" })).status,
    ).toBe(302);
    const request = new Request("http://site.test/admin/images", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete-image", id: String(libraryId) }),
      headers: { Cookie: cookie },
    });
    const answer = (await libraryRoute.action(routeArgs(request))) as Response;
    expect(answer.status).toBe(302);
    // The flash cookie's value: base64 JSON, then its signature.
    const flash = decodeURIComponent(answer.headers.get("Set-Cookie")!.match(/__flash=([^.;]+)/)![1]);
    expect(JSON.parse(Buffer.from(flash, "base64").toString())).toEqual({
      type: "error",
      message:
        "This image is in use: it is the top picture of the Roof Repairs page. Choose another picture there first, then delete it.",
    });
    expect(getImage(libraryId)).toBeDefined();
    expect((await post({ intent: "reset", slot })).status).toBe(302);
  });

  it("fall back to the drawing when a chosen picture is deleted some other way, never a broken image", async () => {
    const own = (await storeImage({ image: (await cleanImage(await picture("png", 800)))!, originalName: "gone.png" }))
      .id;
    expect(
      (
        await post({
          intent: "save-picture",
          slot: "service-card/gutter-services-wichita",
          imageId: String(own),
          alt: "Gutters",
        })
      ).status,
    ).toBe(302);
    expect((await home()).serviceCards["gutter-services-wichita"]?.own).toBe(true);
    deleteImageRow(own, "library");
    const card = (await home()).serviceCards["gutter-services-wichita"]!;
    expect(card.own).toBe(false);
    expect(card.src).not.toContain("/uploads/");
  });
});

describe("what the forms refuse, in words", () => {
  it("a picture without a description", async () => {
    const before = getSetting("media");
    const files = disk();
    for (const alt of [undefined, "", "  "]) {
      const fields: Record<string, string> = {
        intent: "save-picture",
        slot: "about-main",
        ...(alt === undefined ? {} : { alt }),
      };
      const refused = await post(fields, { upload: { bytes: await picture("jpeg", 800), name: "a.jpg" } });
      expect(refused.status).toBe(400);
      expect(refused.errors?.alt, JSON.stringify(alt)).toEqual([ALT_REQUIRED]);
    }
    expect(getSetting("media")).toEqual(before);
    expect(disk()).toEqual(files);
  });

  it("a video thumbnail uploaded without a description", async () => {
    const before = getSetting("media");
    const files = disk();
    const refused = await post(
      { intent: "save-video", url: "https://vimeo.com/76979871" },
      { upload: { bytes: await picture("jpeg", 800), name: "t.jpg" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.errors?.alt).toEqual([ALT_REQUIRED]);
    expect(getSetting("media")).toEqual(before);
    expect(disk()).toEqual(files);
  });

  it("no picture at all", async () => {
    const refused = await post({ intent: "save-picture", slot: "about-main", alt: "Our family" });
    expect(refused.status).toBe(400);
    expect(refused.errors?.imageId).toEqual([PICTURE_REQUIRED]);
  });

  it("a picture the library does not have (or a roof tool photo)", async () => {
    const before = getSetting("media");
    for (const imageId of ["999999", "0", "-1", "abc", "1e3", "99999999999999999999"]) {
      const refused = await post({ intent: "save-picture", slot: "about-main", imageId, alt: "Our family" });
      expect(refused.status, imageId).toBe(400);
      expect(getSetting("media"), imageId).toEqual(before);
    }
    expect(
      (await post({ intent: "save-picture", slot: "about-main", imageId: "999999", alt: "Our family" })).errors
        ?.imageId,
    ).toEqual([PICTURE_UNKNOWN]);
  });

  it("a file that is not a picture, leaving nothing on disk", async () => {
    const files = disk();
    const refused = await post(
      { intent: "save-picture", slot: "home-hero", alt: "Hello" },
      { upload: { bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "x.jpg" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.errors?.upload).toEqual(["Please upload a valid image file (JPEG, PNG, or WebP)"]);
    expect(disk()).toEqual(files);
  });

  it("a picture over 10 MB, with 413 and nothing stored", async () => {
    const files = disk();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture("jpeg", 400));
    const refused = await post(
      { intent: "save-picture", slot: "home-hero", alt: "Big" },
      { upload: { bytes: big, name: "big.jpg" } },
    );
    expect(refused.status).toBe(413);
    expect(disk()).toEqual(files);
  });

  it.each([
    ["https://www.facebook.com/watch?v=123", VIDEO_URL_MESSAGES.otherSite],
    ["https://www.youtube.com/@PrairieRidge", VIDEO_URL_MESSAGES.notOneVideo],
    ["javascript:alert(1)", VIDEO_URL_MESSAGES.notAddress],
    ["", VIDEO_URL_MESSAGES.empty],
  ])("the video address %j", async (url, message) => {
    const before = getSetting("media");
    const refused = await post({ intent: "save-video", url });
    expect(refused.status).toBe(400);
    expect(refused.errors?.url).toEqual([message]);
    expect(getSetting("media")).toEqual(before);
  });
});

describe("hostile requests", () => {
  it.each([
    [{ intent: "save-picture", slot: "../../etc/passwd", imageId: "1", alt: "x" }],
    [{ intent: "save-picture", slot: "service-card/roof-repairs-wichita", imageId: "1", alt: "x" }],
    [{ intent: "save-picture", slot: "__proto__", imageId: "1", alt: "x" }],
    [{ intent: "save-picture", imageId: "1", alt: "x" }],
    [{ intent: "save-picture", slot: "home-hero", imageId: "1", alt: "x".repeat(201) }],
    [{ intent: "reset", slot: "constructor" }],
    [{ intent: "reset" }],
    [{ intent: "drop-table" }],
    [{}],
    [{ intent: "save-video", url: `https://youtu.be/${"a".repeat(600)}` }],
  ])("answers %j with a 4xx and changes nothing", async (fields) => {
    const before = getSetting("media");
    const answer = await post(fields as Record<string, string>);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(getSetting("media")).toEqual(before);
  });

  it("answers an indexed field name with a 400", async () => {
    const answer = await post({ intent: "save-picture", slot: "home-hero", "alt[0]": "x" }, { urlencoded: true });
    expect(answer.status).toBe(400);
  });

  it("sends a visitor who is not signed in to the login", async () => {
    const before = getSetting("media");
    const answer = await post({ intent: "reset", slot: "home-hero" }, { signedIn: false });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/admin\/login/);
    expect(getSetting("media")).toEqual(before);
  });
});
