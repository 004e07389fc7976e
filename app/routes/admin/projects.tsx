import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { ImageLibrary } from "~/components/admin/image-library";
import { ProjectEditor, ProjectTable } from "~/components/admin/project-editor";
import { BusinessFactsForm } from "~/components/business-facts-form";
import { ContactSettingsForm } from "~/components/contact-settings-form";
import { ConfirmDelete, EditorDialog, primaryButton } from "~/components/admin-ui";
import { parseId, redirectWithFlash } from "~/lib/admin-actions.server";
import { requireAdmin } from "~/lib/auth.server";
import type { z } from "zod";
import { BusinessFactsFormSchema, factsFromForm } from "~/lib/business";
import { ContactSettingsFormSchema } from "~/lib/contact-settings";
import { nameAtWidth } from "~/lib/image-variants";
import { uploadToLibrary } from "~/lib/library-upload.server";
import { cleanImage } from "~/lib/image-clean.server";
import { IMAGE_REQUIRED, ProjectSchema } from "~/lib/project-form";
import { uploadUrl } from "~/lib/storage.server";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { parseUploadForm } from "~/lib/upload.server";
import { countImages, deleteImage, getImage, listImages, updateImageAlt } from "~/models/image.server";
import { getSetting, setSetting } from "~/models/settings.server";
import { createProject, deleteProject, getProject, listProjects, updateProject, type ProjectCard } from "~/models/project.server";
import type { Route } from "./+types/projects";

const TABS = [
  { value: "all", label: "All Projects" },
  { value: "framing", label: "Framing" },
  { value: "roofing", label: "Roofing" },
  { value: "bright-green", label: "Bright Green" },
  { value: "images", label: "Images" },
  { value: "contact", label: "Contact" },
] as const;
type Tab = (typeof TABS)[number]["value"];
const PAGE_SIZE = 100;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const tab: Tab = TABS.find((t) => t.value === params.get("tab"))?.value ?? "all";
  const editParam = params.get("edit");
  const editing: "new" | ProjectCard | null = editParam === "new" ? "new" : (getProject(parseId(editParam) ?? 0) ?? null);
  const deleting = getProject(parseId(params.get("delete")) ?? 0) ?? null;
  const page = parseId(params.get("page")) ?? 1;
  const library =
    tab === "images"
      ? {
          images: listImages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }).map((i) => ({ ...i, url: uploadUrl(i.storedName), thumbUrl: uploadUrl(nameAtWidth(i, 480)) })),
          total: countImages(),
          page,
          deleting: getImage(parseId(params.get("deleteImage")) ?? 0) ?? null,
        }
      : null;
  const projects = tab === "images" || tab === "contact" ? [] : listProjects(tab === "all" ? undefined : tab);
  const contactSettings = tab === "contact" ? getSetting("contact") : null;
  const businessFacts = tab === "contact" ? getSetting("business") : null;
  return { tab, projects, editing, deleting, library, contactSettings, businessFacts };
}

type ActionResult =
  | { form: "project" | "contact-settings" | "business-facts"; result: SubmissionResult<string[]> }
  | { form: "upload"; error: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const back = listUrl(request);
  const parsed = await parseUploadForm(request);
  const intent = "form" in parsed ? parsed.form.get("intent") : null;

  if ("error" in parsed) {
    // Too large: refused while streaming, before the form's other fields could be read.
    return data<ActionResult>({ form: "upload", error: parsed.error }, { status: 413 });
  }
  const { form, files } = parsed;

  switch (intent) {
    case "delete-project": {
      const ok = deleteProject(parseId(form.get("id")) ?? 0);
      return redirectWithFlash(back, ok ? { type: "success", message: "Project deleted successfully" } : { type: "error", message: "Failed to delete project" });
    }
    case "delete-image": {
      const ok = deleteImage(parseId(form.get("id")) ?? 0);
      return redirectWithFlash("/admin?tab=images", ok ? { type: "success", message: "Image deleted successfully" } : { type: "error", message: "Failed to delete image" });
    }
    case "save-alt": {
      updateImageAlt(parseId(form.get("id")) ?? 0, String(form.get("alt") ?? "").trim().slice(0, 200));
      return redirectWithFlash("/admin?tab=images", { type: "success", message: "Alt text saved" });
    }
    case "save-contact-settings":
      return saveSettingsForm(form, {
        name: "contact-settings",
        schema: ContactSettingsFormSchema,
        save: (value) => setSetting("contact", value),
        failed: "Failed to save contact settings",
        saved: "Contact settings saved successfully",
      });
    case "save-business-facts":
      return saveSettingsForm(form, {
        name: "business-facts",
        schema: BusinessFactsFormSchema,
        save: (value) => setSetting("business", factsFromForm(value)),
        failed: "Failed to save business details",
        saved: "Business details saved successfully",
      });
    case "upload-image": {
      const result = await uploadToLibrary(parsed);
      if (!result.ok) return data<ActionResult>({ form: "upload", error: result.message }, { status: result.status });
      return redirectWithFlash("/admin?tab=images", { type: "success", message: result.message });
    }
    default:
      return saveProject(form, files.get("image"), back);
  }
}

