import { categoryForService, draftTitle } from "~/lib/portfolio-draft";
import type { PortfolioDraftInput } from "~/lib/portfolio-draft-form";
import { getLead } from "~/models/lead.server";
import { listPhotos } from "~/models/lead-photo.server";
import { createDraftProject, findLeadProject } from "~/models/project.server";
import { cleanImage } from "~/server/image-clean.server";
import { readUpload } from "~/server/storage.server";
import { withImageFiles } from "./image-storage.server";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";

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

export type DraftOutcome = { ok: true; id: number } | { ok: false; reason: "not found" | "not completed" | "photo" };

/**
 * An unpublished project from a completed job: its service and town (the lead's) decide
 * the pages it will show on once published. The chosen photo stays the lead's (private);
 * a copy goes through the same decode, clean and variants as any upload into the public
 * library, and becomes the project's picture.
 */
export async function addJobToPortfolio(leadId: number, input: PortfolioDraftInput): Promise<DraftOutcome> {
  const lead = getLead(leadId);
  if (!lead) return { ok: false, reason: "not found" };
  if (!lead.completedAt) return { ok: false, reason: "not completed" };
  // One project per job: a second click (or a form posted twice) opens the one there is.
  const existing = findLeadProject(leadId);
  if (existing) return { ok: true, id: existing.id };
  const draft = {
    title: input.title,
    category: input.category,
    description: input.description,
    altText: input.altText,
    service: lead.service,
    town: lead.city?.trim() || null,
    leadId,
  };
  if (input.photoId === undefined) return { ok: true, id: createDraftProject(draft, null) };
  const photo = listPhotos(leadId).find((p) => p.id === input.photoId);
  const file = photo ? await readUpload(photo.storedName, "private") : null;
  const image = file ? await cleanImage(file.bytes) : null;
  if (!photo || !image) return { ok: false, reason: "photo" };
  const id = await withImageFiles(image, photo.originalName, "library", (stored) => createDraftProject(draft, stored));
  return { ok: true, id };
}
