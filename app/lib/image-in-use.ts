import { href } from "react-router";

/** What the owner reads when a picture cannot be deleted because projects show it. */
export function imageInUseMessage(titles: readonly string[]): string {
  const list =
    titles.length <= 1 ? `“${titles[0] ?? ""}”` : `${titles.slice(0, -1).map((t) => `“${t}”`).join(", ")} and “${titles.at(-1)}”`;
  const them = titles.length > 1 ? "those projects" : "that project";
  return `This image is in use: it is the picture of ${list}. Give ${them} another picture first, then delete it.`;
}

/** Where the owner replaces a project's picture: its editor, in its category's tab. */
export const projectEditorHref = (use: { projectId: number; category: string }) =>
  `${href("/admin/projects/:category", { category: use.category })}?edit=${use.projectId}`;
