import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { E2E_DIR } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { photo } from "./quote";

// The homeowner's job page through the real Express app (server/app.ts in the built
// server), where the route's headers meet the site-wide ones and the body caps apply:
// exactly one Referrer-Policy, five photos in one upload stored, six refused in the page's
// words, a body over the cap refused with a 4xx before it is read (decision 0072).

/** A won lead with a job page link of its own, straight in the e2e database: the link's token. */
function jobPageLink(name: string): { leadId: number; token: string } {
  const token = randomBytes(32).toString("base64url");
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const leadId = db
      .prepare(
        "insert into leads (name, email, message, street, city, zip, status, created_at) values (?, ?, 'New roof', '412 N Main St', 'Derby', '67037', 'won', ?) returning id",
      )
      .pluck()
      .get(name, `${name.split(" ")[0].toLowerCase()}@example.com`, Date.now()) as number;
    db.prepare("insert into job_links (lead_id, token_hash, created_at) values (?, ?, ?)").run(
      leadId,
      createHash("sha256").update(token).digest("base64url"),
      Date.now(),
    );
    return { leadId, token };
  } finally {
    db.close();
  }
}

function storedPhotos(leadId: number): string[] {
  const db = new Database(`${E2E_DIR}/app.db`, { readonly: true });
  try {
    return db
      .prepare("select original_name from lead_photos where lead_id = ? order by id")
      .pluck()
      .all(leadId) as string[];
  } finally {
    db.close();
  }
}

const COLORS = ["#b03a2e", "#1f618d", "#117a65", "#b7950b", "#6c3483", "#283747"];

test("the job page sends one Referrer-Policy, its own @once", async ({ request }, info) => {
  const { token } = jobPageLink(`Rhea Header ${info.project.name}-${Date.now()}`);
  const page = await request.get(`/job/${token}`);
  expect(page.status()).toBe(200);
  const policies = page.headersArray().filter((h) => h.name.toLowerCase() === "referrer-policy");
  expect(policies.map((h) => h.value)).toEqual(["same-origin"]);
  // The other site-wide headers are still there, once.
  expect(page.headersArray().filter((h) => h.name.toLowerCase() === "x-content-type-options")).toHaveLength(1);
  // A page without its own keeps the site-wide one.
  const contact = await request.get("/contact");
  expect(
    contact
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "referrer-policy")
      .map((h) => h.value),
  ).toEqual(["strict-origin-when-cross-origin"]);
});

test("five photos in one upload are stored; six are refused in the page's words; an oversized body is a 4xx @once", async ({
  request,
  baseURL,
}, info) => {
  test.setTimeout(60_000);
  const { leadId, token } = jobPageLink(`Ivo Photos ${info.project.name}-${Date.now()}`);
  const photos = await Promise.all(
    COLORS.map((color, i) => photo(`roof-${i + 1}.${i % 2 ? "png" : "jpg"}`, color, i % 2 ? "png" : "jpeg")),
  );

  const six = await request.post(`/job/${token}`, { maxRedirects: 0, ...multipart(photos) });
  expect(six.status()).toBe(400);
  expect(await six.text()).toContain("Please choose up to 5 photos at a time.");
  expect(storedPhotos(leadId)).toEqual([]);

  const five = await request.post(`/job/${token}`, { maxRedirects: 0, ...multipart(photos.slice(0, 5)) });
  expect(five.status()).toBe(303);
  expect(five.headers().location).toBe(`/job/${token}?photos=5`);
  expect(storedPhotos(leadId)).toEqual(["roof-1.jpg", "roof-2.png", "roof-3.jpg", "roof-4.png", "roof-5.jpg"]);

  // A photo over 10 MB among them: refused by name, nothing more stored.
  const huge = { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) };
  const tooBig = await request.post(`/job/${token}`, { maxRedirects: 0, ...multipart([photos[0], huge]) });
  expect(tooBig.status()).toBe(400);
  expect(await tooBig.text()).toContain("huge.jpg:");
  expect(storedPhotos(leadId)).toHaveLength(5);

  // A body declared past the cap (five photos of 10 MB and the form) is refused unread.
  expect(await declaredPost(`${baseURL}/job/${token}`, 60 * 1024 * 1024)).toBe(413);
  expect(storedPhotos(leadId)).toHaveLength(5);
});

/** Playwright's multipart body with every photo under the one field name, as the page's input sends them. */
function multipart(files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append("photos", new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  return { multipart: form };
}

/** The status of a multipart POST that declares `length` bytes and sends only its first few. */
function declaredPost(url: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(length) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on("error", reject);
    req.write("--x\r\n");
  });
}
