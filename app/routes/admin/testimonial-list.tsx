import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Check, Plus } from "lucide-react";
import { data, Form, href, Link, useLocation, useNavigation } from "react-router";
import { AdminTable, ConfirmDelete, EditorDialog } from "~/components/admin-ui";
import { PublisherRowActions } from "~/components/admin/access-row-actions";
import { mayPost } from "~/lib/access";
import { byLine, personName } from "~/lib/by-line";
import { Field, inputClass, primaryButton, secondaryButton, SubmitButton } from "~/components/form";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent, requirePublisher } from "~/services/access.server";
import { NAME_AND_QUOTE_REQUIRED, TestimonialSchema } from "~/lib/testimonial-form";
import {
  approveTestimonial,
  countPendingTestimonials,
  countTestimonials,
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  hasTestimonialBeyond,
  listTestimonialPage,
  updateTestimonial,
} from "~/models/testimonial.server";
import { Pager } from "~/components/pager";
import { pageQuery, withPageParam } from "~/lib/page-query";
import type { Testimonial } from "~/db/schema";
import type { Route } from "./+types/testimonial-list";
import { TESTIMONIAL_INTENTS } from "~/lib/testimonial-form";

const LIST = href("/admin/testimonials");

/** Why the editor stays shut for someone who may not change what is on the site (decision 0048). */
export const ON_SITE_FOR_OWNER =
  "This testimonial is on the site: only the owner edits it. Ask the owner to change it.";

export async function loader({ request }: Route.LoaderArgs) {
  const { role } = await requireAccess(request, "routes/admin/testimonial-list");
  const params = new URL(request.url).searchParams;
  const editId = params.get("edit");
  const found: "new" | Testimonial | null = editId === "new" ? "new" : (getTestimonial(parseId(editId) ?? 0) ?? null);
  const deleting = getTestimonial(parseId(params.get("delete")) ?? 0) ?? null;
  // The owner approves, adds straight to the site and deletes; the office adds and tidies pending reviews.
  const publishes = mayPost(role, "routes/admin/testimonial-list", TESTIMONIAL_INTENTS.approve);
  // An approved one typed into the address bar: its save would be refused, so it does not open.
  const refused = !publishes && found !== null && found !== "new" && found.status !== "pending";
  // One page; a link past either end, or naming a testimonial deleted since: the first page.
  const cursor = pageCursor(params);
  let page = listTestimonialPage(cursor);
  if (page.length === 0 && (cursor.after || cursor.before)) page = listTestimonialPage();
  const [first, last] = [page[0], page[page.length - 1]];
  // Only what a row shows (a page of 50 stays small); the whole quote is in the editor.
  const testimonials = page.map(({ id, name, location, quote, rating, status, approver, approvedAt }) => ({
    id,
    name,
    location,
    quote: quote.length > QUOTE_CHARS ? `${quote.slice(0, QUOTE_CHARS - 1)}…` : quote,
    rating,
    status,
    approved: byLine("Approved", personName(approver), approvedAt),
  }));
  return {
    testimonials,
    total: countTestimonials(),
    pending: countPendingTestimonials(),
    // Keyset links: the pages before and after this one start from its first and last row.
    newer: first && hasTestimonialBeyond("before", first.id) ? pageHref({ before: first.id }) : null,
    older: last && hasTestimonialBeyond("after", last.id) ? pageHref({ after: last.id }) : null,
    editing: refused ? null : found,
    refused: refused ? ON_SITE_FOR_OWNER : null,
    deleting: publishes ? deleting : null,
    publishes,
  };
}

// A row shows one line of the quote: more would be cut off by the table anyway.
const QUOTE_CHARS = 160;

/** Where a page starts: after or before a testimonial (its id). */
function pageCursor(params: URLSearchParams): { after?: number; before?: number } {
  const after = parseId(params.get("after"));
  const before = parseId(params.get("before"));
  return after ? { after } : before ? { before } : {};
}

