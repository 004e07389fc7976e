import fs from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { fakeResendForApp } from "./fake-mail";
import { describeStored, jpegMagicHtml, phonePhoto, picture } from "./test-images";

const fake = await fakeResendForApp({ SITE_URL: "https://roofs.example.com", CONTACT_RATE_LIMIT: "100" });

const { startApp } = await import("./started-app");
const { privateUploadsDir } = await import("~/server/storage.server");
const { paths } = await import("~/server/env.server");
const { getDb } = await import("~/server/db.server");
const { leads } = await import("~/db/schema");
const { listAllLeads } = await import("~/models/lead.server");
const { listPhotos } = await import("~/models/lead-photo.server");
const { upsertUser } = await import("~/models/user.server");
const { startSession } = await import("~/services/auth.server");
const contact = await import("~/routes/contact");
const send = await import("~/routes/resources/contact-send");
const photoRoute = await import("~/routes/resources/private-image");
const csv = await import("~/routes/resources/leads-csv");

type Upload = { bytes: Uint8Array | Buffer | string; name: string; type?: string };
const fields = {
  name: "Rosa Diaz",
  email: "rosa@example.com",
  phone: "316-555-0199",
  message: "Hail dented the north side.",
};
const quote = {
  ...fields,
  service: "Storm / hail damage",
  street: "418 N Main St",
  city: "Derby",
  zip: "67037",
  preferredContact: "text",
};
/** A form that comes back: neither an email nor a phone to reach the visitor by. */
const noWayToReach = { email: "", phone: "" };
const REACH = "Please enter an email address or a phone number, so we can get back to you";

function multipart(url: string, values: Record<string, string | string[]>, files: Upload[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) body.append(k, one);
  for (const f of files)
    body.append(
      "photos",
      new File([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)], f.name, {
        type: f.type ?? "image/jpeg",
      }),
    );
  return new Request(url, { method: "POST", body });
}
const args = (request: Request, params: Record<string, string> = {}, ip = "203.0.113.9") =>
  ({ request, params, context: requestContext(ip) }) as never;

/** The form posted without scripts: /contact renders the answer (here, its data). */
type Answer = {
  status: string;
  message: string;
  note?: string;
  values?: Record<string, string>;
  fields?: Record<string, string>;
  attached?: { token: string; name: string }[];
};
type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, string> | null };
type Sent = Omit<Answer, "values" | "fields"> & { reply?: Reply };

/**
 * An answer as a visitor reads it: a refusal's conform reply flattened into its one
 * message (the form-level error), each field's first problem, and what was typed.
 */
function readAnswer(sent: Sent): Answer {
  if (!sent.reply) return sent;
  const { reply, ...rest } = sent;
  const errors = Object.entries(reply.error ?? {}).filter(([name, e]) => name !== "" && e?.length);
  return {
    ...rest,
    message: reply.error?.[""]?.[0] ?? "",
    values: reply.initialValue ?? {},
    ...(errors.length ? { fields: Object.fromEntries(errors.map(([name, e]) => [name, e![0]])) } : {}),
  };
}
async function postForm(values: Record<string, string | string[]>, files: Upload[] = [], ip?: string) {
  const answer = (await contact.action(
    args(multipart("http://site.test/contact", values, files), {}, ip),
  )) as unknown as { data: Sent; init: { status: number } | null };
  return { http: answer.init?.status ?? 200, ...readAnswer(answer.data) };
}
/** The form as the page's script sends it: JSON from /contact/send. */
async function postScript(values: Record<string, string | string[]>, files: Upload[] = []) {
  const response = (await send.action(args(multipart("http://site.test/contact/send", values, files)))) as Response;
  return { http: response.status, ...readAnswer((await response.json()) as Sent) };
}

