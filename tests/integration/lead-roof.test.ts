import { systemActor } from "~/lib/actor";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { picture } from "./test-images";
import { cleanImage } from "~/server/image-clean.server";
import { writePicture } from "~/server/image-files.server";
import { createLead, getLead, updateLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { type PhotoFile } from "~/models/lead-photo.server";
import { leadMails } from "~/services/lead-mail.server";
import { getRoofCustomer, listRoofCustomers } from "~/models/roof-customer.server";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as roofAction, loader as roofLoader } from "~/routes/admin/roof-measurement";
import { LEAD_PHOTO_GONE } from "~/services/roof-upload.server";
import { loader as pdfLoader } from "~/routes/resources/roof-report";
import { extractText, getDocumentProxy } from "unpdf";
import { readdirSync } from "node:fs";
import { leadPhotos } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { newStoredName, uploadDir, writeUpload } from "~/server/storage.server";

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const measure = (leadId: number) =>
  leadAction(
    routeArgs(
      new Request(`http://site.test/admin/leads/${leadId}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "measure" }),
        headers: { Cookie: cookie },
      }),
      { id: String(leadId) },
    ),
  );
const leadPage = (leadId: number) =>
  leadLoader(
    routeArgs(new Request(`http://site.test/admin/leads/${leadId}`, { headers: { Cookie: cookie } }), {
      id: String(leadId),
    }),
  );
const roofPage = (customerId: number) =>
  roofLoader(
    routeArgs(
      new Request(`http://site.test/admin/roof-measurement?customer=${customerId}`, { headers: { Cookie: cookie } }),
    ),
  );
const saveRoof = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return roofAction(
    routeArgs(
      new Request("http://site.test/admin/roof-measurement", { method: "POST", body, headers: { Cookie: cookie } }),
    ),
  );
};
const customerFrom = (res: Response) =>
  Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("customer"));

/** A quote request with real private photo files, as the contact form stores them. */
async function requestWithPhotos(names: string[]) {
  const photos: PhotoFile[] = [];
  for (const name of names) {
    const image = (await cleanImage(await picture("jpeg", 1200)))!;
    const storedName = await writePicture(image, "private");
    photos.push({
      storedName,
      originalName: name,
      contentType: image.info.contentType,
      width: image.info.width,
      height: image.info.height,
      bytes: image.bytes.byteLength,
    });
  }
  return createLead(
    {
      name: "Karen Miller",
      email: "karen@example.com",
      phone: "316-555-0188",
      message: "Hail last night",
      service: "Storm / hail damage",
      street: "412 N Main St",
      city: "Derby",
      zip: "67037",
    },
    photos,
  );
}

