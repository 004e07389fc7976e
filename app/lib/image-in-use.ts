import { href } from "react-router";
import type { ProjectCategory } from "./project-categories";
import { chosenSlots, slotId, slotPlace, type SiteMedia } from "./site-media";

// Where a library picture shows on the site, so the library refuses to delete it: the
// projects whose picture (or before picture) it is, and the places the owner chose it for in the settings
// (his pictures and video; the team's photos on the About page).

/** A project whose picture (or video thumbnail) it is; `before`: whose before picture it is. */
export type ProjectUse = {
  kind?: "project";
  projectId: number;
  title: string;
  category: ProjectCategory;
  before?: boolean;
};
/** A place in the settings: `slot` is the Pictures & Video slot, null for a team photo (Words & Facts). */
export type PageUse = { kind: "page"; title: string; slot: string | null };
export type ImageUse = ProjectUse | PageUse;

/** Where the owner replaces a project's picture: its editor, in its category's tab. */
export const projectEditorHref = (use: { projectId: number; category: string }) =>
  `${href("/admin/projects/:category", { category: use.category })}?edit=${use.projectId}`;

/** Where the owner gives a place another picture. */
export function imageUseHref(use: ImageUse): string {
  if (use.kind !== "page") return projectEditorHref(use);
  if (use.slot === null) return href("/admin/site/words");
  return `${href("/admin/site/pictures")}?slot=${encodeURIComponent(use.slot)}`;
}

/** The settings' uses of library pictures, by image id. */
export function pageImageUses(
  media: SiteMedia,
  words: { team: readonly { name: string; imageId: number | null }[] },
): Map<number, PageUse[]> {
  const uses = new Map<number, PageUse[]>();
  const add = (imageId: number, use: PageUse) => uses.set(imageId, [...(uses.get(imageId) ?? []), use]);
  for (const { slot, choice } of chosenSlots(media))
    add(choice.imageId, { kind: "page", title: slotPlace(slot), slot: slotId(slot) });
  for (const member of words.team) {
    if (member.imageId)
      add(member.imageId, { kind: "page", title: `${member.name}'s photo on the About page`, slot: null });
  }
  return uses;
}

const quoted = (t: string) => `“${t}”`;
const listed = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

/**
 * What the owner reads when a picture cannot be deleted because the site shows it. Plain
 * strings are project titles (the library's older callers).
 */
export function imageInUseMessage(uses: readonly (ImageUse | string)[]): string {
  const all = uses.map((u): ImageUse => (typeof u === "string" ? { projectId: 0, title: u, category: "roofing" } : u));
  const projects = all.filter((u) => u.kind !== "page");
  const pages = all.filter((u) => u.kind === "page").map((u) => u.title);
  const titles = (before: boolean) => projects.filter((u) => !!u.before === before).map((u) => quoted(u.title));
  const pictureOf = [
    ...(titles(false).length || !titles(true).length ? [`the picture of ${listed(titles(false)) || quoted("")}`] : []),
    ...(titles(true).length ? [`the before picture of ${listed(titles(true))}`] : []),
  ];
  if (pages.length === 0) {
    const them = projects.length > 1 ? "those projects" : "that project";
    return `This image is in use: it is ${listed(pictureOf)}. Give ${them} another picture first, then delete it.`;
  }
  const parts = [...pages, ...(projects.length ? pictureOf : [])];
  return `This image is in use: it is ${listed(parts)}. Choose another picture there first, then delete it.`;
}
