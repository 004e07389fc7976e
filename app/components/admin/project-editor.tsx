import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import { AdminThumb } from "~/components/admin-image";
import { AdminTable } from "~/components/admin-ui";
import { PublisherRowActions } from "~/components/admin/access-row-actions";
import { Field, inputClass, Options, secondaryButton, SubmitButton } from "~/components/form";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";
import { AREAS } from "~/lib/landing-pages";
import { CATEGORY_LABELS, PROJECT_REQUIRED, PROJECT_SERVICES, ProjectSchema, TOWN_MAX } from "~/lib/project-form";
import { IMAGE_TYPES } from "~/lib/upload-rules";
import type { AdminProjectCard, EditableProject } from "~/lib/portfolio";
import { PROJECT_INTENTS } from "~/lib/project-form";

/** Draft (never on the site) or published. */
export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${published ? "bg-leaf-soft text-leaf" : "bg-amber-100 text-amber-900"}`}
    >
      {published ? "Published" : "Draft"}
    </span>
  );
}

/** What a row of the admin Projects table shows of a project, and no more: a page of 50 stays small. */
export type ProjectRow = Pick<
  AdminProjectCard,
  "id" | "title" | "category" | "mediaType" | "altText" | "featured" | "published" | "publishedBy"
> & {
  image: { url: string } | null;
};

export function projectRow({
  id,
  title,
  category,
  mediaType,
  altText,
  featured,
  published,
  publishedBy,
  image,
}: AdminProjectCard): ProjectRow {
  return {
    id,
    title,
    category,
    mediaType,
    altText,
    featured,
    published,
    publishedBy,
    image: image && { url: image.url },
  };
}

/** `publishes`: the owner's table, with Publish and Delete; the office's edits drafts only (decision 0048). */
export function ProjectTable({
  projects,
  linkFor,
  publishes = true,
}: {
  projects: ProjectRow[];
  linkFor: (key: string, value: number) => string;
  publishes?: boolean;
}) {
  return (
    <AdminTable columns={["Image", "Title", "Category", "Featured", "Status", "Actions"]}>
      {projects.map((p) => (
        <tr key={p.id}>
          <td className="px-4 py-2">
            <AdminThumb src={p.image?.url} alt={p.altText} />
          </td>
          <td className="px-4 py-2 font-medium" data-label="Title">
            {p.title}
            {!p.image && p.mediaType === "image" && (
              <span className="block text-xs font-normal text-red-800">
                No picture: hidden from the site until one is added
              </span>
            )}
          </td>
          <td className="px-4 py-2 whitespace-nowrap" data-label="Category">
            {CATEGORY_LABELS[p.category]}
          </td>
          <td className="px-4 py-2" data-label="Featured">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.featured ? "bg-leaf-soft text-leaf" : "bg-sand text-ink-soft"}`}
            >
              {p.featured ? "Yes" : "No"}
            </span>
          </td>
          <td className="px-4 py-2" data-label="Status">
            <div className="flex flex-wrap items-center gap-2">
              <PublishedBadge published={p.published} />
              <Form method="post" hidden={!publishes}>
                <input type="hidden" name="id" value={p.id} />
                <button
                  type="submit"
                  name="intent"
                  value={p.published ? PROJECT_INTENTS.unpublish : PROJECT_INTENTS.publish}
                  className="inline-flex items-center rounded-md border border-black/15 px-2 py-1 text-xs font-semibold hover:bg-sand"
                >
                  {p.published ? "Unpublish" : "Publish"}
                  <span className="sr-only"> {p.title}</span>
                </button>
              </Form>
            </div>
            {p.publishedBy && <span className="mt-1 block text-xs text-ink-soft">{p.publishedBy}</span>}
          </td>
          <td className="px-4 py-2">
            <PublisherRowActions
              publishes={publishes}
              draft={!p.published}
              label={p.title}
              editTo={linkFor("edit", p.id)}
              deleteTo={linkFor("delete", p.id)}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function ProjectEditor({
  project,
  publishes = true,
  lastResult,
  uploadError,
  closeTo,
  defaultCategory,
}: {
  project: EditableProject | null;
  /** The owner's editor: a new project goes on the site. Otherwise it is saved as a draft. */
  publishes?: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  uploadError?: string;
  closeTo: string;
  defaultCategory: string;
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
          beforeAltText: project.before?.alt ?? "",
          featured: project.featured ? "on" : undefined,
          service: project.service ?? "",
          town: project.town ?? "",
        }
      : { category: PROJECT_CATEGORIES.find((c) => c === defaultCategory) ?? "framing", mediaType: "image" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProjectSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const required = [fields.title, fields.category, fields.description].some((f) =>
    f.errors?.includes(PROJECT_REQUIRED),
  );
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      {project && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {!project && !publishes && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-sand px-3 py-2 text-sm">
          <PublishedBadge published={false} />
          Saved as a draft: the owner publishes it on the site.
        </p>
      )}
      {project && (!project.published || project.leadId) && (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-sand px-3 py-2 text-sm">
          <PublishedBadge published={project.published} />
          {!project.published &&
            (publishes
              ? "Not on the site until you publish it from the list."
              : "Not on the site until the owner publishes it.")}
          {project.leadId && (
            <Link
              to={href("/admin/leads/:id", { id: String(project.leadId) })}
              className="font-semibold text-brand-dark underline"
            >
              The job's lead
            </Link>
          )}
        </p>
      )}
      {(required || form.errors?.length || uploadError) && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {required ? PROJECT_REQUIRED : (form.errors?.[0] ?? uploadError)}
        </p>
      )}
      <Field label="Title *">
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={120} autoFocus className={inputClass} />
      </Field>
      <Field label="Category *">
        <select {...getSelectProps(fields.category)} className={inputClass}>
          <Options values={PROJECT_CATEGORIES} labels={CATEGORY_LABELS} />
        </select>
      </Field>
      <Field label="Description *">
        <textarea {...getTextareaProps(fields.description)} rows={3} maxLength={2000} className={inputClass} />
      </Field>
      <Field
        label="Service"
        hint="The service page that shows this project. Without one, it shows on the pages whose work its title and description name."
        error={fields.service}
      >
        <select {...getSelectProps(fields.service)} className={inputClass}>
          <option value="">None: match the title and description</option>
          {/* A job's "Not sure" stays until the owner picks the work. */}
          {fields.service.initialValue &&
            !(PROJECT_SERVICES as readonly string[]).includes(fields.service.initialValue) && (
              <option value={fields.service.initialValue}>{fields.service.initialValue}</option>
            )}
          {PROJECT_SERVICES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Town"
        hint="The service area page that shows this project. Left blank, it shows on the page of a town its title or description names."
        error={fields.town}
      >
        <input
          {...getInputProps(fields.town, { type: "text" })}
          list="project-towns"
          maxLength={TOWN_MAX}
          autoComplete="off"
          className={inputClass}
        />
        <datalist id="project-towns">
          {AREAS.map((a) => (
            <option key={a.slug} value={a.name} />
          ))}
        </datalist>
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">Media type</legend>
        <div className="mt-1 flex gap-6">
          {(["image", "video"] as const).map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.mediaType.name}
                value={m}
                defaultChecked={(fields.mediaType.initialValue ?? "image") === m}
              />
              {m === "image" ? "Image" : "Video"}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Video URL (YouTube or Vimeo, for video items)" error={fields.videoUrl}>
        <input
          {...getInputProps(fields.videoUrl, { type: "url" })}
          placeholder="https://www.youtube.com/watch?v=..."
          className={inputClass}
        />
      </Field>
      {project?.image && (
        <figure className="flex items-center gap-3 rounded-lg bg-sand p-2">
          <img
            src={project.image.url}
            alt={project.altText}
            className="h-16 w-24 shrink-0 rounded-md bg-ink object-cover"
          />
          <figcaption className="text-sm text-ink-soft">
            Current picture. Choose a file below only to replace it.
          </figcaption>
        </figure>
      )}
      <Field
        label={`${project ? "Replace image" : "Image *"} (thumbnail for videos)`}
        hint="PNG, JPG or WebP up to 10MB"
        error={{ errorId: "image-error", errors: form.allErrors.image }}
      >
        <input name="image" type="file" accept={IMAGE_TYPES.join(",")} className={`${inputClass} py-1.5`} />
      </Field>
      <Field label="Alt text (describes the picture for screen readers)">
        <input {...getInputProps(fields.altText, { type: "text" })} maxLength={200} className={inputClass} />
      </Field>
      {project && <BeforePictureFields project={project} fields={fields} error={form.allErrors.beforeImage} />}
      <div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.featured, { type: "checkbox" })} aria-describedby="featured-help" /> Featured
        </label>
        <p id="featured-help" className="mt-1 text-sm text-ink-soft">
          Featured projects are shown first in the portfolio, on the home page and the Portfolio page, in every
          category.
        </p>
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <Link to={closeTo} className={secondaryButton}>
          Cancel
        </Link>
        <SubmitButton name="intent" value={PROJECT_INTENTS.save} busy={busy}>
          Save
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * A project's before picture, shown beside its picture (the after) on its page: the one it
 * has, with its description and a box to take it away, and a file to add or replace it.
 */
