import { z } from "~/lib/zod";
import { MEDIA_TYPES, PROJECT_CATEGORIES } from "~/lib/project-categories";
import { QUOTE_SERVICES } from "~/lib/contact-form";
import { parseVideoUrl } from "./video";

/** The Projects screen's forms. */
export const PROJECT_INTENTS = {
  save: "save-project",
  publish: "publish",
  unpublish: "unpublish",
  delete: "delete-project",
} as const;

export const PROJECT_REQUIRED = "Title, category and description are required";
export const VIDEO_URL_INVALID = "Please enter a YouTube or Vimeo link";
export const IMAGE_REQUIRED = "Please choose an image";
export const SERVICE_INVALID = "Please choose a service from the list";
export const TOWN_MAX = 100;

/**
 * The work a project can be filed under: the services with a page of their own, and storm
 * damage (shown on the roof repairs page). Left blank, the pages match the project on the
 * words of its title and description.
 */
export const PROJECT_SERVICES = QUOTE_SERVICES.filter((s) => s !== "Not sure");

export const CATEGORY_LABELS = { framing: "Framing", roofing: "Roofing", "bright-green": "Bright Green" } as const;

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false);

/** One schema for the browser (conform) and the action. The file itself is checked on the server. */
export const ProjectSchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    title: z.string({ error: PROJECT_REQUIRED }).trim().min(1, PROJECT_REQUIRED).max(120),
    category: z.enum(PROJECT_CATEGORIES, { error: PROJECT_REQUIRED }),
    description: z.string({ error: PROJECT_REQUIRED }).trim().min(1, PROJECT_REQUIRED).max(2000),
    mediaType: z.enum(MEDIA_TYPES).default("image"),
    videoUrl: z.string().trim().max(500).optional(),
    altText: z.string().trim().max(200).optional(),
    // The before picture's description, and taking the picture away (its file comes as `beforeImage`).
    beforeAltText: z.string().trim().max(200).optional(),
    removeBefore: checkbox,
    featured: checkbox,
    // What puts it on a service's and a town's page. A lead's "Not sure" is kept as it came.
    service: z.enum(QUOTE_SERVICES, { error: SERVICE_INVALID }).optional(),
    // As long as a request's city may be: a job's project starts with it.
    town: z.string().trim().max(TOWN_MAX).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.mediaType === "video" && !parseVideoUrl(p.videoUrl)) {
      ctx.addIssue({ code: "custom", path: ["videoUrl"], message: VIDEO_URL_INVALID });
    }
  });
/** A project's own fields; the before picture's are the editor's change to it (services BeforeEdit). */
export type ProjectInput = Omit<z.infer<typeof ProjectSchema>, "beforeAltText" | "removeBefore">;
