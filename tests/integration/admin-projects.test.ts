import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { paths } from "~/server/env.server";
import { startApp } from "./started-app";
import { listImages } from "~/models/image.server";
import {
  getProjectCard as getProject,
  getProjectPage,
  listProjectCards as listProjects,
  listPublicProjectCards,
} from "~/services/project-cards.server";
import { insertProject } from "~/models/project.server";
import { upsertUser } from "~/models/user.server";
import { workForService, workForTown } from "~/services/related-work.server";
import { action as imagesAction } from "~/routes/admin/image-library";
import { action } from "~/routes/admin/project-list";
import { action as uploadAction } from "~/routes/resources/image-upload";
import { describeStored, jpegMagicHtml, phonePhoto, picture, truncatedPng } from "./test-images";

let cookie = "";
const png = () => picture("png", 640);
const NOT_AN_IMAGE = "Please upload a valid image file (JPEG, PNG, or WebP)";
const disk = () => fs.readdirSync(paths.uploads).sort();

beforeAll(async () => {
  await startApp();
  const { user } = await upsertUser("owner@example.com", "owner-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

async function post(
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array | Buffer; name: string; type?: string },
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file) body.set(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }));
  // The image library's intents belong to /admin/images, the rest to the projects list.
  const library = ["upload-image", "save-alt", "delete-image"].includes(fields.intent);
  const request = new Request(`http://site.test/admin${library ? "/images" : ""}`, {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
  const args = { request, params: {}, context: requestContext("127.0.0.1") } as never;
  return library ? imagesAction(args) : action(args);
}

type Refusal = {
  data: { form: string; error?: string; result?: { error?: Record<string, string[]> } };
  init: { status: number };
};

const project = {
  intent: "save-project",
  title: "Porch roof",
  category: "roofing",
  description: "New porch roof in Derby",
};

describe("project uploads", () => {
  it("stores a PNG named ../../x.png under a server-chosen name, with its smaller copy", async () => {
    const before = disk();
    const res = (await post(project, { field: "image", bytes: await png(), name: "../../x.png" })) as Response;
    expect(res.status).toBe(302);
    const created = listProjects().find((p) => p.title === "Porch roof")!;
    expect(created.image?.url).toMatch(/^\/uploads\/[a-f0-9]{24}\.png$/);
    const added = disk().filter((n) => !before.includes(n));
    expect(added).toHaveLength(2);
    expect(added.some((n) => n.endsWith("-w480.webp"))).toBe(true);
    expect(fs.existsSync(`${paths.uploads}/../../x.png`)).toBe(false);
    expect(listImages().find((i) => i.originalName === "../../x.png")).toBeDefined();
  });

  it("refuses 10 MB + 1 byte and leaves nothing behind", async () => {
    const before = disk();
    const projects = listProjects().length;
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await png());
    const res = (await post(project, { field: "image", bytes: big, name: "big.png" })) as Refusal;
    expect(res.init.status).toBe(413);
    expect(res.data.error).toBe("Image size should be less than 10MB");
    expect(disk()).toEqual(before);
    expect(listProjects()).toHaveLength(projects);
  });

  it("accepts exactly 10 MB", async () => {
    const exact = new Uint8Array(10 * 1024 * 1024);
    exact.set(await png());
    const res = (await post(
      { ...project, title: "Exactly ten" },
      { field: "image", bytes: exact, name: "ten.png" },
    )) as Response;
    expect(res.status).toBe(302);
  });

  it("refuses an HTML file named .jpg, whatever its claimed type", async () => {
    const before = disk();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const res = (await post(project, {
      field: "image",
      bytes: html,
      name: "photo.jpg",
      type: "image/jpeg",
    })) as Refusal;
    expect(res.init.status).toBe(400);
    expect(res.data.result?.error?.image).toEqual([NOT_AN_IMAGE]);
    expect(disk()).toEqual(before);
  });

  it("needs an image to create, title/category/description always", async () => {
    const noImage = (await post(project)) as Refusal;
    expect(noImage.data.result?.error?.image).toEqual(["Please choose an image"]);
    const missing = (await post({
      intent: "save-project",
      title: "",
      category: "roofing",
      description: "",
    })) as Refusal;
    expect(missing.init.status).toBe(400);
    expect(missing.data.result?.error?.title).toEqual(["Title, category and description are required"]);
  });

  it("replacing the image removes the old files; deleting the project removes the new ones", async () => {
    const p = listProjects().find((x) => x.title === "Porch roof")!;
    const oldName = p.image!.url.split("/").pop()!;
    await post(
      { ...project, id: String(p.id), title: "Porch roof, redone" },
      { field: "image", bytes: await png(), name: "new.png" },
    );
    const updated = getProject(p.id)!;
    expect(updated.title).toBe("Porch roof, redone");
    const newName = updated.image!.url.split("/").pop()!;
    expect(newName).not.toBe(oldName);
    expect(disk()).not.toContain(oldName);
    expect(disk()).toContain(newName);

    const res = (await post({ intent: "delete-project", id: String(p.id) })) as Response;
    expect(res.status).toBe(302);
    expect(getProject(p.id)).toBeUndefined();
    expect(disk().filter((n) => n.startsWith(newName.replace(".png", "")))).toEqual([]);
  });

  it("keeps the image when a project is edited without a new file", async () => {
    const p = listProjects().find((x) => x.title === "Exactly ten")!;
    await post({ ...project, id: String(p.id), title: "Exactly ten", featured: "on" });
    expect(getProject(p.id)).toMatchObject({ featured: true, image: { url: p.image!.url } });
  });
});

