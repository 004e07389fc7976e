import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/lib/auth.server";
import { paths } from "~/lib/env.server";
import { emptyView } from "~/lib/roof-drawing";
import { prepareApp } from "~/lib/startup.server";
import { listImages } from "~/models/image.server";
import { getRoofCustomer, listRoofCustomers } from "~/models/roof-customer.server";
import { upsertUser } from "~/models/user.server";
import { action } from "~/routes/admin/roof-measurement";
import { loader as csvLoader } from "~/routes/resources/roof-csv";
import { loader as pdfLoader } from "~/routes/resources/roof-report";

let cookie = "";
const picture = (format: "png" | "jpeg" | "webp" | "gif", width = 800) => {
  const blank = sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: "#775" } });
  return blank.toFormat(format).toBuffer();
};
const disk = () => (fs.existsSync(paths.uploads) ? fs.readdirSync(paths.uploads).sort() : []);
type Args = Parameters<typeof action>[0];

beforeAll(async () => {
  await prepareApp(() => {});
  const { user } = await upsertUser("staff@example.com", "staff-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

async function post(fields: Record<string, string>, files: Record<string, { bytes: Uint8Array | Buffer; name: string; type?: string }> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const [k, f] of Object.entries(files)) body.set(k, new File([new Uint8Array(f.bytes)], f.name, { type: f.type ?? "image/png" }));
  const request = new Request("http://site.test/admin/roof-measurement", { method: "POST", body, headers: { Cookie: cookie } });
  return action({ request, params: {}, context: { clientAddress: "127.0.0.1" } } as Args);
}

const customer = { intent: "save", customerName: "Nguyen", street: "615 S Kansas Ave", city: "Wellington", state: "KS", zipCode: "67152" };
const drawing = JSON.stringify({
  top: {
    ...emptyView(),
    scale: 0.5,
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
const idFrom = (res: Response) => Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("customer"));
type Refusal = { data: { error?: Record<string, string[]> }; init: { status: number } };

describe("roof customers with pictures", () => {
  it("stores both pictures and the tracing with the customer, outside the image library", async () => {
    const before = disk();
    const res = (await post(
      { ...customer, drawing, length: "40", width: "30" },
      { topImage: { bytes: await picture("png"), name: "top.png" }, sideImage: { bytes: await picture("webp"), name: "side.webp", type: "image/webp" } },
    )) as Response;
    expect(res.status).toBe(302);
    const saved = getRoofCustomer(idFrom(res))!;
    expect(saved.area).toBe(1200);
    expect(saved.topImage?.originalName).toBe("top.png");
    expect(saved.sideImage?.originalName).toBe("side.webp");
    expect(saved.drawingData.top.facets[0].pitch).toBe(6);
    expect(disk().length).toBeGreaterThan(before.length);
    expect(listImages().map((i) => i.originalName)).not.toContain("top.png");
  });

  it("replacing a picture deletes the old file; removing one deletes it too", async () => {
    const res = (await post(customer, { topImage: { bytes: await picture("jpeg"), name: "first.jpg", type: "image/jpeg" } })) as Response;
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

  it("refuses a GIF or a text file called .png, saving nothing", async () => {
    const before = disk();
    const count = listRoofCustomers().length;
    for (const file of [
      { bytes: await picture("gif"), name: "roof.gif", type: "image/gif" },
      { bytes: Buffer.from("hello"), name: "roof.png" },
    ]) {
      const res = (await post(customer, { topImage: file })) as Refusal;
      expect(res.init.status).toBe(400);
      expect(res.data.error?.[""]).toEqual(["Please upload a valid image file (JPEG, PNG, or WebP)"]);
    }
    expect(disk()).toEqual(before);
    expect(listRoofCustomers()).toHaveLength(count);
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
    const count = listRoofCustomers().length;
    const res = (await post({ intent: "save", street: " ", city: "" }, { topImage: { bytes: await picture("png"), name: "x.png" } })) as Refusal;
    expect(res.init.status).toBe(400);
    expect(res.data.error?.street).toEqual(["Please provide at least street and city information"]);
    expect(listRoofCustomers()).toHaveLength(count);
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
    const args = (url: string) => ({ request: new Request(url, { headers: { Cookie: cookie } }), params: { id: String(id) }, context: {} }) as never;
    const csv = (await csvLoader(args(`http://site.test/x?view=side`))) as Response;
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="roof-measurements-side-view.csv"');
    expect(await csv.text()).toBe("viewType,scaleFactor,pitch\r\nside,0.3,6\r\n");
    const top = (await csvLoader(args(`http://site.test/x`))) as Response;
    expect(await top.text()).toBe("viewType,scaleFactor,area,length,width\r\ntop,0.5,1342,,\r\n");

    const pdf = (await pdfLoader(args("http://site.test/x"))) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // The picture is embedded (as a JPEG image XObject), not just the text.
    expect(bytes.includes(Buffer.from("/Subtype /Image"))).toBe(true);
  });

  it("the maps key is saved, shown only by its last 8 characters, and cleared", async () => {
    const bad = (await post({ intent: "save-maps-key", apiKey: "  " })) as { data: { maps: { ok: boolean; message: string } } };
    expect(bad.data.maps).toMatchObject({ ok: false, message: "Please enter a valid API key" });
    const ok = (await post({ intent: "save-maps-key", apiKey: "AIzaSyTEST-0123456789abcdefgh" })) as { data: { maps: { message: string } } };
    expect(ok.data.maps.message).toBe("API key saved successfully. Refreshing to test connection...");
    const { loader } = await import("~/routes/admin/roof-measurement");
    const page = (await loader({
      request: new Request("http://site.test/admin/roof-measurement", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as { maps: { keyTail: string } };
    expect(page.maps.keyTail).toBe("••••••••abcdefgh");
    const cleared = (await post({ intent: "clear-maps-key" })) as { data: { maps: { message: string } } };
    expect(cleared.data.maps.message).toBe("API key cleared");
    const tag = (await post({ intent: "save-publisher-tag", publisherTag: "abc123-verification" })) as { data: { maps: { message: string } } };
    expect(tag.data.maps.message).toBe("Google Publisher Tag saved successfully");
  });
});
