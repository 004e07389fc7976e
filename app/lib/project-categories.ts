/**
 * The kinds of things the database keeps, as plain values the browser may import too.
 * The schema (app/db/schema.ts) takes its column enums from here, never the other way
 * round, so a public page's bundle never pulls in Drizzle to learn a category name.
 */
export const PROJECT_CATEGORIES = ["framing", "roofing", "bright-green"] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];
export const MEDIA_TYPES = ["image", "video"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
