import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { paths } from "~/server/env.server";
import { emptyView } from "~/lib/roof-drawing";
import { startApp } from "./started-app";
import { privateUploadsDir } from "~/server/storage.server";
import { listImages } from "~/models/image.server";
import { getRoofCustomer, listRoofCustomers } from "~/models/roof-customer.server";
import { upsertUser } from "~/models/user.server";
import { action, loader } from "~/routes/admin/roof-measurement";
import { loader as csvLoader } from "~/routes/resources/roof-csv";
import { loader as imageLoader } from "~/routes/resources/private-image";
import { loader as pdfLoader } from "~/routes/resources/roof-report";
import { extractText, getDocumentProxy } from "unpdf";
import { roofCustomers } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { describeStored, jpegMagicHtml, phonePhoto, picture, truncatedPng } from "./test-images";

let cookie = "";
const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
// Roof pictures are customer records: they go to the private folder, never the public one.
const disk = () => list(privateUploadsDir);

beforeAll(async () => {
  await startApp();
  const { user } = await upsertUser("staff@example.com", "staff-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

async function post(
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array | Buffer; name: string; type?: string }> = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [k, f] of Object.entries(files))
    body.set(k, new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? "image/png" }));
  const request = new Request("http://site.test/admin/roof-measurement", {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
  return action({ request, params: {}, context: requestContext("127.0.0.1") } as never);
}

const customer = {
  intent: "save",
  customerName: "Nguyen",
  street: "615 S Kansas Ave",
  city: "Wellington",
  state: "KS",
  zipCode: "67152",
};
const drawing = JSON.stringify({
  top: {
    ...emptyView(),
    scale: 0.5,
    scaleSource: "line",
    facets: [
      {
        points: [
          { x: 100, y: 100 },
          { x: 180, y: 100 },
          { x: 180, y: 160 },
          { x: 100, y: 160 },
        ],
        pitch: 6,
      },
    ],
  },
});
const idFrom = (res: Response) =>
  Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("customer"));
type Refusal = { data: { error?: Record<string, string[]> }; init: { status: number } };

/** A maps settings form's answer: conform's reply, and what was saved (null when refused). */
type MapsAnswer = { saved: string | null; reply: { error?: Record<string, string[]> } };

