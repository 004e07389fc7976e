import { systemActor } from "~/lib/actor";
import fs from "node:fs";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { picture } from "./test-images";
import { getDb } from "~/server/db.server";
import { images, leadPhotos, projects, users, type LeadPhoto } from "~/db/schema";
import type { JobPhotoTag } from "~/lib/job-photo-tags";
import { DRAFT_MESSAGES } from "~/lib/portfolio-draft-form";
import { upsertUser } from "~/models/user.server";
import { readFlash } from "~/services/flash.server";
import { startSession } from "~/services/auth.server";
import { createLead, getLead, updateLead } from "~/models/lead.server";
import { listStoredFiles } from "~/models/image.server";
import { paths } from "~/server/env.server";
import { deleteLibraryImage } from "~/services/image-storage.server";
import { leadJobView } from "~/services/lead-job.server";
import { addJobToPortfolio } from "~/services/portfolio-draft.server";
import { listPhotos } from "~/models/lead-photo.server";
import { cleanImage } from "~/server/image-clean.server";
import { writePicture } from "~/server/image-files.server";
import { uploadPath } from "~/server/storage.server";
import { getProjectCard, listGalleryCards } from "~/services/project-cards.server";
import { highlightedWorkForAbout, workForService, workForTown } from "~/services/related-work.server";
import { action as leadAction } from "~/routes/admin/lead";
import { action as projectsAction } from "~/routes/admin/project-list";
import PortfolioProject, { loader as projectPage } from "~/routes/portfolio-project";
import { loader as sitemap } from "~/routes/resources/sitemap";

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

/** A completed Roof Repairs job in Derby whose request came with one photo. */
async function completedJobWithPhoto(service: string | null = "Roof Repairs") {
  const image = (await cleanImage(await picture("jpeg", 900)))!;
  const storedName = await writePicture(image, "private");
  const lead = createLead(
    {
      name: "Karen Miller",
      email: "karen@example.com",
      phone: null,
      message: "Leak over the porch",
      city: "Derby",
      service: service as never,
    },
    [
      {
        storedName,
        originalName: "porch.jpg",
        contentType: "image/jpeg",
        width: image.info.width,
        height: image.info.height,
        bytes: image.bytes.byteLength,
      },
    ],
  );
  updateLead(
    lead.id,
    { status: "won", lostReason: null, followUpOn: null, note: null },
    systemActor("owner@example.com"),
  );
  await post(lead.id, { intent: "complete" });
  return { id: lead.id, photo: listPhotos(lead.id)[0] };
}