const pageHref = ({ after, before }: { after?: number; before?: number }) =>
  after ? `${LIST}?after=${after}` : before ? `${LIST}?before=${before}` : LIST;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/testimonial-list");
  const formData = await readForm(request);
  requireIntent(user, "routes/admin/testimonial-list", formData.get("intent"));
  // Back to the page of the list the owner was on, with no editor open.
  const url = new URL(request.url);
  const back = url.pathname + pageQuery(url.search);
  const publishes = mayPost(user.role, "routes/admin/testimonial-list", TESTIMONIAL_INTENTS.approve);
  if (formData.get("intent") === null) {
    // A pending review is a draft to tidy, and so is a new one from the office; what is on the site is the owner's.
    const id = parseId(formData.get("id"));
    requirePublisher(user, id !== null && getTestimonial(id)?.status !== "pending");
  }
  switch (formData.get("intent")) {
    case TESTIMONIAL_INTENTS.approve: {
      // Published: the next public request renders it (the model empties the page cache).
      const ok = approveTestimonial(parseId(formData.get("id")) ?? 0, user.userId);
      return redirectWithFlash(
        back,
        ok
          ? { type: "success", message: "Review approved: it now shows on the site" }
          : { type: "error", message: "Failed to approve review" },
      );
    }
    case TESTIMONIAL_INTENTS.delete: {
      const ok = deleteTestimonial(parseId(formData.get("id")) ?? 0);
      return redirectWithFlash(
        back,
        ok
          ? { type: "success", message: "Testimonial deleted successfully" }
          : { type: "error", message: "Failed to delete testimonial" },
      );
    }
    // The editor's form names no intent: it is the page's save.
    case null:
      return saveTestimonial(formData, back, { by: user.userId, draft: !publishes });
    default:
      return refuseUnknownIntent();
  }
}

/** Saving a testimonial deleted meanwhile (in another tab): back to the list, as deleting it again would. */
const TESTIMONIAL_GONE = "Failed to save testimonial: it was deleted in the meantime";
export const TESTIMONIAL_DRAFTED = "Testimonial saved as pending: it shows on the site once the owner approves it";

