import { z } from "~/lib/zod";
import type { ListLimits } from "./form-lists";
import { AREAS, areaRouteId, SERVICES } from "./landing-pages";

// The owner's words for the public pages and the facts a homeowner looks for,
// stored as the settings groups "words" and "trust". Empty means the defaults in
// app/content (for words) or nothing shown at all (for facts: never a placeholder).
// Every stored field falls back on its own (`catch`): one value from an older shape or a
// hand edit costs that value, not the owner's other facts.

const text = (max: number) => z.string().max(max).default("").catch("");

/** Trust facts: each optional, shown only when filled in. */
export const TrustFactsSchema = z.object({
  // What the number is ("Kansas roofing registration", "City of Wichita license"); added later.
  licenseName: text(120),
  licenseNumber: text(80),
  // null: not said; the carrier only shows with insured true.
  insured: z.boolean().nullable().default(null).catch(null),
  insuranceCarrier: text(120),
  certifications: z.array(z.string().max(120)).max(10).default([]).catch([]),
  warrantyYears: z.number().int().min(1).max(100).nullable().default(null).catch(null),
  foundedYear: z.number().int().min(1850).max(2100).nullable().default(null).catch(null),
});
export type TrustFacts = z.infer<typeof TrustFactsSchema>;
export const DEFAULT_TRUST_FACTS: TrustFacts = {
  licenseName: "",
  licenseNumber: "",
  insured: null,
  insuranceCarrier: "",
  certifications: [],
  warrantyYears: null,
  foundedYear: null,
};

/** A page's hero words; empty strings fall back to the page's copy in app/content. */
const PageWordsSchema = z.object({ headline: text(120), intro: text(400) });
export type PageWords = { headline: string; intro: string };

export const TeamMemberSchema = z.object({
  name: z.string().min(1).max(80),
  role: text(80),
  // A line about the person ("Twenty years on Kansas roofs"); added later.
  bio: text(300),
  imageId: z.number().int().positive().nullable().default(null).catch(null),
  alt: text(200),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** The most people the About page shows. */
export const MAX_TEAM = 12;
/** The most certifications the pages list. */
export const MAX_CERTIFICATIONS = 10;

export const SiteWordsSchema = z.object({
  // Keyed by the page's id (see PAGE_IDS): only pages the owner changed.
  pages: z.record(z.string(), PageWordsSchema).default({}).catch({}),
  aboutStory: text(4000),
  team: z.array(TeamMemberSchema).max(MAX_TEAM).default([]).catch([]),
});
export type SiteWords = z.infer<typeof SiteWordsSchema>;
export const DEFAULT_SITE_WORDS: SiteWords = { pages: {}, aboutStory: "", team: [] };

/** Every page whose hero words the owner may change: home, About, each service and town page. */
export const PAGE_IDS = ["home", "about", ...SERVICES.map((s) => s.id), ...AREAS.map((a) => areaRouteId(a.slug))] as [
  string,
  ...string[],
];
export type PageId = (typeof PAGE_IDS)[number];
export const isPageId = (value: unknown): value is PageId => typeof value === "string" && PAGE_IDS.includes(value);

// --- The admin's forms (one schema each, read by conform in the browser and by the action) ---

export const WORDS_INTENTS = { page: "save-page-words", about: "save-about", trust: "save-trust-facts" } as const;

const optional = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v ?? "");

export const PageWordsFormSchema = z.object({
  page: z.enum(PAGE_IDS, { error: "Please pick a page from the list" }),
  headline: optional(120, "Keep the headline under 120 characters"),
  intro: optional(400, "Keep the intro under 400 characters"),
});

const teamMember = z.object({
  name: z
    .string({ error: "Please enter the person's name" })
    .trim()
    .min(1, "Please enter the person's name")
    .max(80, "Keep the name under 80 characters"),
  role: optional(80, "Keep the role under 80 characters"),
  bio: optional(300, "Keep this line under 300 characters"),
  imageId: z
    .number({ error: "Please pick a photo from the list" })
    .int()
    .positive("Please pick a photo from the list")
    .optional(),
  alt: optional(200, "Keep the description under 200 characters"),
});

/** The About form's list, bounded before the form is parsed (lib/form-lists.ts). */
export const ABOUT_LISTS: ListLimits = { team: MAX_TEAM };

export const AboutFormSchema = z.object({
  story: optional(4000, "Keep the story under 4,000 characters"),
  team: z.array(teamMember).max(MAX_TEAM, `${MAX_TEAM} people at most`).default([]),
  // "up-3" / "down-3": the team member's arrows, saved with the rest of the form.
  move: z
    .string()
    .regex(/^(up|down)-\d{1,2}$/)
    .optional(),
});
export type AboutForm = z.infer<typeof AboutFormSchema>;

const year = new Date().getFullYear();
const yearMessage = `Please enter a year between 1850 and ${year}, like 1998`;
const yearsMessage = "Please enter a number of years between 1 and 100, like 10";

export const TrustFactsFormSchema = z.object({
  licenseName: optional(120, "Keep this under 120 characters"),
  licenseNumber: optional(80, "Keep the number under 80 characters"),
  insured: z.enum(["yes", "no"], { error: "Please choose yes, no or not said" }).optional(),
  insuranceCarrier: optional(120, "Keep the insurer's name under 120 characters"),
  // One a line: the textarea a tradesman fills in fastest.
  certifications: optional(MAX_CERTIFICATIONS * 121, "Keep each certification under 120 characters")
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(120, "Keep each certification under 120 characters"))
        .max(MAX_CERTIFICATIONS, `Please list ${MAX_CERTIFICATIONS} certifications at most, one a line`),
    ),
  warrantyYears: z
    .number({ error: yearsMessage })
    .int(yearsMessage)
    .min(1, yearsMessage)
    .max(100, yearsMessage)
    .optional(),
  foundedYear: z
    .number({ error: yearMessage })
    .int(yearMessage)
    .min(1850, yearMessage)
    .max(year, yearMessage)
    .optional(),
});
export type TrustFactsForm = z.infer<typeof TrustFactsFormSchema>;

/** The submitted form as the facts to store. A carrier without "insured: yes" is kept but not shown. */
export function trustFactsFromForm(form: TrustFactsForm): TrustFacts {
  return {
    licenseName: form.licenseName,
    licenseNumber: form.licenseNumber,
    insured: form.insured === undefined ? null : form.insured === "yes",
    insuranceCarrier: form.insuranceCarrier,
    certifications: form.certifications,
    warrantyYears: form.warrantyYears ?? null,
    foundedYear: form.foundedYear ?? null,
  };
}

/** The team as submitted, with a member's arrow applied: the order the page shows. */
export function teamFromForm(form: AboutForm): TeamMember[] {
  const team = form.team.map((m) => ({
    name: m.name,
    role: m.role,
    bio: m.bio,
    imageId: m.imageId ?? null,
    alt: m.alt,
  }));
  const move = form.move?.match(/^(up|down)-(\d+)$/);
  if (move) {
    const from = Number(move[2]);
    const to = move[1] === "up" ? from - 1 : from + 1;
    if (from < team.length && to >= 0 && to < team.length) [team[from], team[to]] = [team[to], team[from]];
  }
  return team;
}

/** Blank lines split the story into paragraphs. */
export function storyParagraphs(story: string): string[] {
  return story
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
