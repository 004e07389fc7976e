import { systemActor } from "~/lib/actor";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { picture } from "./test-images";
import { getDb } from "~/server/db.server";
import { images, projects, users } from "~/db/schema";
import { DRAFT_MESSAGES } from "~/lib/portfolio-draft-form";
import { upsertUser } from "~/models/user.server";
import { readFlash } from "~/services/flash.server";
import { startSession } from "~/services/auth.server";
import { createLead, updateLead } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { cleanImage } from "~/server/image-clean.server";
import { writePicture } from "~/server/image-files.server";
import { uploadPath } from "~/server/storage.server";
import { listGalleryCards } from "~/services/project-cards.server";
import { highlightedWorkForAbout, workForService, workForTown } from "~/services/related-work.server";
import { action as leadAction } from "~/routes/admin/lead";
import { action as projectsAction } from "~/routes/admin/project-list";
import { loader as projectPage } from "~/routes/portfolio-project";
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
