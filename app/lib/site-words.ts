import { z } from "~/lib/zod";

// The owner's words for the public pages and the facts a homeowner looks for (issue 29.2),
// stored as the settings groups "words" and "trust". Empty means the defaults in
// app/content (for words) or nothing shown at all (for facts: never a placeholder).

/** Trust facts: each optional, shown only when filled in. */
export const TrustFactsSchema = z.object({
  licenseNumber: z.string().max(80).default(""),
  // null: not said; the carrier only shows with insured true.
  insured: z.boolean().nullable().default(null),
  insuranceCarrier: z.string().max(120).default(""),
  certifications: z.array(z.string().max(120)).max(10).default([]),
  warrantyYears: z.number().int().min(1).max(100).nullable().default(null),
  foundedYear: z.number().int().min(1850).max(2100).nullable().default(null),
});
export type TrustFacts = z.infer<typeof TrustFactsSchema>;
export const DEFAULT_TRUST_FACTS: TrustFacts = {
  licenseNumber: "",
  insured: null,
  insuranceCarrier: "",
  certifications: [],
  warrantyYears: null,
  foundedYear: null,
};

/** A page's hero words; empty strings fall back to the page's copy in app/content. */
const PageWordsSchema = z.object({ headline: z.string().max(120).default(""), intro: z.string().max(400).default("") });

export const TeamMemberSchema = z.object({
  name: z.string().min(1).max(80),
  role: z.string().max(80).default(""),
  imageId: z.number().int().positive().nullable().default(null),
  alt: z.string().max(200).default(""),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const SiteWordsSchema = z.object({
  // Keyed by the page's route id (home, about, service-…): only pages the owner changed.
  pages: z.record(z.string(), PageWordsSchema).default({}),
  aboutStory: z.string().max(4000).default(""),
  team: z.array(TeamMemberSchema).max(12).default([]),
});
export type SiteWords = z.infer<typeof SiteWordsSchema>;
export const DEFAULT_SITE_WORDS: SiteWords = { pages: {}, aboutStory: "", team: [] };
