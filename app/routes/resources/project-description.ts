import { parseProjectId, type ProjectDescription } from "~/lib/portfolio";
import { getProjectPage } from "~/services/project-cards.server";
import type { Route } from "./+types/project-description";

/**
 * One published project's description, for the portfolio's dialog (lists leave it out, and
 * the dialog used to fetch the project's whole page for it). Answered from the page cache
 * like the pages, which every project write empties.
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = parseProjectId(params.id);
  const project = id === null ? undefined : getProjectPage(id)?.project;
  if (!project) return Response.json({ error: "No such project" }, { status: 404 });
  return Response.json({ description: project.description } satisfies ProjectDescription);
}