describe("featured projects", () => {
  it("lead their category and the whole portfolio, ahead of newer ones", async () => {
    await post(
      { ...project, title: "Older, featured", featured: "on" },
      { field: "image", bytes: await png(), name: "a.png" },
    );
    await post({ ...project, title: "Newer, not featured" }, { field: "image", bytes: await png(), name: "b.png" });
    const roofing = listProjects("roofing").map((p) => p.title);
    expect(roofing.indexOf("Older, featured")).toBeLessThan(roofing.indexOf("Newer, not featured"));
    const all = listProjects();
    const firstPlain = all.findIndex((p) => !p.featured);
    expect(all.slice(firstPlain).some((p) => p.featured)).toBe(false);
  });
});

describe("a project's service and town", () => {
  /** The service and area pages the project shows on, of those the test names. */
  const pagesOf = (id: number) => ({
    roofRepairs: workForService("roof-repairs-wichita").projects.some((p) => p.id === id),
    framing: workForService("residential-framing-wichita").projects.some((p) => p.id === id),
    mulvane: workForTown("Mulvane").projects.some((p) => p.id === id),
    derby: workForTown("Derby").projects.some((p) => p.id === id),
  });
  // Featured, so it leads the few projects a page shows.
  const garage = {
    intent: "save-project",
    title: "Garage addition",
    category: "framing",
    description: "A two-car garage by the alley, Derby.",
    featured: "on",
  };

  it("put it on that service's and that town's pages, whatever its words say", async () => {
    const res = (await post(
      { ...garage, service: "Roof Repairs", town: "Mulvane, KS" },
      { field: "image", bytes: await png(), name: "g.png" },
    )) as Response;
    expect(res.status).toBe(302);
    const created = listProjects().find((p) => p.title === "Garage addition")!;
    expect(getProject(created.id)).toMatchObject({ service: "Roof Repairs", town: "Mulvane, KS" });
    expect(pagesOf(created.id)).toEqual({ roofRepairs: true, framing: false, mulvane: true, derby: false });
  });

  it("left blank, the title and description decide again", async () => {
    const { id } = listProjects().find((p) => p.title === "Garage addition")!;
    const res = (await post({ ...garage, id: String(id), service: "", town: "  " })) as Response;
    expect(res.status).toBe(302);
    expect(getProject(id)).toMatchObject({ service: null, town: null });
    expect(pagesOf(id)).toEqual({ roofRepairs: false, framing: true, mulvane: false, derby: true });
  });

  it("refuses a service that is not on the list, and changes nothing", async () => {
    const { id } = listProjects().find((p) => p.title === "Garage addition")!;
    const res = (await post({
      ...garage,
      id: String(id),
      title: "Renamed",
      service: "Plumbing",
      town: "Derby",
    })) as Refusal;
    expect(res.init.status).toBe(400);
    expect(res.data.result?.error?.service).toEqual(["Please choose a service from the list"]);
    expect(getProject(id)).toMatchObject({ title: "Garage addition", service: null, town: null });
  });
});

