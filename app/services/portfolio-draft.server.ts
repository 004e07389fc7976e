import { categoryForService, draftTitle } from "~/lib/portfolio-draft";
import { DRAFT_MESSAGES, type PortfolioDraftInput } from "~/lib/portfolio-draft-form";
import { getLead } from "~/models/lead.server";
import type { LeadPhoto } from "~/db/schema";
import { listPhotos } from "~/models/lead-photo.server";
import { createDraftProject, findLeadProject } from "~/models/project.server";
import { cleanImage } from "~/server/image-clean.server";
import { readUpload } from "~/server/storage.server";
import { withPictureFiles, type PictureUpload } from "./image-storage.server";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";
import { JOB_MESSAGES } from "~/lib/lead-status";
import { refusal, type Refusal } from "~/lib/refusal";

/** What the "Add to portfolio" form starts with for a completed job. */
export function portfolioDraftDefaults(lead: {
  service: string | null;
  city: string | null;
  completedAt: Date | null;
}) {
  const done = lead.completedAt
    ? new Date(lead.completedAt).toLocaleDateString("en-US", {
        month: "long",
        year: "numeric",
        timeZone: BUSINESS_TIME_ZONE,
      })
    : "";
  const work = lead.service && lead.service !== "Not sure" ? lead.service.toLowerCase() : "work";
  return {
    title: draftTitle(lead.service, lead.city),
    category: categoryForService(lead.service) ?? "",
    description: `${work.charAt(0).toUpperCase()}${work.slice(1)} for a homeowner${lead.city ? ` in ${lead.city}` : ""}${done ? `, finished in ${done}` : ""}.`,
  };
}

/** The draft made (or the job's one already there), refused in words, or null for no such lead. */
export type DraftOutcome = { id: number } | Refusal | null;

/**
 * An unpublished project from a completed job: its service and town (the lead's) decide
 * the pages it will show on once published. The chosen photos stay the lead's (private);
 * a copy of each (the after, and the before when one is chosen) goes through the same
 * decode, clean and variants as any upload into the public library. Both copies' files are
 * written before the rows, and a failure of either leaves neither files nor a project.
 */
export async function addJobToPortfolio(leadId: number, input: PortfolioDraftInput): Promise<DraftOutcome> {
  const lead = getLead(leadId);
  if (!lead) return null;
  if (!lead.completedAt) return refusal(JOB_MESSAGES.notCompleted, { status: 409 });
  // One project per job: a second click (or a form posted twice) opens the one there is.
  const existing = findLeadProject(leadId);
  if (existing) return { id: existing.id };
  const draft = {
    title: input.title,
    category: input.category,
    description: input.description,
    altText: input.altText,
    service: lead.service,
    town: lead.city?.trim() || null,
    leadId,
  };
  if (input.photoId === undefined) return { id: createDraftProject(draft, null) };
  const photos = listPhotos(leadId);
  const after = await pictureOf(photos, input.photoId);
  if (!after) return refusal(DRAFT_MESSAGES.noPhoto, { field: "photoId" });
  const before = input.beforePhotoId === undefined ? undefined : await pictureOf(photos, input.beforePhotoId);
  if (before === null) return refusal(DRAFT_MESSAGES.noPhoto, { field: "beforePhotoId" });
  const id = await withPictureFiles({ after, before }, "library", (files) =>
    createDraftProject(draft, files.after!, files.before ? { file: files.before, alt: input.beforeAltText } : null),
  );
  return { id };
}

/** A copy of one of the lead's photos, cleaned for the library; null when it is not the lead's or cannot be read. */
async function pictureOf(photos: LeadPhoto[], id: number): Promise<PictureUpload | null> {
  const photo = photos.find((p) => p.id === id);
  const file = photo ? await readUpload(photo.storedName, "private") : null;
  const image = file ? await cleanImage(file.bytes) : null;
  return photo && image ? { image, name: photo.originalName } : null;
}
