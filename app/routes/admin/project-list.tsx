import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { data, href, Link, useLocation } from "react-router";
import { pageQuery, withPageParam } from "~/lib/page-query";
import { ProjectEditor, projectRow, ProjectTable } from "~/components/admin/project-editor";
import { ProjectTabs } from "~/components/admin/section-tabs";
import { ConfirmDelete, EditorDialog, primaryButton } from "~/components/admin-ui";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { refuseUnknownIntent } from "~/server/request-body.server";
import { requireAccess, requireIntent, requirePublisher } from "~/services/access.server";
import { mayPost } from "~/lib/access";
import { cleanImage } from "~/server/image-clean.server";
import { PROJECT_CATEGORIES, type ProjectCategory } from "~/lib/project-categories";
import { IMAGE_REQUIRED, ProjectSchema } from "~/lib/project-form";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { parseUploadForm } from "~/server/upload.server";
import type { EditableProject } from "~/lib/portfolio";
import {
  createProject,
  deleteProject,
  getProjectCard,
  listProjectCards,
  setProjectPublished,
  updateProject,
} from "~/services/project-cards.server";
import { notFound } from "~/server/responses.server";
import { countProjects, hasProjectBeyond } from "~/models/project.server";
import { Pager } from "~/components/pager";
import type { Route } from "./+types/project-list";
import { PROJECT_INTENTS } from "~/lib/project-form";

/** All projects at /admin/projects, one category at /admin/projects/:category. */
function categoryFrom(params: { category?: string }): ProjectCategory | undefined {
  if (params.category === undefined) return undefined;
  const category = PROJECT_CATEGORIES.find((c) => c === params.category);
  if (!category) notFound();
  return category;
}

/** Why the editor stays shut for someone who may not change what is on the site (decision 0048). */
export const PROJECT_ON_SITE =
  "This project is on the site: only the owner edits it. Ask the owner to change it, or to unpublish it so you can.";
/** Projects on one admin page: years of them stay a small page. */
const PROJECTS_PAGE_SIZE = 50;
export const PROJECT_DRAFTED = "Project saved as a draft: it shows on the site once the owner publishes it";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { role } = await requireAccess(request, "admin-projects");
  const url = new URL(request.url);
  const category = categoryFrom(params);
  const editParam = url.searchParams.get("edit");
  const found: "new" | EditableProject | null =
    editParam === "new" ? "new" : (getProjectCard(parseId(editParam) ?? 0) ?? null);
  const deleting = getProjectCard(parseId(url.searchParams.get("delete")) ?? 0) ?? null;
  // The owner publishes, adds straight to the site and deletes; the office adds and edits drafts.
  const publishes = mayPost(role, "admin-projects", PROJECT_INTENTS.publish);
  // A published one typed into the address bar: its save would be refused, so it does not open.
  const refused = !publishes && found !== null && found !== "new" && found.published;
  // One page; a link past either end, or naming a project deleted since: the first page.
  const after = parseId(url.searchParams.get("after")) ?? undefined;
  const before = after ? undefined : (parseId(url.searchParams.get("before")) ?? undefined);
  let projects = listProjectCards(category, { after, before, limit: PROJECTS_PAGE_SIZE });
  if (projects.length === 0 && (after || before)) projects = listProjectCards(category, { limit: PROJECTS_PAGE_SIZE });
  const [first, last] = [projects[0], projects[projects.length - 1]];
  const base = url.pathname;
  return {
    category: category ?? "all",
    projects: projects.map(projectRow),
    total: countProjects(category),
    // Keyset links: the pages before and after this one start from its first and last project.
    newer: first && hasProjectBeyond("before", first.id, category) ? `${base}?before=${first.id}` : null,
    older: last && hasProjectBeyond("after", last.id, category) ? `${base}?after=${last.id}` : null,
    editing: refused ? null : found,
    refused: refused ? PROJECT_ON_SITE : null,
    deleting: publishes ? deleting : null,
    publishes,
  };
}

type ActionResult = { form: "project"; result: SubmissionResult<string[]> } | { form: "upload"; error: string };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, "admin-projects");
  categoryFrom(params);
  // Back to the list and the page the owner came from, with no editor open.
  const url = new URL(request.url);
  const back = url.pathname + pageQuery(url.search);
  const parsed = await parseUploadForm(request);
  if ("error" in parsed) {
    // Too large: refused while streaming, before the form's other fields could be read.
    return data<ActionResult>({ form: "upload", error: parsed.error }, { status: 413 });
  }
  const { form, files } = parsed;
  requireIntent(user, "admin-projects", form.get("intent"));
  const publishes = mayPost(user.role, "admin-projects", PROJECT_INTENTS.publish);
  if (form.get("intent") === PROJECT_INTENTS.save) {
    // An edit of a published project changes the site: the owner's. A draft, or a new one from the office (a draft), is not.
    const id = parseId(form.get("id"));
    requirePublisher(user, id !== null && getProjectCard(id)?.published !== false);
  }
  switch (form.get("intent")) {
    case PROJECT_INTENTS.publish:
    case PROJECT_INTENTS.unpublish: {
      const publish = form.get("intent") === PROJECT_INTENTS.publish;
      const ok = setProjectPublished(parseId(form.get("id")) ?? 0, publish, user.userId);
      const done = publish ? "Project published: it now shows on the site" : "Project unpublished: it is a draft again";
      return redirectWithFlash(
        back,
        ok ? { type: "success", message: done } : { type: "error", message: "Failed to save project" },
      );
    }
    case PROJECT_INTENTS.delete: {
      const ok = deleteProject(parseId(form.get("id")) ?? 0);
      return redirectWithFlash(
        back,
        ok
          ? { type: "success", message: "Project deleted successfully" }
          : { type: "error", message: "Failed to delete project" },
      );
    }
    case PROJECT_INTENTS.save:
      return saveProject(form, files, back, { by: user.userId, draft: !publishes });
    default:
      return refuseUnknownIntent();
  }
}

