import { categoryForService, draftTitle } from "~/lib/portfolio-draft";
import { DRAFT_MESSAGES, type PortfolioDraftInput } from "~/lib/portfolio-draft-form";
import { getLead } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { createDraftProject, findLeadProject } from "~/models/project.server";
import { cleanImage } from "~/server/image-clean.server";
import { readUpload } from "~/server/storage.server";
import { withImageFiles } from "./image-storage.server";
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
 * the pages it will show on once published. The chosen photo stays the lead's (private);
 * a copy goes through the same decode, clean and variants as any upload into the public
 * library, and becomes the project's picture.
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
  const photo = listPhotos(leadId).find((p) => p.id === input.photoId);
  const file = photo ? await readUpload(photo.storedName, "private") : null;
  const image = file ? await cleanImage(file.bytes) : null;
  if (!photo || !image) return refusal(DRAFT_MESSAGES.noPhoto, { field: "photoId" });
  const id = await withImageFiles(image, photo.originalName, "library", (stored) => createDraftProject(draft, stored));
  return { id };
}
