import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Copy, Plus, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { toast } from "react-toastify";
import { AdminThumb } from "~/components/admin-image";
import { BusinessFactsForm } from "~/components/business-facts-form";
import { ContactSettingsForm } from "~/components/contact-settings-form";
import { AdminTable, ConfirmDelete, EditorDialog, FieldError, inputClass, primaryButton, RowActions, secondaryButton } from "~/components/admin-ui";
import { PROJECT_CATEGORIES, type Image } from "~/db/schema";
import { parseId, redirectWithFlash } from "~/lib/admin-actions.server";
import { requireAdmin } from "~/lib/auth.server";
import type { z } from "zod";
import { BusinessFactsFormSchema, factsFromForm } from "~/lib/business";
import { ContactSettingsFormSchema } from "~/lib/contact-settings";
import { formatBytes } from "~/lib/format-bytes";
import { nameAtWidth } from "~/lib/image-variants";
import { uploadToLibrary } from "~/lib/library-upload.server";
import { sniffImage } from "~/lib/image-type";
import { CATEGORY_LABELS, IMAGE_REQUIRED, PROJECT_REQUIRED, ProjectSchema } from "~/lib/project-form";
import { uploadUrl } from "~/lib/storage.server";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { parseUploadForm } from "~/lib/upload.server";
import { useHydrated } from "~/lib/use-hydrated";
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
  const multipart = request.headers.get("Content-Type")?.startsWith("multipart/form-data");
  const parsed = multipart ? await parseUploadForm(request) : { form: await request.formData(), files: new Map() };
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
        save: (value) => setSetting("business", factsFromForm(value, getSetting("business"))),
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
  if (file && !sniffImage(file.bytes)) return imageError(UPLOAD_MESSAGES.notImage);
  if (!id && !file) return imageError(IMAGE_REQUIRED);
  const image = file ? { bytes: file.bytes, originalName: file.name } : undefined;
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
        <ImageLibrary library={library} uploadError={uploadError} />
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

function ProjectTable({ projects, linkFor }: { projects: ProjectCard[]; linkFor: (key: string, value: number) => string }) {
  return (
    <AdminTable columns={["Image", "Title", "Category", "Featured", "Actions"]}>
          {projects.map((p) => (
            <tr key={p.id}>
              <td className="px-4 py-2">
                <AdminThumb src={p.image?.url} alt={p.altText} />
              </td>
              <td className="px-4 py-2 font-medium">{p.title}</td>
              <td className="px-4 py-2 whitespace-nowrap">{CATEGORY_LABELS[p.category]}</td>
              <td className="px-4 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.featured ? "bg-leaf-soft text-leaf" : "bg-sand text-ink-soft"}`}
                >
                  {p.featured ? "Yes" : "No"}
                </span>
              </td>
              <td className="px-4 py-2">
                <RowActions label={p.title} editTo={linkFor("edit", p.id)} deleteTo={linkFor("delete", p.id)} />
              </td>
            </tr>
          ))}
    </AdminTable>
  );
}