const post = (id: number, fields: Record<string, string>, as = cookie) =>
  leadAction(
    routeArgs(
      new Request(`http://site.test/admin/leads/${id}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: as },
      }),
      { id: String(id) },
    ),
  );

/** The message the page after a redirect shows (its toast, or the line without scripts). */
async function flashOf(answer: unknown) {
  const set = (answer as Response).headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await readFlash(new Request("http://site.test/", { headers: { Cookie: set } }))).flash?.message;
}
const publish = (id: number, intent = "publish") =>
  projectsAction(
    routeArgs(
      new Request("http://site.test/admin/projects", {
        method: "POST",
        body: new URLSearchParams({ intent, id: String(id) }),
        headers: { Cookie: cookie },
      }),
    ),
  ) as Promise<Response>;

/** Every public place a project can show. */
async function publicly(id: number) {
  const xml = await (sitemap() as Response).text();
  const page = projectPage(routeArgs(new Request(`http://site.test/portfolio/${id}`), { id: String(id) })) as {
    init?: { status: number };
  };
  return {
    gallery: listGalleryCards().some((p) => p.id === id),
    sitemap: xml.includes(`/portfolio/${id}<`),
    page: page.init?.status ?? 200,
    servicePage: workForService("roof-repairs-wichita").projects.some((p) => p.id === id),
    townPage: workForTown("Derby").projects.some((p) => p.id === id),
    otherTown: workForTown("Mulvane").projects.some((p) => p.id === id),
    about: highlightedWorkForAbout().projects.some((p) => p.id === id),
  };
}

describe("a completed job added to the portfolio", () => {
  it("is a draft titled by its service and town, with a public copy of the chosen photo; the request keeps its own", async () => {
    const { id, photo } = await completedJobWithPhoto();
    const res = (await post(id, {
      intent: "add-to-portfolio",
      title: "Roof Repairs in Derby",
      category: "roofing",
      description: "A porch roof leak found and fixed in a day.",
      altText: "Porch roof with new shingles in Derby",
      photoId: String(photo.id),
    })) as Response;
    expect(res.status).toBe(302);
    const project = getDb().select().from(projects).where(eq(projects.leadId, id)).get()!;
    expect(res.headers.get("Location")).toBe(`/admin/projects?edit=${project.id}`);
    expect(project).toMatchObject({
      published: false,
      service: "Roof Repairs",
      town: "Derby",
      category: "roofing",
      title: "Roof Repairs in Derby",
      altText: "Porch roof with new shingles in Derby",
    });
    const image = getDb().select().from(images).where(eq(images.id, project.imageId!)).get()!;
    expect(image).toMatchObject({ purpose: "library", originalName: "porch.jpg" });
    expect(fs.existsSync(uploadPath(image.storedName, "public"))).toBe(true);
    expect(image.storedName).not.toBe(photo.storedName);
    expect(fs.existsSync(uploadPath(photo.storedName, "private"))).toBe(true);
    expect(listPhotos(id)).toHaveLength(1);
    // Posted twice: still one project for the job.
    const twice = (await post(id, {
      intent: "add-to-portfolio",
      title: "Again",
      category: "roofing",
      description: "D",
      altText: "A",
    })) as Response;
    expect(twice.headers.get("Location")).toBe(`/admin/projects?edit=${project.id}`);
    expect(getDb().select().from(projects).where(eq(projects.leadId, id)).all()).toHaveLength(1);

    // A draft shows nowhere: portfolio, home, about, service and town pages, sitemap, its own page.
    expect(await publicly(project.id)).toEqual({
      gallery: false,
      sitemap: false,
      page: 404,
      servicePage: false,
      townPage: false,
      otherTown: false,
      about: false,
    });

    expect((await publish(project.id)).status).toBe(302);
    // (The about page leads with the demo's featured work.)
    expect(await publicly(project.id)).toMatchObject({
      gallery: true,
      sitemap: true,
      page: 200,
      servicePage: true,
      townPage: true,
      otherTown: false,
    });

    await publish(project.id, "unpublish");
    expect((await publicly(project.id)).gallery).toBe(false);
  });

  it("tells the owner it is a draft to publish, and the office that the owner publishes it", async () => {
    const { user } = await upsertUser("office-drafts@example.com", "office-password-123");
    getDb().update(users).set({ role: "office", name: "Olive Office" }).where(eq(users.id, user.id)).run();
    const office = (await startSession(user.id)).split(";")[0];
    const draft = (photoId: number) => ({
      intent: "add-to-portfolio",
      title: "Roof Repairs in Derby",
      category: "roofing",
      description: "A porch roof leak found and fixed in a day.",
      altText: "Porch roof with new shingles in Derby",
      photoId: String(photoId),
    });
    const byOffice = await completedJobWithPhoto();
    expect(await flashOf(await post(byOffice.id, draft(byOffice.photo.id), office))).toBe(DRAFT_MESSAGES.addedForOwner);
    const byOwner = await completedJobWithPhoto();
    expect(await flashOf(await post(byOwner.id, draft(byOwner.photo.id)))).toBe(DRAFT_MESSAGES.added);
    expect(DRAFT_MESSAGES.addedForOwner).toMatch(/the owner publishes it/);
  });

  it("asks for the category when the homeowner was not sure, and for alt text, keeping what was typed", async () => {
    const { id, photo } = await completedJobWithPhoto("Not sure");
    const fields = {
      intent: "add-to-portfolio",
      title: "Project in Derby",
      category: "",
      description: "Work.",
      altText: "A roof",
      photoId: String(photo.id),
    };
    const noCategory = (await post(id, fields)) as unknown as {
      init: { status: number };
      data: { intent: string; reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    };
    expect(noCategory.init.status).toBe(400);
    expect(noCategory.data.intent).toBe("add-to-portfolio");
    expect(noCategory.data.reply.error).toEqual({ category: ["Please choose the project's category"] });
    expect(noCategory.data.reply.initialValue).toMatchObject({ title: "Project in Derby", altText: "A roof" });
    const noAlt = (await post(id, { ...fields, category: "roofing", altText: " " })) as typeof noCategory;
    expect(noAlt.data.reply.error.altText![0]).toMatch(/alt text/);
    expect(getDb().select().from(projects).where(eq(projects.leadId, id)).all()).toEqual([]);
  });

  it("is refused for a job not completed, or a photo of another lead", async () => {
    const { id } = await completedJobWithPhoto();
    const other = await completedJobWithPhoto();
    const fields = { intent: "add-to-portfolio", title: "T", category: "roofing", description: "D", altText: "A" };
    const foreign = (await post(id, { ...fields, photoId: String(other.photo.id) })) as { init: { status: number } };
    expect(foreign.init.status).toBe(400);
    await post(id, { intent: "reopen" });
    const notDone = (await post(id, { ...fields })) as { init: { status: number } };
    expect(notDone.init.status).toBe(400);
    expect(getDb().select().from(projects).where(eq(projects.leadId, id)).all()).toEqual([]);
  });
});

type JobPhoto = { name: string; tag: JobPhotoTag | null; caption?: string; takenOn?: number };

/** A completed roofing job in Derby with these photos: the request's (no tag) and the crew's, files and rows as the upload leaves them. */
async function completedJob(photos: JobPhoto[]) {
  const lead = createLead(
    {
      name: "Karen Miller",
      email: "karen@example.com",
      phone: null,
      message: "Hail",
      city: "Derby",
      service: "Residential Roofing",
    },
    [],
  );
  for (const p of photos) {
    const image = (await cleanImage(await picture("jpeg", 900)))!;
    getDb()
      .insert(leadPhotos)
      .values({
        leadId: lead.id,
        storedName: await writePicture(image, "private"),
        originalName: p.name,
        contentType: "image/jpeg",
        width: image.info.width,
        height: image.info.height,
        bytes: image.bytes.byteLength,
        tag: p.tag,
        caption: p.caption ?? "",
        takenAt: p.takenOn ? new Date(Date.UTC(2026, 10, p.takenOn, 15)) : null,
      })
      .run();
  }
  updateLead(
    lead.id,
    { status: "won", lostReason: null, followUpOn: null, note: null },
    systemActor("owner@example.com"),
  );
  await post(lead.id, { intent: "complete" });
  const rows = getDb().select().from(leadPhotos).where(eq(leadPhotos.leadId, lead.id)).all();
  const named = (name: string) => rows.find((r) => r.originalName === name) as LeadPhoto;
  return { id: lead.id, named };
}

const draftFields = {
  intent: "add-to-portfolio",
  title: "New Roof in Derby",
  category: "roofing",
  description: "A new roof.",
};
const publicFiles = () => (fs.existsSync(paths.uploads) ? fs.readdirSync(paths.uploads).sort() : []);
const projectOf = (leadId: number) => getDb().select().from(projects).where(eq(projects.leadId, leadId)).get();
const imageRow = (id: number | null) => getDb().select().from(images).where(eq(images.id, id!)).get();

/** A completed job drafted with its before ("Old roof") and after ("New roof") photos. */
async function pairDrafted() {
  const { id, named } = await completedJob([
    { name: "old-roof.jpg", tag: "before" },
    { name: "done.jpg", tag: "after" },
  ]);
  await post(id, {
    ...draftFields,
    photoId: String(named("done.jpg").id),
    altText: "New roof",
    beforePhotoId: String(named("old-roof.jpg").id),
    beforeAltText: "Old roof",
  });
  return { id };
}

/** What the project's public page reads as: its figures' captions and their pictures' alt texts. */
async function pageFigures(id: number) {
  const page = (await projectPage(routeArgs(new Request(`http://site.test/portfolio/${id}`), { id: String(id) }))) as {
    found: unknown;
  };
  const Stub = createRoutesStub([
    { path: "/", Component: () => createElement(PortfolioProject, { loaderData: page, matches: [] } as never) },
  ]);
  const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
  const figures = [...html.matchAll(/<figure>.*?<\/figure>/g)].map(([f]) => ({
    alt: /alt="([^"]*)"/.exec(f)?.[1],
    caption: /<figcaption[^>]*>([^<]*)</.exec(f)?.[1],
    srcSet: /srcSet="/i.test(f),
  }));
  return figures;
}