// The photos of leads: files of the private folder (kept photos of refused forms wait in a folder of their own).
const privateFiles = () =>
  fs.existsSync(privateUploadsDir)
    ? fs
        .readdirSync(privateUploadsDir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort()
    : [];
const publicFiles = () =>
  fs.existsSync(paths.uploads)
    ? fs
        .readdirSync(paths.uploads)
        .filter((f) => !f.startsWith("."))
        .sort()
    : [];
const rows = () => getDb().select().from(leads).all().length;
let cookie = "";

beforeAll(async () => {
  await startApp();
  const { user } = await upsertUser("owner@example.com", "owner-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

describe("a quote request with photos", () => {
  it("is stored with its photos, private and cleaned, and the owner's mail lists what the visitor said", async () => {
    const before = publicFiles();
    const answer = await postForm(quote, [
      { bytes: await phonePhoto(), name: "north-slope.jpg" },
      { bytes: await picture("png", 1200), name: "gutter.png", type: "image/png" },
    ]);
    expect(answer).toMatchObject({ http: 200, message: "Your message has been sent! We'll get back to you soon." });
    expect(answer.note).toBeUndefined();

    const message = listAllLeads()[0];
    expect(message).toMatchObject({
      service: "Storm / hail damage",
      street: "418 N Main St",
      city: "Derby",
      zip: "67037",
      preferredContact: "text",
    });
    const photos = listPhotos(message.id);
    expect(photos.map((p) => p.originalName)).toEqual(["north-slope.jpg", "gutter.png"]);
    // Nothing reached the public folder; each photo (and its smaller copies) is in the private one.
    expect(publicFiles()).toEqual(before);
    for (const p of photos) expect(privateFiles()).toContain(p.storedName);

    // The phone photo lost its GPS and camera data and stands upright (pixels 400 x 300, orientation 6).
    const stored = await describeStored(fs.readFileSync(`${privateUploadsDir}/${photos[0].storedName}`));
    expect(stored).toMatchObject({ format: "jpeg", width: 300, height: 400, exif: undefined, orientation: undefined });
    expect(photos[0]).toMatchObject({ width: 300, height: 400 });

    await vi.waitFor(() => expect(fake.sent).toHaveLength(2));
    const notification = fake.sent.find((m) => m.reply_to === "rosa@example.com")!;
    expect(notification.text).toContain("Work:  Storm / hail damage");
    expect(notification.text).toContain("Address: 418 N Main St, Derby, KS 67037");
    expect(notification.text).toContain("Best way to reach: Text");
    expect(notification.text).toContain("Photos: 2");
    expect(notification.text).toContain(`https://roofs.example.com/admin/leads/${message.id}`);
    // The visitor's autoresponder never carries a link into the admin.
    const autoreply = fake.sent.find((m) => m !== notification)!;
    expect(autoreply.text).not.toContain("/admin");
  });

  it("serves its photos to signed-in staff only", async () => {
    const [photo] = listPhotos(listAllLeads()[0].id);
    const url = `http://site.test/admin/leads/photos/${photo.storedName}`;
    const anonymous = await photoRoute
      .loader(args(new Request(url), { name: photo.storedName }))
      .catch((r: Response) => r);
    expect((anonymous as Response).status).toBe(401);
    const staff = (await photoRoute.loader(
      args(new Request(url, { headers: { Cookie: cookie } }), { name: photo.storedName }),
    )) as Response;
    expect(staff.status).toBe(200);
    expect(staff.headers.get("Content-Type")).toBe("image/jpeg");
    expect(staff.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keeps its photo files when start-up housekeeping sweeps files nobody owns", async () => {
    const { tidyUploads } = await import("~/services/upload-housekeeping.server");
    const owned = listPhotos(listAllLeads()[0].id).map((p) => p.storedName);
    const stray = `${privateUploadsDir}/0123456789abcdef01234567.jpg`;
    fs.writeFileSync(stray, "left by a crash");
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    for (const name of [...privateFiles()]) fs.utimesSync(`${privateUploadsDir}/${name}`, old, old);
    await tidyUploads(() => {});
    expect(fs.existsSync(stray)).toBe(false);
    for (const name of owned) expect(privateFiles()).toContain(name);
  });

  it("lists the new fields in the CSV, after the columns it always had", async () => {
    const response = (await csv.loader(
      args(new Request("http://site.test/admin/leads/export.csv", { headers: { Cookie: cookie } })),
    )) as Response;
    const [header, first] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "received,name,email,phone,message,notification,autoresponder,read,archived,service,street,city,zip,preferred contact,photos,status,follow up on,lost reason,invoiced,paid,owed,job value",
    );
    expect(first).toContain("Storm / hail damage,418 N Main St,Derby,67037,Text,2,New,,");
  });

  it("still takes a request from outside the towns we serve, and says so kindly", async () => {
    const answer = await postScript({ ...fields, city: "Topeka", zip: "66603" });
    expect(answer).toMatchObject({ http: 200, message: "Your message has been sent! We'll get back to you soon." });
    expect(answer.note).toMatch(/We mostly work around Wichita/);
    expect(listAllLeads()[0]).toMatchObject({ city: "Topeka", zip: "66603" });
  });

  it("works as before for a plain urlencoded form without the new fields", async () => {
    const response = (await contact.action(
      args(
        new Request("http://site.test/contact", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    )) as unknown as { data: { status: string } };
    expect(response.data.status).toBe("success");
    expect(listAllLeads()[0]).toMatchObject({ name: "Rosa Diaz", service: null, street: null, preferredContact: null });
  });
});

describe("a refused photo", () => {
  it("names the file and why, keeps every field typed, and leaves no row and no file", async () => {
    const [before, filesBefore] = [rows(), privateFiles()];
    const answer = await postForm(quote, [
      { bytes: await picture("jpeg"), name: "good.jpg" },
      { bytes: "these are my notes, not a photo", name: "roof.jpg" },
    ]);
    expect(answer).toMatchObject({
      http: 400,
      message: "roof.jpg: Please upload a valid image file (JPEG, PNG, or WebP)",
    });
    // Without scripts the good photo is kept for the corrected form (and is no lead's photo).
    expect(answer.attached?.map((p) => p.name)).toEqual(["good.jpg"]);
    expect(answer.values).toMatchObject({
      name: "Rosa Diaz",
      email: "rosa@example.com",
      message: "Hail dented the north side.",
      service: "Storm / hail damage",
      street: "418 N Main St",
      city: "Derby",
      zip: "67037",
      preferredContact: "text",
    });
    expect(rows()).toBe(before);
    expect(privateFiles()).toEqual(filesBefore);
  });

  it("refuses a page dressed as a JPEG, a photo over 10 MB and a sixth photo, the same way through the script's door", async () => {
    const before = rows();
    expect(await postScript(fields, [{ bytes: jpegMagicHtml(), name: "evil.jpg" }])).toMatchObject({
      http: 400,
      message: "evil.jpg: Please upload a valid image file (JPEG, PNG, or WebP)",
    });
    expect(await postScript(fields, [{ bytes: Buffer.alloc(10 * 1024 * 1024 + 1), name: "huge.jpg" }])).toMatchObject({
      http: 400,
      message: "huge.jpg: Image size should be less than 10MB",
      values: { message: "Hail dented the north side." },
    });
    const small = await picture("png", 64);
    const six = Array.from({ length: 6 }, (_, i) => ({ bytes: small, name: `p${i}.png`, type: "image/png" }));
    expect(await postScript(fields, six)).toMatchObject({ http: 400, message: "Please choose up to 5 photos." });
    expect(rows()).toBe(before);
  });

  it("leaves no files behind when the database refuses the row", async () => {
    const filesBefore = privateFiles();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const db = getDb().$client;
    db.exec("create trigger refuse_leads before insert on leads begin select raise(abort, 'disk full'); end");
    try {
      const answer = await postForm(quote, [{ bytes: await picture("jpeg"), name: "good.jpg" }]);
      expect(answer).toMatchObject({ http: 500, message: "Failed to send message" });
    } finally {
      db.exec("drop trigger refuse_leads");
      errors.mockRestore();
    }
    expect(privateFiles()).toEqual(filesBefore);
  });
});

describe("a form sent back without scripts", () => {
  const attachedDir = () => `${privateUploadsDir}/attached`;
  const keptFiles = () => (fs.existsSync(attachedDir()) ? fs.readdirSync(attachedDir()).sort() : []);

  it("marks each field, names the missing ones, and keeps the photos privately, named by a secret token", async () => {
    const [before, leadFiles, keptBefore] = [rows(), privateFiles(), keptFiles()];
    const answer = await postForm({ ...quote, name: "", ...noWayToReach }, [
      { bytes: await phonePhoto(), name: "north-slope.jpg" },
      { bytes: await picture("png", 800), name: "gutter.png", type: "image/png" },
    ]);
    expect(answer).toMatchObject({
      http: 400,
      message: "Please fill in all required fields: Name",
      fields: { name: "Please fill in all required fields", email: REACH },
    });
    expect(answer.attached?.map((p) => p.name)).toEqual(["north-slope.jpg", "gutter.png"]);
    for (const p of answer.attached!) expect(p.token).toMatch(/^[\w-]{43}$/);
    expect(rows()).toBe(before);
    expect(privateFiles()).toEqual(leadFiles);
    // Under the token's hash, not the token: a listing of the folder names no form's photos.
    const kept = keptFiles().filter((n) => !keptBefore.includes(n));
    expect(kept).toHaveLength(2);
    for (const p of answer.attached!) expect(kept).not.toContain(p.token);
    // Cleaned when kept: no GPS or camera data waits on the disk either.
    for (const name of kept)
      expect((await describeStored(fs.readFileSync(`${attachedDir()}/${name}`))).exif).toBeUndefined();
  });

  it("sends the kept photos with the corrected form, less one taken off, and removes them from the waiting folder", async () => {
    const refused = await postForm({ ...quote, ...noWayToReach }, [
      { bytes: await picture("jpeg", 640), name: "front.jpg" },
      { bytes: await picture("jpeg", 500), name: "back.jpg" },
    ]);
    const [front, back] = refused.attached!;
    const keptBefore = keptFiles().length;
    const answer = await postForm(
      {
        ...quote,
        name: "Kept Photos",
        attachedPhotos: [`${front.token} ${front.name}`, `${back.token} ${back.name}`],
        removeAttachedPhotos: back.token,
      },
      [{ bytes: await picture("png", 300), name: "new.png", type: "image/png" }],
    );
    expect(answer).toMatchObject({ http: 200, status: "success" });
    const lead = listAllLeads()[0];
    expect(lead.name).toBe("Kept Photos");
    expect(listPhotos(lead.id).map((p) => p.originalName)).toEqual(["front.jpg", "new.png"]);
    for (const p of listPhotos(lead.id)) expect(privateFiles()).toContain(p.storedName);
    expect(keptFiles()).toHaveLength(keptBefore - 2);
  });

  it("takes no photo by a token it did not hand out, and keeps nothing for the script's form", async () => {
    const stranger = "A".repeat(43);
    const before = rows();
    const answer = await postForm({
      ...quote,
      name: "No Theft",
      attachedPhotos: [`${stranger} someone-else.jpg`, "../../app.db x"],
    });
    // Named as photos that could not be kept (nothing tells a forged token from a stale one); nothing read or stored.
    expect(answer).toMatchObject({
      http: 400,
      message: "Your attached photos could not be kept; please choose them again: someone-else.jpg, x",
    });
    expect(answer.attached).toBeUndefined();
    expect(rows()).toBe(before);

    const keptBefore = keptFiles().length;
    const script = await postScript({ ...quote, ...noWayToReach }, [
      { bytes: await picture("jpeg"), name: "still-in-the-browser.jpg" },
    ]);
    expect(script).toMatchObject({ http: 400, fields: { email: REACH } });
    expect(script.attached).toBeUndefined();
    expect(keptFiles()).toHaveLength(keptBefore);
  });

  it("sweeps kept photos once they are older than a form's life, at start-up too, and no longer sends them", async () => {
    const { sweepAttachedPhotos } = await import("~/server/attached-photo-files.server");
    const { tidyUploads } = await import("~/services/upload-housekeeping.server");
    const old = await postForm({ ...quote, ...noWayToReach }, [{ bytes: await picture("jpeg"), name: "old.jpg" }]);
    const before = keptFiles();
    await postForm({ ...quote, ...noWayToReach }, [{ bytes: await picture("jpeg"), name: "fresh.jpg" }]);
    const [freshFile] = keptFiles().filter((n) => !before.includes(n));
    // Everything kept so far is made a day and an hour old, except the fresh photo's file.
    const dayOld = new Date(Date.now() - 25 * 60 * 60_000);
    for (const name of before) fs.utimesSync(`${attachedDir()}/${name}`, dayOld, dayOld);

    // Too old to send: the corrected form comes back naming it, never sent without it.
    const late = await postForm({ ...quote, name: "Too Late", attachedPhotos: `${old.attached![0].token} old.jpg` });
    expect(late).toMatchObject({
      http: 400,
      message: "Your attached photo could not be kept; please choose it again: old.jpg",
      values: { name: "Too Late" },
    });
    expect(listAllLeads()[0].name).not.toBe("Too Late");

    await tidyUploads(() => {});
    expect(keptFiles()).toEqual([freshFile]);
    expect(sweepAttachedPhotos(Date.now() + 25 * 60 * 60_000)).toBe(1);
    expect(keptFiles()).toEqual([]);
  });
});

describe("a kept photo that can no longer be sent", () => {
  const attachedDir = () => `${privateUploadsDir}/attached`;
  const keptFiles = () => (fs.existsSync(attachedDir()) ? fs.readdirSync(attachedDir()).sort() : []);
  /** A refused form's photos, kept: their tokens, and each one's file in the waiting folder. */
  async function keepTwo() {
    const before = keptFiles();
    const refused = await postForm({ ...quote, ...noWayToReach }, [
      { bytes: await picture("jpeg", 640), name: "front.jpg" },
      { bytes: await picture("jpeg", 500), name: "back.jpg" },
    ]);
    const files = keptFiles().filter((n) => !before.includes(n));
    const { createHash } = await import("node:crypto");
    const fileOf = (token: string) =>
      `${attachedDir()}/${files.find((n) => n === createHash("sha256").update(token).digest("base64url"))}`;
    return { photos: refused.attached!, fileOf };
  }
  const named = (photos: { token: string; name: string }[]) => photos.map((p) => `${p.token} ${p.name}`);

  it("is named, and the form comes back with everything else instead of a lead without it", async () => {
    const { photos, fileOf } = await keepTwo();
    // The front photo's file no longer decodes (a disk fault, a half-written file).
    fs.writeFileSync(fileOf(photos[0].token), "not a picture any more");
    const [before, leadFiles] = [rows(), privateFiles()];
    const answer = await postForm({ ...quote, name: "Broken Kept", attachedPhotos: named(photos) });
    expect(answer).toMatchObject({
      http: 400,
      message: "Your attached photo could not be kept; please choose it again: front.jpg",
      fields: { photos: "Your attached photo could not be kept; please choose it again: front.jpg" },
      values: { name: "Broken Kept", email: "rosa@example.com", street: "418 N Main St" },
    });
    // Only the bad one is gone: the back photo is still attached, and no lead was stored.
    expect(answer.attached?.map((p) => p.name)).toEqual(["back.jpg"]);
    expect(rows()).toBe(before);
    expect(privateFiles()).toEqual(leadFiles);

    // Sent again with the front photo chosen anew: both go with the lead.
    const again = await postForm({ ...quote, name: "Broken Kept", attachedPhotos: named(answer.attached!) }, [
      { bytes: await picture("jpeg", 640), name: "front.jpg" },
    ]);
    expect(again).toMatchObject({ http: 200, status: "success" });
    expect(listPhotos(listAllLeads()[0].id).map((p) => p.originalName)).toEqual(["back.jpg", "front.jpg"]);
  });

  it("is named when it expired between two posts, and so is one gone while the form was still wrong", async () => {
    const { photos, fileOf } = await keepTwo();
    const dayOld = new Date(Date.now() - 25 * 60 * 60_000);
    fs.utimesSync(fileOf(photos[1].token), dayOld, dayOld);
    // Still no way to reach: the message says so, and the photo field says which photo to choose again.
    const answer = await postForm({ ...quote, ...noWayToReach, attachedPhotos: named(photos) });
    expect(answer).toMatchObject({
      http: 400,
      message: REACH,
      fields: { email: REACH, photos: "Your attached photo could not be kept; please choose it again: back.jpg" },
    });
    expect(answer.attached?.map((p) => p.name)).toEqual(["front.jpg"]);
  });

  it("is named when the address's limit refuses to keep the photos of a refused form", async () => {
    const { sqliteLimiter } = await import("~/server/rate-limit.server");
    const ip = "198.51.100.7";
    const limiter = sqliteLimiter("contact-ip", 100, 10 * 60);
    for (let i = 0; i < 100; i++) await limiter.hit(ip);
    const keptBefore = keptFiles();
    const answer = await postForm(
      { ...quote, ...noWayToReach },
      [
        { bytes: await picture("jpeg"), name: "north-slope.jpg" },
        { bytes: await picture("png", 300), name: "gutter.png", type: "image/png" },
      ],
      ip,
    );
    expect(answer).toMatchObject({
      http: 400,
      message: REACH,
      fields: {
        photos: "Your attached photos could not be kept; please choose them again: north-slope.jpg, gutter.png",
      },
    });
    expect(answer.attached).toBeUndefined();
    expect(keptFiles()).toEqual(keptBefore);
  });
});

describe("hostile bodies", () => {
  it("answers a body that is not a form, or is cut off, with a 4xx and a message", async () => {
    const json = await send
      .action(
        args(
          new Request("http://site.test/contact/send", {
            method: "POST",
            body: "{}",
            headers: { "Content-Type": "application/json" },
          }),
        ),
      )
      .catch((r: Response) => r);
    expect((json as Response).status).toBe(415);
    const cut = await send
      .action(
        args(
          new Request("http://site.test/contact/send", {
            method: "POST",
            body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--xy',
            headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
          }),
        ),
      )
      .catch((r: Response) => r);
    expect((cut as Response).status).toBe(400);
    expect(await (cut as Response).text()).toBe("The form could not be read. Please reload the page and try again.");
  });

  it("refuses a text field far beyond what a person types (413), storing nothing", async () => {
    const before = rows();
    const huge = await send
      .action(args(multipart("http://site.test/contact/send", { ...fields, message: "x".repeat(200_000) })))
      .catch((r: Response) => r);
    expect((huge as Response).status).toBe(413);
    expect(rows()).toBe(before);
  });
});