describe("image library", () => {
  it("uploads, refuses non-images, and deletes with the files", async () => {
    const before = disk();
    const bad = (await post(
      { intent: "upload-image" },
      { field: "file", bytes: new TextEncoder().encode("GIF8? no"), name: "x.gif" },
    )) as Refusal;
    expect(bad.data.error).toBe(NOT_AN_IMAGE);
    expect(disk()).toEqual(before);

    await post(
      { intent: "upload-image", alt: "Ridge vent close-up" },
      { field: "file", bytes: await png(), name: "vent.png" },
    );
    const image = listImages().find((i) => i.originalName === "vent.png")!;
    expect(image.alt).toBe("Ridge vent close-up");
    await post({ intent: "save-alt", id: String(image.id), alt: "Ridge vent after repair" });
    expect(listImages().find((i) => i.id === image.id)?.alt).toBe("Ridge vent after repair");
    await post({ intent: "delete-image", id: String(image.id) });
    expect(listImages().find((i) => i.id === image.id)).toBeUndefined();
    expect(disk()).toEqual(before);
  });

  it("refuses to delete a project's picture, naming the project, and keeps row and files", async () => {
    await post({ ...project, title: "Shown porch" }, { field: "image", bytes: await png(), name: "shown.png" });
    const card = listProjects().find((p) => p.title === "Shown porch")!;
    const image = listImages().find((i) => i.originalName === "shown.png")!;
    const before = disk();
    const res = (await post({ intent: "delete-image", id: String(image.id) })) as Response;
    expect(res.status).toBe(302);
    // The flash cookie carries the message, signed: its payload is base64 JSON.
    const payload = /__flash=([^.;]+)/.exec(decodeURIComponent(res.headers.get("Set-Cookie") ?? ""))?.[1] ?? "";
    expect(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).toEqual({
      type: "error",
      message:
        "This image is in use: it is the picture of “Shown porch”. Give that project another picture first, then delete it.",
    });
    expect(listImages().find((i) => i.id === image.id)).toBeDefined();
    expect(getProject(card.id)?.image?.url).toBe(card.image?.url);
    expect(disk()).toEqual(before);
  });
});

describe("public project lists", () => {
  it("leave out a picture project whose picture is gone, rather than show an empty tile", () => {
    const id = insertProject({ title: "Lost picture", category: "roofing", description: "Its picture row is gone." });
    expect(listProjects().some((p) => p.id === id)).toBe(true);
    expect(listPublicProjectCards().some((p) => p.id === id)).toBe(false);
    expect(getProjectPage(id)).toBeUndefined();
  });
});

const brokenFiles = async () => [
  { bytes: await truncatedPng(1200), name: "cut.png" },
  { bytes: await truncatedPng(300), name: "small-cut.png" },
  { bytes: jpegMagicHtml(), name: "photo.jpg", type: "image/jpeg" },
  { bytes: await picture("gif"), name: "anim.gif", type: "image/gif" },
];

describe("every picture is decoded in full and stored clean", () => {
  it("the project editor refuses a PNG cut short, a page behind JPEG bytes and a GIF, as a form error", async () => {
    const before = disk();
    for (const file of await brokenFiles()) {
      const res = (await post(project, { field: "image", ...file })) as Refusal;
      expect(res.init.status, file.name).toBe(400);
      expect(res.data.result?.error?.image).toEqual([NOT_AN_IMAGE]);
    }
    expect(disk()).toEqual(before);
  });

  it("the library refuses them too, from the form and from the progress upload", async () => {
    const before = disk();
    for (const file of await brokenFiles()) {
      const res = (await post({ intent: "upload-image" }, { field: "file", ...file })) as Refusal;
      expect(res.init.status, file.name).toBe(400);
      expect(res.data.error).toBe(NOT_AN_IMAGE);

      const body = new FormData();
      body.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }));
      const request = new Request("http://site.test/admin/images/upload", {
        method: "POST",
        body,
        headers: { Cookie: cookie },
      });
      const json = (await uploadAction({ request, params: {}, context: {} } as never)) as Response;
      expect(json.status, file.name).toBe(400);
      expect(await json.json()).toEqual({ ok: false, message: NOT_AN_IMAGE, status: 400 });
    }
    expect(disk()).toEqual(before);
  });

  it("a phone photo is stored upright, without EXIF, GPS or color profile, in the library and with a project", async () => {
    await post(
      { intent: "upload-image" },
      { field: "file", bytes: await phonePhoto(), name: "gps.jpg", type: "image/jpeg" },
    );
    const image = listImages().find((i) => i.originalName === "gps.jpg")!;
    await post(
      { ...project, title: "Upright porch" },
      { field: "image", bytes: await phonePhoto(), name: "porch.jpg", type: "image/jpeg" },
    );
    const card = listProjects().find((p) => p.title === "Upright porch")!;
    expect(card.image).toMatchObject({ width: 300, height: 400 });
    for (const name of [image.storedName, card.image!.url.split("/").pop()!]) {
      const bytes = fs.readFileSync(path.join(paths.uploads, name));
      const stored = await describeStored(bytes);
      expect(stored).toMatchObject({
        format: "jpeg",
        width: 300,
        height: 400,
        exif: undefined,
        icc: undefined,
        orientation: undefined,
      });
      expect(bytes.includes(Buffer.from("PhoneCam"))).toBe(false);
    }
    expect(image).toMatchObject({
      width: 300,
      height: 400,
      bytes: fs.statSync(path.join(paths.uploads, image.storedName)).size,
    });
  });
});