function BeforePictureFields({
  project,
  fields,
  error,
}: {
  project: EditableProject;
  fields: Record<"beforeAltText" | "removeBefore", FieldMetadata<unknown, Record<string, unknown>, string[]>>;
  error?: string[];
}) {
  const { before } = project;
  return (
    <fieldset className="space-y-3 rounded-lg border border-black/10 p-3">
      <legend className="px-1 text-sm font-medium">Before picture (optional)</legend>
      <p className="text-sm text-ink-soft">
        On the project&rsquo;s page it shows beside the picture above, as a before and after pair. Lists show the
        picture above only.
      </p>
      {before && (
        <figure className="flex items-center gap-3 rounded-lg bg-sand p-2">
          <img src={before.src} alt={before.alt} className="h-16 w-24 shrink-0 rounded-md bg-ink object-cover" />
          <figcaption className="space-y-1 text-sm text-ink-soft">
            <span className="block">Current before picture. Choose a file below only to replace it.</span>
            <label className="flex items-center gap-2 font-medium text-ink">
              <input {...getInputProps(fields.removeBefore, { type: "checkbox" })} /> Remove the before picture
            </label>
          </figcaption>
        </figure>
      )}
      <Field
        label={before ? "Replace the before picture" : "Add a before picture"}
        hint="PNG, JPG or WebP up to 10MB"
        error={{ errorId: "before-image-error", errors: error }}
      >
        <input name="beforeImage" type="file" accept={IMAGE_TYPES.join(",")} className={`${inputClass} py-1.5`} />
      </Field>
      <Field label="Alt text for the before picture" error={fields.beforeAltText}>
        <input {...getInputProps(fields.beforeAltText, { type: "text" })} maxLength={200} className={inputClass} />
      </Field>
    </fieldset>
  );
}