/** Saving a project deleted meanwhile (in another tab): back to the list, as deleting it again would. */
const PROJECT_GONE = "Failed to save project: it was deleted in the meantime";

type PostedFile = { bytes: Uint8Array; name: string };

/**
 * `draft`: a new one waits for the owner to publish it (the office's); otherwise it is on
 * the site at once, published by `by`. Files: `image` (the picture) and, for a project
 * being edited, `beforeImage` (its before picture).
 */
async function saveProject(
  form: FormData,
  files: Map<string, PostedFile>,
  back: string,
  opts: { by: number; draft: boolean },
) {
  const submission = parseWithZod(form, { schema: ProjectSchema });
  if (submission.status !== "success")
    return data<ActionResult>({ form: "project", result: submission.reply() }, { status: 400 });
  const { id, beforeAltText, removeBefore, ...input } = submission.value;
  const imageError = (field: "image" | "beforeImage", message: string) =>
    data<ActionResult>(
      { form: "project", result: submission.reply({ fieldErrors: { [field]: [message] } }) },
      { status: 400 },
    );
  const image = await cleanedPicture(files.get("image"));
  if (image === null) return imageError("image", UPLOAD_MESSAGES.notImage);
  if (!id && !image) return imageError("image", IMAGE_REQUIRED);
  const beforeImage = await cleanedPicture(files.get("beforeImage"));
  if (beforeImage === null) return imageError("beforeImage", UPLOAD_MESSAGES.notImage);
  try {
    if (id) {
      const before = { picture: beforeImage, remove: removeBefore, alt: beforeAltText ?? "" };
      if (!(await updateProject(id, { id, ...input }, image, before)))
        return redirectWithFlash(back, { type: "error", message: PROJECT_GONE });
      return redirectWithFlash(back, { type: "success", message: "Project updated successfully" });
    }
    await createProject(input, image!, opts);
    return redirectWithFlash(back, {
      type: "success",
      message: opts.draft ? PROJECT_DRAFTED : "Project created successfully",
    });
  } catch (error) {
    console.error("Saving a project failed:", error);
    return data<ActionResult>(
      { form: "project", result: submission.reply({ formErrors: ["Failed to save project"] }) },
      { status: 500 },
    );
  }
}

/** A posted file cleaned for the library: undefined when none was chosen, null when it is not a picture. */
async function cleanedPicture(file: PostedFile | undefined) {
  if (!file) return undefined;
  const image = await cleanImage(file.bytes);
  return image && { image, originalName: file.name };
}

export default function AdminProjects({ loaderData, actionData }: Route.ComponentProps) {
  const { category, projects, total, newer, older, editing, refused, deleting, publishes } = loaderData;
  const base = category === "all" ? href("/admin/projects") : href("/admin/projects/:category", { category });
  // The editor and the delete question open on, close to and save back to this page.
  const { search } = useLocation();
  const withParam = (key: string, value: string | number) => withPageParam(base, search, key, value);
  const here = base + pageQuery(search);
  const projectResult = actionData?.form === "project" ? actionData.result : undefined;
  const uploadError = actionData?.form === "upload" ? actionData.error : undefined;

  return (
    <>
      <ProjectTabs />
      {uploadError && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 font-medium text-red-800">
          {uploadError}
        </p>
      )}
      {refused && (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {refused}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {!publishes && (
          <p className="max-w-prose text-sm text-ink-soft">
            What you add or edit stays a draft until the owner publishes it. Published projects are the owner&rsquo;s to
            change.
          </p>
        )}
        <Link to={withParam("edit", "new")} preventScrollReset className={`${primaryButton} ml-auto`}>
          <Plus aria-hidden className="size-4" /> {publishes ? "Add New Project" : "Add New Draft"}
        </Link>
      </div>
      {total === 0 ? (
        <div className="rounded-xl bg-white p-10 text-center shadow-sm">
          <p className="text-ink-soft">No portfolio projects added yet.</p>
          <Link to={withParam("edit", "new")} className={`${primaryButton} mt-4`}>
            Add Your First Project
          </Link>
        </div>
      ) : (
        <ProjectTable projects={projects} linkFor={withParam} publishes={publishes} />
      )}
      <Pager label="Pages of projects" newer={newer} older={older} />

      {editing && (
        <EditorDialog
          key={editing === "new" ? "new" : editing.id}
          title={editing === "new" ? (publishes ? "Add New Project" : "Add New Draft") : "Edit Project"}
          closeTo={here}
        >
          <ProjectEditor
            project={editing === "new" ? null : editing}
            publishes={publishes}
            lastResult={projectResult}
            uploadError={uploadError}
            closeTo={here}
            defaultCategory={category}
          />
        </EditorDialog>
      )}
      {deleting && (
        <ConfirmDelete
          title="Delete Project"
          question="Are you sure you want to delete this project?"
          detail={deleting.title}
          id={deleting.id}
          intent={PROJECT_INTENTS.delete}
          closeTo={here}
        />
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Projects | Admin" }, { name: "robots", content: "noindex" }];
