import fs from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leadPhotos, leads } from "~/db/schema";
import type { Role } from "~/lib/roles";
import { createLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { listPhotos } from "~/models/lead-photo.server";
import { jobPageLinkUrl } from "~/services/job-page-link.server";
import { jobPageView } from "~/services/job-page.server";
import { getDb } from "~/server/db.server";
import { privateUploadsDir } from "~/server/storage.server";
import { action, loader } from "~/routes/admin/lead-job-photos";
import { loader as leadLoader } from "~/routes/admin/lead";
import { middleware } from "~/routes/admin/layout";
import { loader as jobPhoto } from "~/routes/resources/job-page-photo";
import { routeArgs, signInTeam } from "./admin-session";
import { describeStored, jpegMagicHtml, phonePhoto, picture } from "./test-images";

// The team's photos of a job: added from the lead page or a phone's queue (JSON answers, a
// key per photo so a retried send stores it once), shown on the lead page, shared by the
// office on the homeowner's job page.

const team: Record<string, { id: number; cookie: string }> = {};
beforeAll(async () => {
  const people: [string, Role, string][] = [
    ["owner", "owner", "Pat Owner"],
    ["office", "office", "Olive Office"],
    ["crew", "crew", "Kim Crew"],
    ["crew2", "crew", "Sam Crew"],
  ];
  Object.assign(team, await signInTeam(people));
});

/** A lead looked after by `who` (the crew sees only their own and the free ones). */
function leadOf(who: string): number {
  const id = createLead({
    name: `Job of ${who}`,
    email: `${who}-job@example.com`,
    phone: null,
    message: "New roof",
  }).id;
  getDb().update(leads).set({ assigneeId: team[who].id }).where(eq(leads.id, id)).run();
  return id;
}

type Upload = { bytes: Uint8Array | Buffer | string; name: string; type?: string };
type Answer = { status: number; json: Record<string, unknown> | null; location: string | null };

async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (!(value instanceof Response)) throw new Error(`not a Response: ${JSON.stringify(value)}`);
  const json = /json/.test(value.headers.get("Content-Type") ?? "")
    ? ((await value.json()) as Record<string, unknown>)
    : null;
  return { status: value.status, json, location: value.headers.get("Location") };
}

function post(
  who: string | null,
  leadId: number,
  { files = [], fields = {}, json = true }: { files?: Upload[]; fields?: Record<string, string>; json?: boolean },
): Promise<Answer> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const f of files)
    body.append(
      "photo",
      new File([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)], f.name, {
        type: f.type ?? "image/jpeg",
      }),
    );
  const headers = new Headers();
  if (who) headers.set("Cookie", team[who].cookie);
  if (json) headers.set("Accept", "application/json");
  const request = new Request(`http://site.test/admin/leads/${leadId}/photos`, { method: "POST", headers, body });
  return answerOf(() => action(routeArgs(request, { id: String(leadId) })));
}

const privateFiles = () => (fs.existsSync(privateUploadsDir) ? fs.readdirSync(privateUploadsDir).sort() : []);