describe("measuring a lead's roof", () => {
  it("opens the roof tool on a customer made from the lead, the same one every time, linked both ways", async () => {
    const lead = await requestWithPhotos(["front.jpg", "back.jpg"]);
    expect((await leadPage(lead.id)).roof).toBeNull();
    const opened = (await measure(lead.id)) as Response;
    expect(opened.status).toBe(302);
    const customerId = customerFrom(opened);
    expect(getRoofCustomer(customerId)).toMatchObject({
      customerName: "Karen Miller",
      street: "412 N Main St",
      city: "Derby",
      state: "KS",
      zipCode: "67037",
      leadId: lead.id,
      area: null,
    });
    expect(customerFrom((await measure(lead.id)) as Response)).toBe(customerId);
    expect(listRoofCustomers({ limit: 1000 }).customers.filter((c) => c.customerName === "Karen Miller")).toHaveLength(
      1,
    );

    const tool = await roofPage(customerId);
    expect(tool.current?.lead).toMatchObject({ id: lead.id, name: "Karen Miller" });
    expect(tool.current?.lead?.photos.map((p) => p.name)).toEqual(["front.jpg", "back.jpg"]);
    // Not measured yet: the lead stays where it was and its page says so.
    expect(getLead(lead.id)?.status).toBe("new");
    expect((await leadPage(lead.id)).roof).toMatchObject({
      figures: [],
      tool: `/admin/roof-measurement?customer=${customerId}`,
    });
  });

  it("moves the lead to Measured when the measurement is saved, shows its figures, and uses a request photo as the picture", async () => {
    const lead = await requestWithPhotos(["front.jpg", "back.jpg"]);
    const customerId = customerFrom((await measure(lead.id)) as Response);
    const back = (await roofPage(customerId)).current!.lead!.photos[1];
    const saved = (await saveRoof({
      id: String(customerId),
      customerName: "Karen Miller",
      street: "412 N Main St",
      city: "Derby",
      state: "KS",
      length: "40",
      width: "30",
      pitch: "6",
      leadPhotoTop: String(back.id),
    })) as Response;
    expect(saved.status).toBe(302);
    const customer = getRoofCustomer(customerId)!;
    expect(customer.area).toBe(1342);
    expect(customer.topImage?.originalName).toBe("back.jpg");
    expect(customer.topImage?.purpose).toBe("roof");
    expect(getLead(lead.id)?.status).toBe("measured");
    expect(
      listLeadNotes(lead.id, "owner").map((n) => ({
        author: n.author,
        from: n.statusFrom,
        to: n.statusTo,
        body: n.text,
      })),
    ).toEqual([{ author: "owner@example.com", from: "new", to: "measured", body: "Roof measured" }]);
    const page = await leadPage(lead.id);
    expect(page.roof?.figures).toEqual([
      { label: "Roof area", value: "1,342 sq ft" },
      { label: "Squares", value: "13.42" },
      { label: "Pitch", value: "6/12" },
    ]);
    expect(page.roof?.pdf).toBe(`/admin/roof-measurement/${customerId}/report.pdf`);
    // The request keeps its own photos.
    expect(page.photoView.days.flatMap((d) => d.photos.map((p) => p.name)).sort()).toEqual(["back.jpg", "front.jpg"]);
  });

  it("offers the crew's job photos too, copies one as the side view, and leaves no file behind when one is not a picture", async () => {
    const lead = await requestWithPhotos(["front.jpg"]);
    const image = (await cleanImage(await picture("jpeg", 1200)))!;
    const jobPhoto = (storedName: string, caption: string) =>
      getDb()
        .insert(leadPhotos)
        .values({
          leadId: lead.id,
          storedName,
          originalName: "IMG_0042.jpg",
          contentType: "image/jpeg",
          width: 1200,
          height: 900,
          bytes: 10,
          tag: "during",
          caption,
          takenAt: new Date(),
        })
        .returning()
        .get().id;
    const pitchShot = jobPhoto(await writePicture(image, "private"), "North slope from the yard");
    // A stored file that is not a picture (damaged on disk): the copy must refuse it.
    const broken = newStoredName("jpg");
    writeUpload(broken, new TextEncoder().encode("not a picture"), "private");
    const brokenShot = jobPhoto(broken, "");
    const customerId = customerFrom((await measure(lead.id)) as Response);
    expect((await roofPage(customerId)).current!.lead!.photos.map((p) => p.about)).toEqual([
      "From the quote request",
      "During: North slope from the yard",
      "During",
    ]);
    const fields = { id: String(customerId), street: "412 N Main St", city: "Derby", area: "2000", pitch: "6" };
    const files = () => readdirSync(uploadDir("private")).length;
    const before = files();
    const refused = (await saveRoof({ ...fields, leadPhotoSide: String(brokenShot) })) as { init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(files()).toBe(before);
    expect(getRoofCustomer(customerId)?.sideImage).toBeNull();
    expect(((await saveRoof({ ...fields, leadPhotoSide: String(pitchShot) })) as Response).status).toBe(302);
    const customer = getRoofCustomer(customerId)!;
    expect(customer.sideImage).toMatchObject({ originalName: "IMG_0042.jpg", purpose: "roof" });
    // A copy: the job keeps its photo.
    expect(customer.sideImage?.storedName).not.toBe(
      getDb()
        .select()
        .from(leadPhotos)
        .all()
        .find((p) => p.id === pitchShot)?.storedName,
    );
  });

  it("leaves a lead staff already quoted as it is, and refuses another lead's photo", async () => {
    const lead = await requestWithPhotos([]);
    const other = await requestWithPhotos(["neighbor.jpg"]);
    const customerId = customerFrom((await measure(lead.id)) as Response);
    updateLead(
      lead.id,
      { status: "quoted", lostReason: null, followUpOn: null, note: null },
      systemActor("owner@example.com"),
    );
    const otherPhoto = (await roofPage(customerFrom((await measure(other.id)) as Response))).current!.lead!.photos[0];
    const fields = { id: String(customerId), street: "412 N Main St", city: "Derby", area: "2000", pitch: "6" };
    const refused = (await saveRoof({ ...fields, leadPhotoTop: String(otherPhoto.id) })) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error[""]).toEqual([LEAD_PHOTO_GONE]);
    expect(getRoofCustomer(customerId)?.area).toBeNull();
    await saveRoof(fields);
    expect(getRoofCustomer(customerId)?.area).toBe(2000);
    expect(getLead(lead.id)?.status).toBe("quoted");
  });

  it("gives a customer saved straight in the roof tool a lead of its own, which sends no mail", async () => {
    const res = (await saveRoof({
      customerName: "Walk-in Wes",
      street: "9 Oak Ave",
      city: "Mulvane",
      area: "1800",
      pitch: "5",
    })) as Response;
    const customer = getRoofCustomer(customerFrom(res))!;
    expect(customer.leadId).not.toBeNull();
    expect(getLead(customer.leadId!)).toMatchObject({
      name: "Walk-in Wes",
      email: "",
      street: "9 Oak Ave",
      city: "Mulvane",
      status: "measured",
      source: "roof_tool",
    });
    expect(getLead(customer.leadId!)?.readAt).toBeInstanceOf(Date);
    expect(leadMails([customer.leadId!]).get(customer.leadId!)).toEqual({ notification: null, autoreply: null });
    expect(listLeadNotes(customer.leadId!, "owner").map((n) => n.text)).toEqual(["Added in the roof tool"]);
  });

  it("says on the lead page when traced facets disagree with the pitch measured on the side view", async () => {
    const lead = await requestWithPhotos([]);
    const customerId = customerFrom((await measure(lead.id)) as Response);
    const square = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    // 8/12 measured on the side view; facet 1 at 8/12, facet 2 left at 4/12.
    const drawing = (second: Record<string, unknown>) =>
      JSON.stringify({
        top: {
          scale: 0.4,
          scaleSource: "line",
          facets: [
            { points: square, pitch: 8 },
            { points: square, pitch: 4, ...second },
          ],
        },
        side: { pitchLine: { a: { x: 0, y: 100 }, b: { x: 120, y: 20 } } },
      });
    const fields = { id: String(customerId), customerName: "Karen Miller", street: "412 N Main St", city: "Derby" };
    await saveRoof({ ...fields, drawing: drawing({}) });
    expect((await leadPage(lead.id)).roof?.pitchWarning).toBe(
      "The side view measured 8/12, but facet 2 is 4/12. Check the pitch in the roof tool before estimating.",
    );
    // Kept on purpose (a porch): nothing to say.
    await saveRoof({ ...fields, drawing: drawing({ ownPitch: true }) });
    expect((await leadPage(lead.id)).roof?.pitchWarning).toBeNull();
  });

  it("warns when a length × width is worked out at another pitch than the side view measured", async () => {
    const lead = await requestWithPhotos([]);
    const customerId = customerFrom((await measure(lead.id)) as Response);
    const fields = {
      id: String(customerId),
      customerName: "Karen Miller",
      street: "412 N Main St",
      city: "Derby",
      length: "40",
      width: "30",
    };
    // Nothing traced; the side view measured 8/12.
    const drawing = JSON.stringify({ side: { pitchLine: { a: { x: 0, y: 100 }, b: { x: 120, y: 20 } } } });
    await saveRoof({ ...fields, pitch: "6", drawing });
    expect((await leadPage(lead.id)).roof?.pitchWarning).toBe(
      "The side view measured 8/12, but the typed pitch is 6/12. Check the pitch in the roof tool before estimating.",
    );
    await saveRoof({ ...fields, pitch: "8", drawing });
    expect((await leadPage(lead.id)).roof?.pitchWarning).toBeNull();
  });

  it("prints a labeled scale bar on the PDF's top view, not a 1:N that assumes the picture's printed size", async () => {
    const lead = await requestWithPhotos([]);
    const customerId = customerFrom((await measure(lead.id)) as Response);
    const square = [
      { x: 100, y: 100 },
      { x: 300, y: 100 },
      { x: 300, y: 250 },
      { x: 100, y: 250 },
    ];
    const drawing = JSON.stringify({
      top: { scale: 0.2, scaleSource: "line", facets: [{ points: square, pitch: 8 }] },
      side: { pitchLine: { a: { x: 0, y: 100 }, b: { x: 120, y: 20 } } },
    });
    await saveRoof({
      id: String(customerId),
      customerName: "Karen Miller",
      street: "412 N Main St",
      city: "Derby",
      drawing,
    });
    const args = {
      request: new Request("http://site.test/x", { headers: { Cookie: cookie } }),
      params: { id: String(customerId) },
      context: {},
    } as never;
    const pdf = Buffer.from(await ((await pdfLoader(args)) as Response).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    // The top view prints 516 pt wide for 800 units at 0.2 ft each: 3.2 pt a foot, so a 20 ft bar (a third of the width at most).
    expect(text).toContain("Scale bar: 20 ft (from a scale line).");
    expect(text).toMatch(/\b20 ft\b/);
    expect(text).toMatch(/Scale\s+Bar on the top view/);
    expect(text).not.toMatch(/1:\d/);
    expect(text).not.toContain("foot of picture");
    // The side view measures a pitch and has no scale: no "Scale not set" under it.
    expect(text).toContain("Side view");
    expect(text).not.toContain("Scale not set");
  });

  it("answers an unknown lead with 404 and makes no customer", async () => {
    const before = listRoofCustomers({ limit: 1000 }).customers.length;
    const res = await measure(999999).catch((r: Response) => r);
    expect((res as Response).status).toBe(404);
    expect(listRoofCustomers({ limit: 1000 }).customers).toHaveLength(before);
  });
});
