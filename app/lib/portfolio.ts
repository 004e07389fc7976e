import { href } from "react-router";
import { PROJECT_CATEGORIES, type ProjectCategory } from "~/lib/project-categories";
import type { SitePicture } from "~/lib/site-media";

/** A project as the public pages and the admin table show it: text, and a picture with its URLs. */
export type ProjectCard = {
  id: number;
  title: string;
  category: ProjectCategory;
  description: string;
  mediaType: "image" | "video";
  videoUrl: string | null;
  altText: string;
  featured: boolean;
  image: { url: string; srcSet?: string; width: number | null; height: number | null } | null;
};

/**
 * A project as the admin lists it: also whether it is published (a draft never shows
 * publicly), who published it ("Published by Kim on Nov 27, 2026", lib/by-line.ts; null
 * for a draft or a row from before accounts), and the job it came from.
 */
export type AdminProjectCard = ProjectCard & {
  published: boolean;
  publishedBy: string | null;
  leadId: number | null;
  service: string | null;
  town: string | null;
};

/**
 * A project on its own page: also its before picture, shown beside its picture (the after)
 * as a pair. Lists and tiles show the after alone.
 */
export type ProjectPageCard = ProjectCard & { before: SitePicture | null };

/** A project as its editor opens it: also its before picture, to keep, replace or remove. */
export type EditableProject = AdminProjectCard & { before: SitePicture | null };

/**
 * A project as a tile in a list: no description. Lists are what long pages carry in their
 * hydration data; the description is read when its dialog opens (`ProjectDescription`, a
 * list of nine carried ~1.2 KB of text nobody sees before a tap).
 */
export type GalleryCard = Omit<ProjectCard, "description">;

/** What `/portfolio/:id/description` answers: the one thing a tile's dialog needs that the list leaves out. */
export type ProjectDescription = Pick<ProjectCard, "description">;

export function galleryCard({ description: _, ...card }: ProjectCard): GalleryCard {
  return card;
}

export const PORTFOLIO_TABS = [
  { value: "all", label: "All Projects" },
  { value: "framing", label: "Framing" },
  { value: "roofing", label: "Roofing" },
  { value: "bright-green", label: "Bright Green" },
] as const;
export type PortfolioTab = (typeof PORTFOLIO_TABS)[number]["value"];

export const CAROUSEL_TITLES: Record<ProjectCategory, string> = {
  framing: "Framing Projects",
  roofing: "Roofing Projects",
  "bright-green": "Bright Green Roof Treatment Projects",
};

export const EMPTY_CATEGORY_TEXT: Record<ProjectCategory, string> = {
  framing: "No framing projects found in the gallery.",
  roofing: "No roofing projects found in the gallery.",
  "bright-green": "No Bright Green projects found in the gallery.",
};

/** Whether the portfolio shows any project at all (none yet after the demo content is removed). */
export const hasPublicProjects = (counts: Record<ProjectCategory, number>) => Object.values(counts).some((n) => n > 0);

/** The portfolio page before the owner's first project: said plainly, with the way to a quote. */
export const NO_PROJECTS_YET_TEXT =
  "Photos of our finished jobs are coming soon. In the meantime, we are glad to tell you about work like yours and give you a free quote.";

export const CAROUSEL_SCROLL_PX = 300;

/** Reads the tab from a query value; anything unknown is the All tab. */
export function parsePortfolioTab(value: string | null): PortfolioTab {
  return PORTFOLIO_TABS.some((t) => t.value === value) ? (value as PortfolioTab) : "all";
}

/** The projects in the order a visitor meets them: category by category, as the carousels show them. */
export function galleryOrder<P extends { category: ProjectCategory }>(
  projects: readonly P[],
  tab: PortfolioTab = "all",
): P[] {
  const categories = tab === "all" ? PROJECT_CATEGORIES : [tab];
  return categories.flatMap((category) => projects.filter((p) => p.category === category));
}

/** The projects before and after one in gallery order (none past either end). */
export function neighbors<P extends { id: number }>(
  ordered: readonly P[],
  id: number,
): { previous: P | null; next: P | null } {
  const at = ordered.findIndex((p) => p.id === id);
  if (at === -1) return { previous: null, next: null };
  return { previous: ordered[at - 1] ?? null, next: ordered[at + 1] ?? null };
}

export const projectPath = (id: number) => href("/portfolio/:id", { id: String(id) });

/** The portfolio page showing one tab ("all" is the page itself). */
export const portfolioTabHref = (tab: PortfolioTab) =>
  tab === "all" ? href("/portfolio") : `${href("/portfolio")}?category=${tab}`;

/** A project page's id from its URL segment: digits only, no leading zeros, so each project has one address. */
export function parseProjectId(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  return Number(segment);
}

// Bounded public lists (decision 0055): however many projects the owner adds, a
// carousel shows its first few and the portfolio pages a category at a time.

/** Tiles each category's carousel shows on the home page and the portfolio's All tab. */
export const CAROUSEL_TILES = 8;
/** Tiles on one page of a portfolio category (Framing, Roofing, Bright Green). */
export const PORTFOLIO_PAGE_SIZE = 24;

/** Where a portfolio category's page starts: after or before a project (its id), or at the first. */
export type PortfolioCursor = { after?: number; before?: number };

export function parsePortfolioCursor(params: URLSearchParams): PortfolioCursor {
  const after = parseProjectId(params.get("after") ?? undefined);
  const before = parseProjectId(params.get("before") ?? undefined);
  return after ? { after } : before ? { before } : {};
}

/** A portfolio category's page starting after (or ending before) a project: plain links, scripts or not. */
export function portfolioPageHref(tab: Exclude<PortfolioTab, "all">, cursor: PortfolioCursor): string {
  const query = new URLSearchParams({ category: tab });
  if (cursor.after) query.set("after", String(cursor.after));
  else if (cursor.before) query.set("before", String(cursor.before));
  return `${href("/portfolio")}?${query}`;
}

type OrderKey = { featured: boolean; sortOrder: number; createdAt: Date; id: number };

/** Gallery order as a comparison: featured first, the owner's order, newest first, then the later id. */
export function compareGalleryOrder(a: OrderKey, b: OrderKey): number {
  return (
    Number(b.featured) - Number(a.featured) ||
    a.sortOrder - b.sortOrder ||
    b.createdAt.getTime() - a.createdAt.getTime() ||
    b.id - a.id
  );
}