describe("adding photos", () => {
  it("stores the crew's photos on a lead they see, cleaned and private, with one history entry", async () => {
    const id = leadOf("crew");
    const takenAt = Date.now() - 2 * 60 * 60 * 1000;
    const answer = await post("crew", id, {
      files: [
        { bytes: await phonePhoto(), name: "ridge.jpg" },
        { bytes: await picture("png", 300), name: "valley.png", type: "image/png" },
      ],
      fields: { tag: "before", caption: "  Old shingles curling  ", takenAt: String(takenAt), key: "q1" },
    });
    expect(answer).toMatchObject({ status: 200, json: { ok: true, added: 2 } });
    const photos = listPhotos(id);
    expect(photos.map((p) => [p.originalName, p.tag, p.caption, p.takenBy, p.clientKey, p.sharedAt])).toEqual([
      ["ridge.jpg", "before", "Old shingles curling", team.crew.id, "q1-0", null],
      ["valley.png", "before", "Old shingles curling", team.crew.id, "q1-1", null],
    ]);
    expect(photos[0].takenAt?.getTime()).toBe(takenAt);
    // Upright, and no GPS or camera left in the file.
    const stored = await describeStored(fs.readFileSync(`${privateUploadsDir}/${photos[0].storedName}`));
    expect(stored).toMatchObject({ width: 300, height: 400, exif: undefined });
    expect(listLeadNotes(id, "crew").at(-1)).toMatchObject({ author: "Kim Crew", text: "2 photos added" });
  });

  it("stores a photo sent twice with the same key once, and answers the second as done", async () => {
    const id = leadOf("crew");
    const send = async () =>
      post("crew", id, {
        files: [{ bytes: await picture("jpeg", 320), name: "a.jpg" }],
        fields: { tag: "after", key: "k-7" },
      });
    expect(await send()).toMatchObject({ status: 200, json: { ok: true, added: 1 } });
    const files = privateFiles();
    expect(await send()).toMatchObject({ status: 200, json: { ok: true, added: 0 } });
    expect(listPhotos(id)).toHaveLength(1);
    expect(privateFiles()).toEqual(files);
    expect(listLeadNotes(id, "owner").filter((n) => n.text === "1 photo added")).toHaveLength(1);
  });

  it("tells of a phone's photos sent one at a time as one history entry, and the office's apart", async () => {
    const id = leadOf("crew");
    for (const key of ["q-1", "q-2", "q-3"]) {
      const answer = await post("crew", id, {
        files: [{ bytes: await picture("jpeg", 200), name: `${key}.jpg` }],
        fields: { tag: "before", key },
      });
      expect(answer.status, key).toBe(200);
    }
    await post("office", id, {
      files: [{ bytes: await picture("jpeg", 200), name: "office.jpg" }],
      fields: { tag: "after" },
    });
    const texts = listLeadNotes(id, "owner").map((n) => n.text);
    expect(texts.filter((t) => t === "3 photos added")).toHaveLength(1);
    expect(texts.filter((t) => t === "1 photo added")).toHaveLength(1);
    expect(texts.filter((t) => /photos? added/.test(t ?? ""))).toHaveLength(2);
  });

  it("holds a phone's clock to the last 30 days, and ignores what is not a time", async () => {
    const id = leadOf("crew");
    const now = Date.now();
    for (const [takenAt, key] of [
      [String(now + 86_400_000), "future"],
      [String(now - 90 * 86_400_000), "old"],
      ["yesterday", "words"],
    ]) {
      const answer = await post("crew", id, {
        files: [{ bytes: await picture("jpeg", 200), name: `${key}.jpg` }],
        fields: { tag: "during", takenAt, key },
      });
      expect(answer.status, key).toBe(200);
    }
    const byKey = new Map(listPhotos(id).map((p) => [p.clientKey, p.takenAt?.getTime() ?? null]));
    expect(byKey.get("future")).toBeLessThanOrEqual(Date.now());
    expect(byKey.get("future")).toBeGreaterThanOrEqual(now);
    expect(now - byKey.get("old")!).toBeLessThanOrEqual(30 * 86_400_000);
    expect(now - byKey.get("old")!).toBeGreaterThan(29 * 86_400_000);
    expect(byKey.get("words")).toBeNull();
  });

  it("refuses a bad tag, a long caption, a bad key, too many, too large or not a picture, and keeps nothing", async () => {
    const id = leadOf("crew");
    const jpeg = await picture("jpeg", 200);
    const before = privateFiles();
    const cases: [string, Parameters<typeof post>[2], number, RegExp][] = [
      ["no tag", { files: [{ bytes: jpeg, name: "a.jpg" }] }, 400, /choose what the photos show/],
      ["an unknown tag", { files: [{ bytes: jpeg, name: "a.jpg" }], fields: { tag: "selfie" } }, 400, /choose what/],
      [
        "a caption too long",
        { files: [{ bytes: jpeg, name: "a.jpg" }], fields: { tag: "other", caption: "x".repeat(201) } },
        400,
        /under 200 characters/,
      ],
      [
        "a key with a slash",
        { files: [{ bytes: jpeg, name: "a.jpg" }], fields: { tag: "other", key: "../x" } },
        400,
        /key is not valid/,
      ],
      ["no photo", { fields: { tag: "other" } }, 400, /at least one photo/],
      [
        "six photos",
        {
          files: Array.from({ length: 6 }, (_, i) => ({ bytes: jpeg, name: `p${i}.jpg` })),
          fields: { tag: "other" },
        },
        400,
        /up to 5 photos/,
      ],
      [
        "a photo over 10 MB",
        {
          files: [
            { bytes: jpeg, name: "ok.jpg" },
            { bytes: new Uint8Array(10 * 1024 * 1024 + 1), name: "huge.jpg" },
          ],
          fields: { tag: "other" },
        },
        413,
        /huge\.jpg: Image size should be less than 10MB/,
      ],
      [
        "a web page named .jpg after a good photo",
        {
          files: [
            { bytes: jpeg, name: "ok.jpg" },
            { bytes: jpegMagicHtml(), name: "roof.jpg" },
          ],
          fields: { tag: "other" },
        },
        400,
        /roof\.jpg: Please upload a valid image/,
      ],
    ];
    for (const [what, sent, status, message] of cases) {
      const answer = await post("crew", id, sent);
      expect(answer.status, what).toBe(status);
      expect(answer.json, what).toMatchObject({ ok: false });
      expect(String(answer.json?.error), what).toMatch(message);
    }
    expect(listPhotos(id)).toEqual([]);
    expect(privateFiles()).toEqual(before);
  });

  it("goes back to the lead page's photos with a flash when the form was posted without scripts", async () => {
    const id = leadOf("crew");
    const added = await post("crew", id, {
      json: false,
      files: [{ bytes: await picture("jpeg", 200), name: "a.jpg" }],
      fields: { tag: "damage" },
    });
    expect(added).toMatchObject({ status: 302, location: `/admin/leads/${id}#photos` });
    const refused = await post("crew", id, { json: false, fields: { tag: "damage" } });
    expect(refused).toMatchObject({ status: 302, location: `/admin/leads/${id}#photos` });
    // A GET of the route is the lead page's section.
    const get = await answerOf(() =>
      loader(
        routeArgs(new Request(`http://site.test/admin/leads/${id}/photos`, { headers: { Cookie: team.crew.cookie } }), {
          id: String(id),
        }),
      ),
    );
    expect(get).toMatchObject({ status: 302, location: `/admin/leads/${id}#photos` });
  });

  it("answers JSON a script can read: 403 on another's lead, 404 for none, 401 signed out", async () => {
    const others = leadOf("crew2");
    const file = { bytes: await picture("jpeg", 200), name: "a.jpg" };
    const refused = await post("crew", others, { files: [file], fields: { tag: "before" } });
    expect(refused.status).toBe(403);
    expect(String(refused.json?.error)).toMatch(/owner or the office/);
    expect(listPhotos(others)).toEqual([]);
    expect(await post("crew", 99_999, { files: [file], fields: { tag: "before" } })).toMatchObject({
      status: 404,
      json: { ok: false, error: "This lead is not here anymore." },
    });
    const signedOut = await post(null, others, { files: [file], fields: { tag: "before" } });
    expect(signedOut).toMatchObject({ status: 401, json: { ok: false } });
    expect(String(signedOut.json?.error)).toMatch(/sign in again/);
    // The admin's own guard, before any action runs, answers the same to such a request.
    const guard = await answerOf(() =>
      middleware[0](
        {
          request: new Request(`http://site.test/admin/leads/${others}/photos`, {
            method: "POST",
            headers: { Accept: "application/json" },
          }),
        } as never,
        (() => undefined) as never,
      ),
    );
    expect(guard).toMatchObject({ status: 401, json: { ok: false } });
    // A page (no JSON asked) still goes to the sign-in page.
    const page = await post(null, others, { json: false, files: [file], fields: { tag: "before" } });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("sharing and deleting", () => {
  async function photoOf(who: string, leadId: number): Promise<number> {
    await post(who, leadId, {
      files: [{ bytes: await picture("jpeg", 240), name: "p.jpg" }],
      fields: { tag: "after" },
    });
    return listPhotos(leadId).at(-1)!.id;
  }
  const row = (who: string, leadId: number, intent: string, photoId: number) =>
    post(who, leadId, { fields: { intent, photoId: String(photoId) } });
  const shared = (photoId: number) =>
    getDb().select().from(leadPhotos).where(eq(leadPhotos.id, photoId)).get()?.sharedAt ?? null;

  it("lets the owner and the office share and stop sharing, never the crew", async () => {
    const id = leadOf("crew");
    const photo = await photoOf("crew", id);
    const crew = await row("crew", id, "share-photo", photo);
    expect(crew.status).toBe(403);
    expect(shared(photo)).toBeNull();
    expect(await row("office", id, "share-photo", photo)).toMatchObject({ status: 200, json: { ok: true } });
    expect(shared(photo)).toBeInstanceOf(Date);
    expect((await row("crew", id, "unshare-photo", photo)).status).toBe(403);
    expect(await row("owner", id, "unshare-photo", photo)).toMatchObject({ status: 200 });
    expect(shared(photo)).toBeNull();
  });

  it("touches only this lead's photos", async () => {
    const id = leadOf("crew");
    const other = leadOf("crew2");
    const photo = await photoOf("crew2", other);
    expect(await row("owner", id, "share-photo", photo)).toMatchObject({ status: 400, json: { ok: false } });
    expect(await row("owner", id, "delete-photo", photo)).toMatchObject({ status: 400 });
    expect(shared(photo)).toBeNull();
    expect(listPhotos(other)).toHaveLength(1);
  });

  it("deletes a photo and its files: the owner and the office any, the crew only their own", async () => {
    const id = leadOf("crew");
    const mine = await photoOf("crew", id);
    const office = await photoOf("office", id);
    const fileOf = (photoId: number) => listPhotos(id).find((p) => p.id === photoId)!.storedName;
    const officeFile = fileOf(office);
    const crewFile = fileOf(mine);
    expect(await row("crew", id, "delete-photo", office)).toMatchObject({ status: 403, json: { ok: false } });
    expect(await row("crew", id, "delete-photo", mine)).toMatchObject({ status: 200 });
    expect(await row("office", id, "delete-photo", office)).toMatchObject({ status: 200 });
    expect(listPhotos(id)).toEqual([]);
    const left = privateFiles();
    for (const name of [officeFile, crewFile]) expect(left.some((f) => f.startsWith(name.split(".")[0]))).toBe(false);
  });
});

describe("the lead page and the homeowner's job page", () => {
  it("shows the lead's photos, newest first, with the request's photos in the same timeline", async () => {
    const id = leadOf("crew");
    const { withPrivatePhotos } = await import("~/server/image-files.server");
    const { cleanImage } = await import("~/server/image-clean.server");
    const image = (await cleanImage(await picture("jpeg", 200)))!;
    // A photo the homeowner sent with the request (no tag), a day before the crew's.
    await withPrivatePhotos([{ image, name: "leak.jpg" }], (files) =>
      getDb()
        .insert(leadPhotos)
        .values(files.map((f) => ({ ...f, leadId: id, createdAt: new Date(Date.now() - 86_400_000) })))
        .run(),
    );
    await post("crew", id, {
      files: [{ bytes: await picture("jpeg", 200), name: "deck.jpg" }],
      fields: { tag: "during", caption: "Decking" },
    });
    const page = (await leadLoader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: team.crew.cookie } }), {
        id: String(id),
      }),
    )) as { photoView: { days: { photos: { name: string; what: string; caption: string; by: string | null }[] }[] } };
    const shown = page.photoView.days.flatMap((d) => d.photos.map((p) => [p.name, p.what, p.caption, p.by]));
    expect(shown).toEqual([
      ["deck.jpg", "During", "Decking", "Kim Crew"],
      ["leak.jpg", "From the quote request", "", null],
    ]);
  });

  it("shows only shared photos on the job page, and its photo route answers 404 for the rest", async () => {
    const id = leadOf("crew");
    const token = jobPageLinkUrl(id).split("/job/")[1];
    await post("crew", id, {
      files: [
        { bytes: await picture("jpeg", 600), name: "done.jpg" },
        { bytes: await picture("jpeg", 600), name: "mess.jpg" },
      ],
      fields: { tag: "after", caption: "All done" },
    });
    const [done, mess] = listPhotos(id);
    await post("office", id, { fields: { intent: "share-photo", photoId: String(done.id) } });
    const view = jobPageView(token)!;
    expect(view.photos.map((p) => [p.tag, p.caption])).toEqual([["After", "All done"]]);
    const fetchPhoto = (t: string, name: string) =>
      answerOf(() => jobPhoto({ params: { token: t, name }, request: new Request("http://site.test/") } as never));
    const ok = await answerOf(async () => {
      const res = (await jobPhoto({
        params: { token, name: view.photos[0].full.split("/").pop()! },
        request: new Request("http://site.test/"),
      } as never)) as Response;
      expect(res.headers.get("Content-Type")).toBe("image/jpeg");
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      return res;
    });
    expect(ok.status).toBe(200);
    const thumb = view.photos[0].thumb.split("/").pop()!;
    expect(thumb).toMatch(/-w480\.webp$/);
    expect((await fetchPhoto(token, thumb)).status).toBe(200);
    expect((await fetchPhoto(token, mess.storedName)).status).toBe(404);
    expect((await fetchPhoto("y".repeat(43), done.storedName)).status).toBe(404);
    // Another lead's link does not open this lead's shared photo.
    const otherToken = jobPageLinkUrl(leadOf("crew2")).split("/job/")[1];
    expect((await fetchPhoto(otherToken, done.storedName)).status).toBe(404);
    await post("owner", id, { fields: { intent: "unshare-photo", photoId: String(done.id) } });
    expect((await fetchPhoto(token, done.storedName)).status).toBe(404);
    expect(jobPageView(token)!.photos).toEqual([]);
  });
});