/** `draft`: a new one waits for the owner's approval (the office's); otherwise it is on the site at once, approved by `by`. */
function saveTestimonial(formData: FormData, back: string, opts: { by: number; draft: boolean }) {
  const submission = parseWithZod(formData, { schema: TestimonialSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { id, ...input } = submission.value;
  try {
    if (id) {
      if (!updateTestimonial(id, { id, ...input }))
        return redirectWithFlash(back, { type: "error", message: TESTIMONIAL_GONE });
      return redirectWithFlash(back, { type: "success", message: "Testimonial updated successfully" });
    }
    createTestimonial(input, opts);
    return redirectWithFlash(back, {
      type: "success",
      message: opts.draft ? TESTIMONIAL_DRAFTED : "Testimonial added successfully",
    });
  } catch (error) {
    console.error("Saving a testimonial failed:", error);
    return data(submission.reply({ formErrors: ["Failed to save testimonial"] }), { status: 500 });
  }
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, total, pending, newer, older, editing, refused, deleting, publishes } = loaderData;
  // The editor and the delete question open on, close to and save back to this page.
  const { search } = useLocation();
  const withParam = (key: string, value: string | number) => withPageParam(LIST, search, key, value);
  const here = LIST + pageQuery(search);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Testimonials</h1>
        <Link to={withParam("edit", "new")} className={primaryButton} preventScrollReset>
          <Plus aria-hidden className="size-4" /> Add New Testimonial
        </Link>
      </div>
      {!publishes && (
        <p className="text-sm text-ink-soft">
          What you add or edit waits as pending until the owner approves it; approved ones are the owner&rsquo;s to
          change.
        </p>
      )}
      {refused && (
        <p role="alert" className="rounded-md bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {refused}
        </p>
      )}

      {pending > 0 && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {pending === 1 ? "1 review from a homeowner is" : `${pending} reviews from homeowners are`} waiting for{" "}
          {publishes ? "your" : "the owner\u2019s"} approval. Pending reviews never show on the site.
        </p>
      )}
      {total === 0 ? (
        <div className="rounded-xl bg-white p-10 text-center shadow-sm">
          <p className="text-ink-soft">No testimonials added yet.</p>
          <Link to={withParam("edit", "new")} className={`${primaryButton} mt-4`}>
            Add Your First Testimonial
          </Link>
        </div>
      ) : (
        <AdminTable columns={["Name", "Location", "Quote", "Rating", "Actions"]}>
          {testimonials.map((t) => (
            <tr key={t.id} className={t.status === "pending" ? "bg-amber-50/60" : undefined}>
              <td className="px-4 py-3 font-medium whitespace-nowrap" data-label="Name">
                {t.name}
                {t.status === "pending" && (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    Pending
                  </span>
                )}
                {t.status === "published" && t.approved && (
                  <span className="block text-xs font-normal text-ink-soft">{t.approved}</span>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-soft" data-label="Location">
                {t.location ?? "—"}
              </td>
              <td className="max-w-xs truncate px-4 py-3 text-ink-soft" data-label="Quote">
                {t.quote}
              </td>
              <td className="px-4 py-3" data-label="Rating">
                {/* The public cards' stars: one element drawn by CSS, not five SVGs a row. */}
                <span className="stars" data-rating={t.rating} role="img" aria-label={`${t.rating} out of 5 stars`} />
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  {t.status === "pending" && publishes && (
                    <Form method="post">
                      <input type="hidden" name="id" value={t.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={TESTIMONIAL_INTENTS.approve}
                        className="inline-flex items-center gap-1 rounded-md bg-leaf px-3 py-1.5 text-sm font-semibold text-white hover:opacity-90"
                      >
                        <Check aria-hidden className="size-4" /> Approve
                        <span className="sr-only"> review by {t.name}</span>
                      </button>
                    </Form>
                  )}
                  <PublisherRowActions
                    publishes={publishes}
                    draft={t.status === "pending"}
                    label={t.name}
                    editTo={withParam("edit", t.id)}
                    deleteTo={withParam("delete", t.id)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager label="Pages of testimonials" newer={newer} older={older} />

      {editing === "new" && (
        <EditorDialog key="new" title="Add New Testimonial" closeTo={here}>
          <TestimonialEditor testimonial={null} lastResult={actionData} closeTo={here} />
        </EditorDialog>
      )}
      {editing && editing !== "new" && (
        <EditorDialog key={editing.id} title="Edit Testimonial" closeTo={here}>
          <TestimonialEditor testimonial={editing} lastResult={actionData} closeTo={here} />
        </EditorDialog>
      )}
      {deleting && (
        <ConfirmDelete
          title="Delete Testimonial"
          question="Are you sure you want to delete this testimonial?"
          detail={`${deleting.name}: “${deleting.quote.slice(0, 80)}”`}
          id={deleting.id}
          intent={TESTIMONIAL_INTENTS.delete}
          action={here}
          closeTo={here}
        />
      )}
    </>
  );
}

type Editable = { id: number; name: string; location: string | null; quote: string; rating: number };

function TestimonialEditor({
  testimonial,
  lastResult,
  closeTo,
}: {
  testimonial: Editable | null;
  lastResult: Route.ComponentProps["actionData"];
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: testimonial
      ? {
          id: String(testimonial.id),
          name: testimonial.name,
          location: testimonial.location ?? "",
          quote: testimonial.quote,
          rating: String(testimonial.rating),
        }
      : { rating: "5" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TestimonialSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const missing = [fields.name.errors, fields.quote.errors].some((e) => e?.includes(NAME_AND_QUOTE_REQUIRED));
  return (
    // No action attribute: it posts to this URL, ?edit=... included, so a refused form
    // comes back open with its errors when scripts are off.
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {testimonial && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {(missing || form.errors?.length) && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {missing ? NAME_AND_QUOTE_REQUIRED : form.errors?.[0]}
        </p>
      )}
      <Field label="Name *" error={fields.name}>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={100} autoFocus className={inputClass} />
      </Field>
      <Field label="Location" error={fields.location}>
        <input
          {...getInputProps(fields.location, { type: "text" })}
          maxLength={100}
          placeholder="Wichita, KS"
          className={inputClass}
        />
      </Field>
      <Field label="Quote *" error={fields.quote}>
        <textarea {...getTextareaProps(fields.quote)} rows={4} maxLength={1000} className={inputClass} />
      </Field>
      <Field label="Rating (1-5)" error={fields.rating}>
        <input
          {...getInputProps(fields.rating, { type: "number" })}
          min={1}
          max={5}
          step={1}
          className={`${inputClass} w-24`}
        />
      </Field>
      <div className="flex justify-end gap-3 pt-2">
        <Link to={closeTo} className={secondaryButton}>
          Cancel
        </Link>
        <SubmitButton busy={busy}>Save</SubmitButton>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Testimonials | Admin" },
  { name: "robots", content: "noindex" },
];