function ProjectEditor({
  project,
  lastResult,
  uploadError,
  closeTo,
  defaultCategory,
}: {
  project: ProjectCard | null;
  lastResult: SubmissionResult<string[]> | undefined;
  uploadError?: string;
  closeTo: string;
  defaultCategory: Tab;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: project
      ? {
          id: String(project.id),
          title: project.title,
          category: project.category,
          description: project.description,
          mediaType: project.mediaType,
          videoUrl: project.videoUrl ?? "",
          altText: project.altText,
          featured: project.featured ? "on" : undefined,
        }
      : { category: PROJECT_CATEGORIES.find((c) => c === defaultCategory) ?? "framing", mediaType: "image" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProjectSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const required = [fields.title, fields.category, fields.description].some((f) => f.errors?.includes(PROJECT_REQUIRED));
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      {project && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {(required || form.errors?.length || uploadError) && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {required ? PROJECT_REQUIRED : (form.errors?.[0] ?? uploadError)}
        </p>
      )}
      <label className="block">
        <span className="text-sm font-medium">Title *</span>
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={120} autoFocus className={inputClass} />
      </label>
      <label className="block">
        <span className="text-sm font-medium">Category *</span>
        <select {...getSelectProps(fields.category)} className={inputClass}>
          {PROJECT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="text-sm font-medium">Description *</span>
        <textarea {...getTextareaProps(fields.description)} rows={3} maxLength={2000} className={inputClass} />
      </label>
      <fieldset>
        <legend className="text-sm font-medium">Media type</legend>
        <div className="mt-1 flex gap-6">
          {(["image", "video"] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input type="radio" name={fields.mediaType.name} value={m} defaultChecked={(fields.mediaType.initialValue ?? "image") === m} />
              {m === "image" ? "Image" : "Video"}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="text-sm font-medium">Video URL (YouTube or Vimeo, for video items)</span>
        <input {...getInputProps(fields.videoUrl, { type: "url" })} placeholder="https://www.youtube.com/watch?v=..." className={inputClass} />
        <FieldError id={fields.videoUrl.errorId} errors={fields.videoUrl.errors} />
      </label>
      <label className="block">
        <span className="text-sm font-medium">{project ? "Replace image" : "Image *"} (thumbnail for videos)</span>
        <input name="image" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className={`${inputClass} py-1.5`} />
        <span className="mt-1 block text-xs text-ink-soft">PNG, JPG, GIF up to 10MB</span>
        <FieldError id="image-error" errors={form.allErrors.image} />
      </label>
      <label className="block">
        <span className="text-sm font-medium">Alt text (describes the picture for screen readers)</span>
        <input {...getInputProps(fields.altText, { type: "text" })} maxLength={200} className={inputClass} />
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input {...getInputProps(fields.featured, { type: "checkbox" })} /> Featured
      </label>
      <div className="flex justify-end gap-3 pt-2">
        <Link to={closeTo} className={secondaryButton}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="save-project" className={primaryButton} disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </button>
      </div>
    </Form>
  );
}

type Library = { images: (Image & { url: string; thumbUrl: string })[]; total: number; page: number; deleting: Image | null };

function ImageLibrary({ library, uploadError }: { library: Library; uploadError?: string }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const progress = useProgressUpload();
  const uploading = progress.percent !== null || (navigation.state === "submitting" && navigation.formData?.get("intent") === "upload-image");
  const pages = Math.max(1, Math.ceil(library.total / PAGE_SIZE));
  return (
    <section aria-label="Image library" className="space-y-4">
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={progress.onSubmit}
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      >
        <label className="block min-w-60 flex-1">
          <span className="text-sm font-medium">Image file</span>
          <input name="file" type="file" required accept="image/png,image/jpeg,image/webp,image/gif" className={`${inputClass} py-1.5`} />
          <span className="mt-1 block text-xs text-ink-soft">PNG, JPG, WebP, GIF up to 10MB</span>
        </label>
        <label className="block min-w-60 flex-1">
          <span className="text-sm font-medium">Alt text</span>
          <input name="alt" maxLength={200} className={inputClass} />
        </label>
        <button type="submit" name="intent" value="upload-image" className={primaryButton} disabled={uploading}>
          <Upload aria-hidden className="size-4" /> {uploading ? "Uploading..." : "Upload"}
        </button>
        {progress.percent !== null && (
          <progress max={100} value={progress.percent} aria-label="Upload progress" className="h-2 w-full accent-brand" />
        )}
        {(progress.error ?? uploadError) && (
          <p role="alert" className="w-full rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {progress.error ?? uploadError}
          </p>
        )}
      </Form>
      {library.images.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-ink-soft shadow-sm">No images uploaded yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {library.images.map((image) => (
            <li key={image.id} className="overflow-hidden rounded-xl bg-white shadow-sm">
              <AdminThumb src={image.thumbUrl} alt={image.alt} className="aspect-[4/3] w-full" />
              <div className="space-y-2 p-4 text-sm">
                <p className="truncate font-medium" title={image.originalName}>
                  {image.originalName}
                </p>
                <p className="text-ink-soft">
                  {formatBytes(image.bytes)} · {new Date(image.createdAt).toLocaleDateString("en-US")}
                </p>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="id" value={image.id} />
                  <label className="sr-only" htmlFor={`alt-${image.id}`}>
                    Alt text for {image.originalName}
                  </label>
                  <input id={`alt-${image.id}`} name="alt" defaultValue={image.alt} maxLength={200} className={`${inputClass} mt-0`} />
                  <button type="submit" name="intent" value="save-alt" className={secondaryButton}>
                    Save
                  </button>
                </Form>
                <div className="flex items-center justify-between gap-2">
                  {hydrated ? (
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() =>
                        navigator.clipboard
                          .writeText(new URL(image.url, window.location.origin).href)
                          .then(() => toast.success("Image URL copied to clipboard"), () => toast.error("Failed to copy"))
                      }
                    >
                      <Copy aria-hidden className="size-4" /> Copy URL
                    </button>
                  ) : (
                    <input readOnly value={image.url} aria-label={`URL of ${image.originalName}`} className={`${inputClass} mt-0 text-xs`} />
                  )}
                  <Link
                    to={`/admin?tab=images&deleteImage=${image.id}`}
                    preventScrollReset
                    className="rounded p-2 text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${image.originalName}`}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Library pages" className="flex gap-2">
          {Array.from({ length: pages }, (_, i) => (
            <Link key={i} to={`/admin?tab=images&page=${i + 1}`} aria-current={library.page === i + 1 ? "page" : undefined} className={secondaryButton}>
              {i + 1}
            </Link>
          ))}
        </nav>
      )}
      {library.deleting && (
        <ConfirmDelete
          title="Delete Image"
          question="Are you sure you want to delete this image?"
          detail={library.deleting.originalName}
          id={library.deleting.id}
          intent="delete-image"
          action="/admin?tab=images"
          closeTo="/admin?tab=images"
        />
      )}
    </section>
  );
}

/**
 * With scripts, the library upload goes through XMLHttpRequest (fetch cannot report
 * upload progress) to a JSON endpoint; without, the form posts normally.
 */
function useProgressUpload() {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formEl = event.currentTarget;
    const body = new FormData(formEl);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/images/upload");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setPercent(null);
      const result = xhr.response as { ok: boolean; message: string } | null;
      if (xhr.status === 200 && result?.ok) {
        setError(null);
        formEl.reset();
        toast.success(result.message);
        revalidator.revalidate();
      } else {
        const message = result?.message ?? (xhr.status === 413 ? UPLOAD_MESSAGES.tooLarge : "Failed to upload image");
        setError(message);
        toast.error(message);
      }
    };
    xhr.onerror = () => {
      setPercent(null);
      setError("Failed to upload image");
      toast.error("Failed to upload image");
    };
    setPercent(0);
    xhr.send(body);
  };
  return { percent, error, onSubmit };
}

export const meta: Route.MetaFunction = () => [{ title: "Projects | Admin" }, { name: "robots", content: "noindex" }];