describe("a before and after portfolio draft from the job's photos", () => {
  it("starts with the newest after and the newest before, and offers every photo with its tag and caption", async () => {
    const { id, named } = await completedJob([
      { name: "request.jpg", tag: null },
      { name: "old-roof.jpg", tag: "before", caption: "Hail-torn shingles", takenOn: 2 },
      { name: "old-roof-2.jpg", tag: "before", takenOn: 3 },
      { name: "tear-off.jpg", tag: "during", takenOn: 4 },
      { name: "done.jpg", tag: "after", caption: "Finished", takenOn: 5 },
    ]);
    const { draft } = leadJobView(getLead(id)!);
    expect(draft.photoId).toBe(named("done.jpg").id);
    expect(draft.beforePhotoId).toBe(named("old-roof-2.jpg").id);
    expect(draft.photos.map((p) => [p.name, p.tag, p.caption])).toEqual([
      ["request.jpg", "From the request", ""],
      ["old-roof.jpg", "Before", "Hail-torn shingles"],
      ["old-roof-2.jpg", "Before", ""],
      ["tear-off.jpg", "During", ""],
      ["done.jpg", "After", "Finished"],
    ]);
  });

  it("copies both pictures into the library, each with its alt text, and the page shows them as a pair", async () => {
    const { id, named } = await completedJob([
      { name: "old-roof.jpg", tag: "before", takenOn: 2 },
      { name: "done.jpg", tag: "after", takenOn: 5 },
    ]);
    const res = (await post(id, {
      ...draftFields,
      photoId: String(named("done.jpg").id),
      altText: "New gray shingles on a ranch house",
      beforePhotoId: String(named("old-roof.jpg").id),
      beforeAltText: "Hail-torn shingles on the same house",
    })) as Response;
    expect(res.status).toBe(302);
    const project = projectOf(id)!;
    expect(project).toMatchObject({ published: false, altText: "New gray shingles on a ranch house" });
    const [after, before] = [imageRow(project.imageId), imageRow(project.beforeImageId)];
    expect(after).toMatchObject({ purpose: "library", originalName: "done.jpg" });
    expect(before).toMatchObject({
      purpose: "library",
      originalName: "old-roof.jpg",
      alt: "Hail-torn shingles on the same house",
    });
    for (const image of [after!, before!]) expect(fs.existsSync(uploadPath(image.storedName, "public"))).toBe(true);
    // The job keeps its own photos.
    expect(fs.existsSync(uploadPath(named("old-roof.jpg").storedName, "private"))).toBe(true);

    getDb().update(projects).set({ published: true }).where(eq(projects.id, project.id)).run();
    expect(await pageFigures(project.id)).toEqual([
      { alt: "Hail-torn shingles on the same house", caption: "Before", srcSet: true },
      { alt: "New gray shingles on a ranch house", caption: "After", srcSet: true },
    ]);
  });

  it("asks for the before picture's alt text, and refuses a photo of another job", async () => {
    const { id, named } = await completedJob([
      { name: "old-roof.jpg", tag: "before" },
      { name: "done.jpg", tag: "after" },
    ]);
    const other = await completedJob([{ name: "elsewhere.jpg", tag: "before" }]);
    const fields = { ...draftFields, photoId: String(named("done.jpg").id), altText: "New roof" };
    const noAlt = (await post(id, { ...fields, beforePhotoId: String(named("old-roof.jpg").id) })) as {
      init: { status: number };
      data: { reply: { error: Record<string, string[]> } };
    };
    expect(noAlt.init.status).toBe(400);
    expect(noAlt.data.reply.error.beforeAltText?.[0]).toMatch(/before picture/);
    const foreign = (await post(id, {
      ...fields,
      beforePhotoId: String(other.named("elsewhere.jpg").id),
      beforeAltText: "Old roof",
    })) as { init: { status: number } };
    expect(foreign.init.status).toBe(400);
    expect(projectOf(id)).toBeUndefined();
  });

  it("leaves no files, no image rows and no project when the second picture's row cannot be written", async () => {
    const { id, named } = await completedJob([
      { name: "old-roof.jpg", tag: "before" },
      { name: "done.jpg", tag: "after" },
    ]);
    const [files, rows] = [publicFiles(), listStoredFiles().length];
    const sqlite = getDb().$client;
    sqlite.exec(
      "create trigger refuse_before before insert on images when new.original_name = 'old-roof.jpg' begin select raise(abort, 'disk trouble'); end",
    );
    try {
      await expect(
        addJobToPortfolio(id, {
          ...draftFields,
          category: "roofing",
          photoId: named("done.jpg").id,
          altText: "New roof",
          beforePhotoId: named("old-roof.jpg").id,
          beforeAltText: "Old roof",
        }),
      ).rejects.toThrow(/disk trouble/);
    } finally {
      sqlite.exec("drop trigger refuse_before");
    }
    expect(publicFiles()).toEqual(files);
    expect(listStoredFiles().length).toBe(rows);
    expect(projectOf(id)).toBeUndefined();
  });

  it("keeps a before picture in use from being deleted, and takes it away in the editor with its files", async () => {
    const { id } = await pairDrafted();
    const project = projectOf(id)!;
    const before = imageRow(project.beforeImageId)!;
    const refused = deleteLibraryImage(before.id);
    expect(refused).toEqual({
      usedBy: [
        { kind: "project", projectId: project.id, title: "New Roof in Derby", category: "roofing", before: true },
      ],
    });
    expect(getProjectCard(project.id)?.before?.alt).toBe("Old roof");

    const save = (fields: Record<string, string>, beforeImage?: Blob) => {
      const body = new FormData();
      const all = { intent: "save-project", id: String(project.id), title: "New Roof in Derby", ...fields };
      for (const [k, v] of Object.entries({ category: "roofing", description: "A new roof.", ...all })) body.set(k, v);
      if (beforeImage) body.set("beforeImage", beforeImage, "replacement.jpg");
      return projectsAction(
        routeArgs(
          new Request("http://site.test/admin/projects", { method: "POST", body, headers: { Cookie: cookie } }),
        ),
      ) as Promise<Response | { init: { status: number }; data: { result: { error: Record<string, string[]> } } }>;
    };
    expect(((await save({ beforeAltText: "The old roof, hail-torn" })) as Response).status).toBe(302);
    expect(imageRow(before.id)?.alt).toBe("The old roof, hail-torn");

    // Replaced by an upload: the old row and files go, the new one is described.
    const jpeg = new Blob([new Uint8Array(await picture("jpeg", 700))], { type: "image/jpeg" });
    expect(((await save({ beforeAltText: "Shingles torn by hail" }, jpeg)) as Response).status).toBe(302);
    const replaced = imageRow(projectOf(id)!.beforeImageId)!;
    expect(replaced).toMatchObject({ originalName: "replacement.jpg", alt: "Shingles torn by hail" });
    expect(imageRow(before.id)).toBeUndefined();
    expect(fs.existsSync(uploadPath(before.storedName, "public"))).toBe(false);
    // A file that is not a picture is refused beside its field, and nothing changes.
    const notPicture = (await save({}, new Blob(["<html>"], { type: "image/jpeg" }))) as Exclude<
      Awaited<ReturnType<typeof save>>,
      Response
    >;
    expect(notPicture.init.status).toBe(400);
    expect(Object.keys(notPicture.data.result.error)).toEqual(["beforeImage"]);
    expect(projectOf(id)?.beforeImageId).toBe(replaced.id);

    expect(((await save({ removeBefore: "on" })) as Response).status).toBe(302);
    expect(projectOf(id)?.beforeImageId).toBeNull();
    expect(imageRow(replaced.id)).toBeUndefined();
    expect(fs.existsSync(uploadPath(replaced.storedName, "public"))).toBe(false);
    // The after stays.
    expect(imageRow(project.imageId)).toBeDefined();
  });

  it("goes with its project when the project is deleted, files and all", async () => {
    const [files, rows] = [publicFiles(), listStoredFiles().length];
    const { id } = await pairDrafted();
    expect(listStoredFiles().length).toBe(rows + 2);
    expect((await publish(projectOf(id)!.id, "delete-project")).status).toBe(302);
    expect(projectOf(id)).toBeUndefined();
    expect([publicFiles(), listStoredFiles().length]).toEqual([files, rows]);
  });
});