describe("roof customers with pictures", () => {
  it("stores both pictures and the tracing with the customer, outside the image library", async () => {
    const before = disk();
    const res = (await post(
      { ...customer, drawing, length: "40", width: "30" },
      {
        topImage: { bytes: await picture("png"), name: "top.png" },
        sideImage: { bytes: await picture("webp"), name: "side.webp", type: "image/webp" },
      },
    )) as Response;
    expect(res.status).toBe(302);
    const saved = getRoofCustomer(idFrom(res))!;
    // The traced 40 x 30 ft facet at 6/12 overrides the typed length and width: 1,342 sq ft of roof.
    expect(saved.area).toBe(1342);
    expect(saved.pitch).toBe(6);
    expect(saved.topImage?.originalName).toBe("top.png");
    expect(saved.sideImage?.originalName).toBe("side.webp");
    expect(saved.drawingData.top.facets[0].pitch).toBe(6);
    expect(disk().length).toBeGreaterThan(before.length);
    expect(listImages().map((i) => i.originalName)).not.toContain("top.png");
    expect(list(paths.uploads)).not.toContain(saved.topImage!.storedName);
    expect(path.relative(paths.uploads, privateUploadsDir).startsWith("..")).toBe(true);
  });

  it("replacing a picture deletes the old file; removing one deletes it too", async () => {
    const res = (await post(customer, {
      topImage: { bytes: await picture("jpeg"), name: "first.jpg", type: "image/jpeg" },
    })) as Response;
    const id = idFrom(res);
    const first = getRoofCustomer(id)!.topImage!.storedName;
    expect(disk()).toContain(first);

    await post({ ...customer, id: String(id) }, { topImage: { bytes: await picture("png"), name: "second.png" } });
    const second = getRoofCustomer(id)!.topImage!;
    expect(second.originalName).toBe("second.png");
    expect(disk()).not.toContain(first);

    await post({ ...customer, id: String(id), removeTop: "1" });
    expect(getRoofCustomer(id)!.topImage).toBeNull();
    expect(disk()).not.toContain(second.storedName);
  });

  it("refuses a GIF, a text file called .png, a PNG cut short or a page dressed as a JPEG, saving nothing", async () => {
    const before = disk();
    const count = listRoofCustomers({ limit: 1000 }).customers.length;
    for (const file of [
      { bytes: await picture("gif"), name: "roof.gif", type: "image/gif" },
      { bytes: Buffer.from("hello"), name: "roof.png" },
      { bytes: await truncatedPng(1200), name: "cut.png" },
      { bytes: await truncatedPng(300), name: "small-cut.png" },
      { bytes: jpegMagicHtml(), name: "roof.jpg", type: "image/jpeg" },
    ]) {
      const res = (await post(customer, { topImage: file })) as Refusal;
      expect(res.init.status).toBe(400);
      expect(res.data.error?.[""]).toEqual(["Please upload a valid image file (JPEG, PNG, or WebP)"]);
    }
    expect(disk()).toEqual(before);
    expect(listRoofCustomers({ limit: 1000 }).customers).toHaveLength(count);
  });

  it("refuses a picture over 10 MB", async () => {
    const before = disk();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture("png"));
    const res = (await post(customer, { topImage: { bytes: big, name: "big.png" } })) as Refusal;
    expect(res.init.status).toBe(413);
    expect(res.data.error?.[""]).toEqual(["Image size should be less than 10MB"]);
    expect(disk()).toEqual(before);
  });

  it("without street and city nothing is saved and the reason is given", async () => {
    const count = listRoofCustomers({ limit: 1000 }).customers.length;
    const res = (await post(
      { intent: "save", street: " ", city: "" },
      { topImage: { bytes: await picture("png"), name: "x.png" } },
    )) as Refusal;
    expect(res.init.status).toBe(400);
    expect(res.data.error?.street).toEqual(["Please provide at least street and city information"]);
    expect(listRoofCustomers({ limit: 1000 }).customers).toHaveLength(count);
  });

  it("refuses to save a tracing whose scale was never set, saying so, and keeps nothing", async () => {
    const count = listRoofCustomers({ limit: 1000 }).customers.length;
    const unscaled = JSON.stringify({ top: { ...JSON.parse(drawing).top, scale: 0.3, scaleSource: null } });
    const res = (await post(
      { ...customer, drawing: unscaled },
      { topImage: { bytes: await picture("png"), name: "x.png" } },
    )) as Refusal;
    expect(res.init.status).toBe(400);
    expect(res.data.error?.[""]).toEqual([
      "Scale not set: draw a scale line over something of known length, or set the scale, before saving the tracing.",
    ]);
    expect(listRoofCustomers({ limit: 1000 }).customers).toHaveLength(count);
  });

  it("typed length x width is stretched by the pitch; hostile measurements and drawings get a 4xx, never a 5xx", async () => {
    const res = (await post({ ...customer, length: "40", width: "30", pitch: "6" })) as Response;
    expect(getRoofCustomer(idFrom(res))!.area).toBe(1342);
    const calc = (await post({ ...customer, intent: "calculate", length: "40", width: "30", pitch: "6" })) as {
      init: { status: number } | null;
      data: { initialValue?: { area?: string } };
    };
    expect(calc.data.initialValue?.area).toBe("1342");
    for (const fields of <Record<string, string>[]>[
      { pitch: "6.3" },
      { pitch: "-1" },
      { length: "1e400", width: "30", pitch: "4" },
      { drawing: '{"top":{"scale":-1,"scaleSource":"line","facets":[]}}' },
      { drawing: '{"top":{"scaleSource":"typed","scale":1e309}}' },
      { drawing: "[".repeat(5000) },
    ]) {
      const out = (await post({ ...customer, ...fields })) as Response | Refusal;
      const status = out instanceof Response ? out.status : out.init.status;
      expect(status, JSON.stringify(fields)).toBeLessThan(500);
    }
  });

  it("deleting a customer deletes its pictures", async () => {
    const res = (await post(customer, { topImage: { bytes: await picture("png"), name: "gone.png" } })) as Response;
    const id = idFrom(res);
    const stored = getRoofCustomer(id)!.topImage!.storedName;
    const del = (await post({ intent: "delete-customer", id: String(id) })) as Response;
    expect(del.status).toBe(302);
    expect(getRoofCustomer(id)).toBeUndefined();
    expect(disk()).not.toContain(stored);
  });

  it("exports the spec's CSV and a PDF report", async () => {
    const res = (await post(
      { ...customer, drawing, area: "1342", pitch: "6" },
      { topImage: { bytes: await picture("png", 1600), name: "roof.png" } },
    )) as Response;
    const id = idFrom(res);
    const args = (url: string) =>
      ({
        request: new Request(url, { headers: { Cookie: cookie } }),
        params: { id: String(id) },
        context: {},
      }) as never;
    const csv = (await csvLoader(args(`http://site.test/x?view=side`))) as Response;
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="roof-measurements-side-view.csv"');
    // Response.text() would drop the byte order mark a spreadsheet needs: read the bytes.
    const side = Buffer.from(await csv.arrayBuffer()).toString("utf8");
    expect(
      side.startsWith("\uFEFFviewType,scaleFactor,pitch,customer,address,planArea,roofArea,squares,predominantPitch,"),
    ).toBe(true);
    expect(
      side
        .split("\r\n")[1]
        .startsWith('side,Scale not set,6,Nguyen,"615 S Kansas Ave, Wellington, KS 67152",1200,1342,13.42,6,'),
    ).toBe(true);
    const top = (await csvLoader(args(`http://site.test/x`))) as Response;
    const topLines = (await top.text()).split("\r\n");
    expect(topLines[1].startsWith("top,0.5,1342,,,Nguyen,")).toBe(true);
    expect(topLines).toContain("1,6,1200,1342,13.42");

    const pdf = (await pdfLoader(args("http://site.test/x"))) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // The picture is embedded (as a JPEG image XObject), not just the text.
    expect(bytes.includes(Buffer.from("/Subtype /Image"))).toBe(true);
  });

  it("the PDF says typed-in measurements were typed in, never that they were traced", async () => {
    const res = (await post({ ...customer, customerName: "Typed", length: "40", width: "30", pitch: "6" })) as Response;
    const args = {
      request: new Request("http://site.test/x", { headers: { Cookie: cookie } }),
      params: { id: String(idFrom(res)) },
      context: {},
    } as never;
    const pdf = Buffer.from(await ((await pdfLoader(args)) as Response).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain("Measurements typed in by hand are estimates; confirm on site before ordering.");
    expect(text).not.toMatch(/traced/i);
  });

  it("a customer traced before the scale was kept opens as 'Scale not set', on screen, in the CSV and in the PDF", async () => {
    // As an older version stored it: an outline on the slider's starting 0.3, an area made up from it.
    const facets = JSON.parse(drawing).top.facets;
    const legacy = { top: { scale: 0.3, facets, lines: [], pitchLine: null, map: null } };
    const id = getDb()
      .insert(roofCustomers)
      .values({ street: "9 Old Rd", city: "Derby", area: 7491, pitch: 4, drawing: legacy })
      .returning({ id: roofCustomers.id })
      .get().id;
    const page = (await loader({
      request: new Request(`http://site.test/admin/roof-measurement?customer=${id}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as { current: { drawing: { top: { scaleSource: string | null; facets: unknown[] } } } };
    expect(page.current.drawing.top).toMatchObject({ scaleSource: null, facets: [expect.anything()] });
    // Nor does the Saved Customers list show the made-up area.
    expect(listRoofCustomers({ limit: 1000 }).customers.find((c) => c.id === id)?.area).toBeNull();

    const args = (url: string) =>
      ({
        request: new Request(url, { headers: { Cookie: cookie } }),
        params: { id: String(id) },
        context: {},
      }) as never;
    const csv = Buffer.from(await ((await csvLoader(args("http://site.test/x"))) as Response).arrayBuffer()).toString(
      "utf8",
    );
    const row = csv.split("\r\n")[1];
    expect(row.startsWith("top,Scale not set,,,,Unnamed Customer,")).toBe(true);
    expect(row).toContain("Scale not set on the top view: traced areas and lengths are left out.");
    expect(csv).not.toContain("7491");

    const pdf = Buffer.from(await ((await pdfLoader(args("http://site.test/x"))) as Response).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(
      "Scale not set: the traced outlines are shown, but no area or length is worked out from them.",
    );
    expect(text).not.toMatch(/sq ft/);
  });

  it("the maps key is saved, shown only by its last 8 characters, and cleared", async () => {
    const bad = (await post({ intent: "save-maps-key", apiKey: "  " })) as { data: { maps: MapsAnswer } };
    expect(bad.data.maps).toMatchObject({
      saved: null,
      reply: { error: { apiKey: ["Please enter a valid API key"] } },
    });
    const ok = (await post({ intent: "save-maps-key", apiKey: "AIzaSyTEST-0123456789abcdefgh" })) as {
      data: { maps: MapsAnswer };
    };
    expect(ok.data.maps.saved).toBe("API key saved successfully. Refreshing to test connection...");
    // The key never goes back to the page in the answer.
    expect(JSON.stringify(ok.data)).not.toContain("AIzaSyTEST");
    const page = (await loader({
      request: new Request("http://site.test/admin/roof-measurement", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as { maps: { keyTail: string } };
    expect(page.maps.keyTail).toBe("••••••••abcdefgh");
    const cleared = (await post({ intent: "clear-maps-key" })) as { data: { maps: MapsAnswer } };
    expect(cleared.data.maps.saved).toBe("API key cleared");
    const tag = (await post({ intent: "save-publisher-tag", publisherTag: "abc123-verification" })) as {
      data: { maps: MapsAnswer };
    };
    expect(tag.data.maps.saved).toBe("Google Publisher Tag saved successfully");
    const badTag = (await post({ intent: "save-publisher-tag", publisherTag: '"><script>' })) as {
      data: { maps: MapsAnswer };
    };
    expect(badTag.data.maps).toMatchObject({
      saved: null,
      reply: { error: { publisherTag: ["Failed to save publisher tag"] } },
    });
  });

  it("stores a phone photo upright, without its EXIF, GPS or color profile", async () => {
    const photo = await phonePhoto();
    expect((await describeStored(photo)).exif).toBeDefined();
    const res = (await post(customer, {
      topImage: { bytes: photo, name: "porch.jpg", type: "image/jpeg" },
    })) as Response;
    const image = getRoofCustomer(idFrom(res))!.topImage!;
    const stored = await describeStored(fs.readFileSync(path.join(privateUploadsDir, image.storedName)));
    expect(stored).toMatchObject({
      format: "jpeg",
      width: 300,
      height: 400,
      exif: undefined,
      icc: undefined,
      orientation: undefined,
    });
    expect(image).toMatchObject({ width: 300, height: 400, contentType: "image/jpeg" });
  });
});

describe("roof pictures are served to signed-in staff only", () => {
  const get = (name: string, headers: HeadersInit = { Cookie: cookie }) =>
    imageLoader({
      request: new Request(`http://site.test/admin/roof-measurement/images/${name}`, { headers }),
      params: { name },
      context: {},
    } as never);
  const status = (fn: () => Promise<unknown>) =>
    fn().then(
      (r) => (r as Response).status,
      (e: Response) => e.status,
    );

  it("the page links the picture through the signed-in route, which answers staff and no one else", async () => {
    const res = (await post(customer, {
      topImage: { bytes: await picture("png", 1200), name: "house.png" },
    })) as Response;
    const id = idFrom(res);
    const page = (await loader({
      request: new Request(`http://site.test/admin/roof-measurement?customer=${id}`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as {
      current: { images: { top: { url: string } } };
    };
    const url = page.current.images.top.url;
    expect(url).toMatch(/^\/admin\/roof-measurement\/images\/[a-f0-9]{24}-w960\.webp$/);
    const name = url.split("/").pop()!;

    const ok = (await get(name)) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/webp");
    expect(ok.headers.get("Cache-Control")).toBe("private, no-store");
    expect(ok.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await describeStored(Buffer.from(await ok.arrayBuffer()))).width).toBe(960);

    const original = getRoofCustomer(id)!.topImage!.storedName;
    expect(((await get(original)) as Response).headers.get("Content-Type")).toBe("image/png");
    expect(await status(() => get(name, {}))).toBe(401);
    expect(await status(() => get("0123456789abcdef01234567.png"))).toBe(404);
    expect(await status(() => get("..%2Fapp.db"))).toBe(404);
    expect(await status(() => get("../app.db"))).toBe(404);
  });
});