async function saveProject(form: FormData, file: { bytes: Uint8Array; name: string } | undefined, back: string) {
  const submission = parseWithZod(form, { schema: ProjectSchema });
  if (submission.status !== "success") return data<ActionResult>({ form: "project", result: submission.reply() }, { status: 400 });
  const { id, ...input } = submission.value;
  const imageError = (message: string) =>
    data<ActionResult>({ form: "project", result: submission.reply({ fieldErrors: { image: [message] } }) }, { status: 400 });
  const cleaned = file ? await cleanImage(file.bytes) : undefined;
  if (cleaned === null) return imageError(UPLOAD_MESSAGES.notImage);
  if (!id && !cleaned) return imageError(IMAGE_REQUIRED);
  const image = cleaned && file ? { image: cleaned, originalName: file.name } : undefined;
  try {
    if (id) {
      if (!(await updateProject(id, { id, ...input }, image))) throw new Error(`Project ${id} no longer exists`);
      return redirectWithFlash(back, { type: "success", message: "Project updated successfully" });
    }
    await createProject(input, image!);
    return redirectWithFlash(back, { type: "success", message: "Project created successfully" });
  } catch (error) {
    console.error("Saving a project failed:", error);
    return data<ActionResult>({ form: "project", result: submission.reply({ formErrors: ["Failed to save project"] }) }, { status: 500 });
  }
}

/** The list the visitor came from: same tab, no editor open. */
function listUrl(request: Request): string {
  const tab = new URL(request.url).searchParams.get("tab");
  return tab && tab !== "all" ? `/admin?tab=${encodeURIComponent(tab)}` : "/admin";
}

/** The Contact tab's two settings forms: validate, store, and come back with a message. */
async function saveSettingsForm<S extends z.ZodType<Record<string, unknown>>>(
  form: FormData,
  opts: { name: "contact-settings" | "business-facts"; schema: S; save: (value: z.output<S>) => void; failed: string; saved: string },
) {
  const submission = parseWithZod(form, { schema: opts.schema });
  if (submission.status !== "success") return data<ActionResult>({ form: opts.name, result: submission.reply() }, { status: 400 });
  try {
    opts.save(submission.value);
  } catch (error) {
    console.error(`${opts.failed}:`, error);
    return data<ActionResult>({ form: opts.name, result: submission.reply({ formErrors: [opts.failed] }) }, { status: 500 });
  }
  return redirectWithFlash("/admin?tab=contact", { type: "success", message: opts.saved });
}

export default function AdminProjects({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, projects, editing, deleting, library, contactSettings, businessFacts } = loaderData;
  const base = tab === "all" ? "/admin" : `/admin?tab=${tab}`;
  const withParam = (key: string, value: string | number) => `${base}${base.includes("?") ? "&" : "?"}${key}=${value}`;
  const projectResult = actionData?.form === "project" ? actionData.result : undefined;
  const uploadError = actionData?.form === "upload" ? actionData.error : undefined;

  return (
    <>
      <h1 className="text-2xl font-bold">Projects</h1>
      <nav aria-label="Admin sections" className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.value}
            to={t.value === "all" ? "/admin" : `/admin?tab=${t.value}`}
            aria-current={t.value === tab ? "page" : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${t.value === tab ? "bg-ink text-white" : "bg-white shadow-sm hover:bg-brand-soft"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>

      {tab === "images" && library ? (
        <ImageLibrary library={library} pageSize={PAGE_SIZE} uploadError={uploadError} />
      ) : tab === "contact" && contactSettings && businessFacts ? (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <ContactSettingsForm settings={contactSettings} lastResult={actionData?.form === "contact-settings" ? actionData.result : undefined} />
          <BusinessFactsForm facts={businessFacts} lastResult={actionData?.form === "business-facts" ? actionData.result : undefined} />
        </div>
      ) : (
        <>
          {uploadError && (
            <p role="alert" className="rounded-md bg-red-50 px-4 py-3 font-medium text-red-800">
              {uploadError}
            </p>
          )}
          <div className="flex justify-end">
            <Link to={withParam("edit", "new")} preventScrollReset className={primaryButton}>
              <Plus aria-hidden className="size-4" /> Add New Project
            </Link>
          </div>
          {projects.length === 0 ? (
            <div className="rounded-xl bg-white p-10 text-center shadow-sm">
              <p className="text-ink-soft">No portfolio projects added yet.</p>
              <Link to={withParam("edit", "new")} className={`${primaryButton} mt-4`}>
                Add Your First Project
              </Link>
            </div>
          ) : (
            <ProjectTable projects={projects} linkFor={withParam} />
          )}
        </>
      )}

      {editing && (
        <EditorDialog key={editing === "new" ? "new" : editing.id} title={editing === "new" ? "Add New Project" : "Edit Project"} closeTo={base}>
          <ProjectEditor
            project={editing === "new" ? null : editing}
            lastResult={projectResult}
            uploadError={uploadError}
            closeTo={base}
            defaultCategory={tab}
          />
        </EditorDialog>
      )}
      {deleting && (
        <ConfirmDelete
          title="Delete Project"
          question="Are you sure you want to delete this project?"
          detail={deleting.title}
          id={deleting.id}
          intent="delete-project"
          closeTo={base}
        />
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Projects | Admin" }, { name: "robots", content: "noindex" }];
