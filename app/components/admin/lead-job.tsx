import {
  getCollectionProps,
  getFormProps,
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BadgeCheck, FolderPlus, Send, Star, Undo2 } from "lucide-react";
import { href, Link } from "react-router";
import { Field, FieldError, inputClass as field, Options, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { NewLinkBox } from "~/components/admin/lead-new-link";
import { useLeadFormPost, type LeadFormPost } from "~/components/admin/use-lead-form-post";
import { FormError } from "~/components/form";
import { PublishedBadge } from "~/components/admin/project-editor";
import { MailState } from "~/components/lead-detail";
import {
  ADD_TO_PORTFOLIO_INTENT,
  AddToPortfolioSchema,
  ASK_REVIEW_INTENT,
  COMPLETE_INTENT,
  REOPEN_INTENT,
  type LeadFormResult,
} from "~/lib/lead-forms";
import { formatKansasDate, formatKansasDateTime } from "~/lib/business-time";
import { CATEGORY_LABELS } from "~/lib/project-form";
import { PROJECT_CATEGORIES } from "~/lib/project-categories";
import type { DraftPhoto, LeadJobView } from "~/services/lead-job.server";

/**
 * A won job after the sale, on its lead's page: marking the work completed (and undoing
 * it), then asking the homeowner for a review and adding the job to the portfolio as a
 * draft. Plain forms: all of it works without scripts.
 */
export function LeadJob({
  lead,
  job,
  result,
  followsUp = true,
}: {
  lead: { id: number; status: string; email: string; completedAt: Date | null };
  job: LeadJobView;
  /** The owner and office follow the job up (reopen, review, portfolio); the crew only marks it done (decision 0048). */
  followsUp?: boolean;
  /** The action's answer to a refused form: marking it completed, or the portfolio draft. */
  result?: LeadFormResult;
}) {
  const reopen = useLeadFormPost(REOPEN_INTENT, result);
  const complete = useLeadFormPost(COMPLETE_INTENT, result);
  const askReview = useLeadFormPost(ASK_REVIEW_INTENT, result);
  const addToPortfolio = useLeadFormPost(ADD_TO_PORTFOLIO_INTENT, result);
  if (lead.status !== "won" && !lead.completedAt) return null;
  return (
    <section aria-labelledby="lead-job" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-job" className="flex items-center gap-2 text-lg font-bold">
        <BadgeCheck aria-hidden className="size-5 text-brand" /> The job
      </h2>
      {lead.completedAt ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="rounded-full bg-leaf-soft px-3 py-1 text-sm font-semibold text-leaf">
            Completed {formatKansasDate(lead.completedAt)}
          </p>
          <reopen.fetcher.Form method="post" hidden={!followsUp}>
            <button
              type="submit"
              name="intent"
              value={REOPEN_INTENT}
              className={`${secondaryButton} text-sm`}
              disabled={reopen.busy}
            >
              <Undo2 aria-hidden className="size-4" /> Not completed after all
            </button>
          </reopen.fetcher.Form>
        </div>
      ) : (
        <complete.fetcher.Form method="post" id="complete-job" className="space-y-2">
          <FormError formId="complete-job" reply={complete.lastResult} />
          <p className="text-sm text-ink-soft">
            When the work is done, mark it: then you can ask for a review and show the job in the portfolio.
          </p>
          <SubmitButton name="intent" value={COMPLETE_INTENT} busy={complete.busy}>
            Mark the job completed
          </SubmitButton>
        </complete.fetcher.Form>
      )}
      {lead.completedAt && followsUp && (
        <ReviewRequest
          lead={lead}
          review={job.review}
          link={job.reviewLink}
          mailSetUp={job.mailSetUp || job.reviewByText}
          byText={job.reviewByText}
          post={askReview}
        />
      )}
      {lead.completedAt && followsUp && <PortfolioDraft job={job} post={addToPortfolio} />}
    </section>
  );
}

function ReviewRequest({
  lead,
  review,
  link,
  mailSetUp,
  byText,
  post: { fetcher, busy },
}: {
  lead: { email: string };
  review: LeadJobView["review"];
  link: string | null;
  mailSetUp: boolean;
  /** No email, but the homeowner takes texts: the request goes by text. */
  byText: boolean;
  post: LeadFormPost;
}) {
  return (
    <section aria-labelledby="lead-review" className="space-y-2 border-t border-black/10 pt-4">
      <h3 id="lead-review" className="flex items-center gap-2 font-semibold">
        <Star aria-hidden className="size-4 text-amber-500" /> Review
      </h3>
      {!lead.email && !byText ? (
        <p className="text-sm text-ink-soft">No email for this homeowner: ask for a review by phone or text.</p>
      ) : review?.submittedAt ? (
        <p className="text-sm">
          Review received {formatKansasDateTime(review.submittedAt)}.{" "}
          {review.testimonial?.status === "published" ? (
            <>
              Approved: it shows on the site.{" "}
              <Link to={href("/admin/testimonials")} className="font-semibold text-brand-dark underline">
                See it in Testimonials
              </Link>
            </>
          ) : review.testimonial ? (
            <Link to={href("/admin/testimonials")} className="font-semibold text-brand-dark underline">
              Approve it in Testimonials
            </Link>
          ) : (
            "Its testimonial was deleted."
          )}
        </p>
      ) : (
        <>
          {link && (
            <NewLinkBox
              tone="warn"
              message="Not mailed: send the homeowner this link yourself (by text or your own email). It is shown only now."
              url={link}
              label="Review link for the homeowner"
            />
          )}
          {review && (
            <div className="space-y-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <MailState label="Review request" state={review.mailStatus} />
                {review.state === "expired" ? (
                  <span className="text-red-800">Link expired {formatKansasDate(review.expiresAt)}</span>
                ) : (
                  // Sent, or only printed (mail not set up): either way the link was made and works.
                  (review.mailStatus === "sent" || review.mailStatus === "unsent") && (
                    <span className="text-ink-soft">Link works until {formatKansasDate(review.expiresAt)}</span>
                  )
                )}
              </p>
              {review.mailStatus !== "sent" && review.mailLastError && (
                <p className="text-red-800">
                  {review.mailAttempts} attempt{review.mailAttempts === 1 ? "" : "s"}, last error:{" "}
                  {review.mailLastError}
                  {review.mailNextAttemptAt && review.mailStatus === "pending"
                    ? `; next try ${formatKansasDateTime(review.mailNextAttemptAt)}`
                    : ""}
                </p>
              )}
            </div>
          )}
          <fetcher.Form method="post">
            <SubmitButton
              name="intent"
              value={ASK_REVIEW_INTENT}
              busy={busy}
              busyText={mailSetUp ? "Sending..." : "Making the link..."}
              className={review ? secondaryButton : undefined}
            >
              <Send aria-hidden className="size-4" /> {review ? "Send the request again" : "Ask for a review"}
            </SubmitButton>
            <p className="mt-1 text-xs text-ink-soft">
              {byText
                ? "Texts them a link to a short form."
                : mailSetUp
                  ? `Mails ${lead.email} a link to a short form.`
                  : `Mail is not set up: makes a link to a short form for you to send ${lead.email} yourself.`}{" "}
              The review waits in Testimonials until you approve it.
              {review && " A new link replaces the old one."}
            </p>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}

function PortfolioDraft({ job, post }: { job: LeadJobView; post: LeadFormPost }) {
  if (job.project) {
    return (
      <section aria-labelledby="lead-portfolio" className="space-y-2 border-t border-black/10 pt-4">
        <h3 id="lead-portfolio" className="flex items-center gap-2 font-semibold">
          <FolderPlus aria-hidden className="size-4 text-brand" /> Portfolio
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to={`${href("/admin/projects")}?edit=${job.project.id}`}
            className="font-semibold text-brand-dark underline"
          >
            {job.project.title}
          </Link>
          <PublishedBadge published={job.project.published} />
        </p>
      </section>
    );
  }
  return (
    <details open={post.refused} className="group border-t border-black/10 pt-4">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <FolderPlus aria-hidden className="size-4 text-brand" /> Add to portfolio
      </summary>
      <PortfolioDraftForm draft={job.draft} post={post} />
    </details>
  );
}

/**
 * "Create the draft": a project made from the job, checked by the same schema here and in
 * the action. Its picture (the after) and an optional before are chosen from every photo of
 * the lead, the request's and the crew's, each shown with what it is and its caption.
 */
function PortfolioDraftForm({
  draft: { photos, photoId, beforePhotoId, ...words },
  post: { fetcher, busy, lastResult },
}: {
  draft: LeadJobView["draft"];
  post: LeadFormPost;
}) {
  const [form, fields] = useForm({
    id: "add-to-portfolio",
    lastResult,
    defaultValue: {
      ...words,
      altText: "",
      photoId: photoId === null ? "" : String(photoId),
      beforeAltText: "",
      beforePhotoId: beforePhotoId === null ? "" : String(beforePhotoId),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddToPortfolioSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={ADD_TO_PORTFOLIO_INTENT} />
      <p className="text-sm text-ink-soft">Creates a draft project: nothing shows on the site until you publish it.</p>
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <Field label="Title" error={fields.title}>
        <input {...getInputProps(fields.title, { type: "text" })} required maxLength={120} className={field} />
      </Field>
      <Field label="Category" error={fields.category}>
        <select {...getSelectProps(fields.category)} required className={field}>
          <option value="">Choose…</option>
          <Options values={PROJECT_CATEGORIES} labels={CATEGORY_LABELS} />
        </select>
      </Field>
      <Field label="Description" error={fields.description}>
        <textarea {...getTextareaProps(fields.description)} required rows={2} maxLength={2000} className={field} />
      </Field>
      {photos.length > 0 ? (
        <>
          <PhotoChoices
            legend="After picture"
            hint="The project's picture, in the portfolio and on its page. A copy goes to the image library; the job keeps its photo."
            field={fields.photoId}
            photos={photos}
          />
          <Field
            label="Alt text for the after picture *"
            error={fields.altText}
            hint="Describes the picture for visitors who cannot see it."
          >
            <input
              {...getInputProps(fields.altText, { type: "text" })}
              required
              maxLength={200}
              placeholder="New shingles on a ranch house in Derby"
              className={field}
            />
          </Field>
          <PhotoChoices
            legend="Before picture (optional)"
            hint="Shown beside the after on the project's page, as a before and after pair."
            field={fields.beforePhotoId}
            photos={photos}
            noneLabel="No before picture"
          />
          <Field
            label="Alt text for the before picture"
            error={fields.beforeAltText}
            hint="Needed when you choose a before picture."
          >
            <input
              {...getInputProps(fields.beforeAltText, { type: "text" })}
              maxLength={200}
              placeholder="Hail-torn shingles on the same house"
              className={field}
            />
          </Field>
        </>
      ) : (
        <p className="text-sm text-ink-soft">
          This job has no photos yet: add a picture in the project's editor before you publish.
        </p>
      )}
      <SubmitButton busy={busy} busyText="Creating...">
        Create the draft
      </SubmitButton>
    </fetcher.Form>
  );
}

/** One picture chosen from the job's photos: radio buttons with thumbnails, so it works without scripts. */
function PhotoChoices({
  legend,
  hint,
  field: meta,
  photos,
  noneLabel,
}: {
  legend: string;
  hint: string;
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  photos: DraftPhoto[];
  /** A first choice meaning "none" (posts an empty value). */
  noneLabel?: string;
}) {
  const hintId = `${meta.id}-description`;
  const photoOf = new Map(photos.map((p) => [String(p.id), p]));
  const options = [...(noneLabel ? [""] : []), ...photoOf.keys()];
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-xs text-ink-soft">
        {hint}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        {getCollectionProps(meta, { type: "radio", options }).map(({ key, ...props }) => {
          const photo = photoOf.get(props.value);
          return (
            <label
              key={key}
              className="flex w-32 cursor-pointer flex-col gap-1 rounded-md p-1 text-xs ring-brand has-[:checked]:ring-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
            >
              <input {...props} className="sr-only" />
              {photo ? (
                <>
                  <img src={photo.thumb} alt={`Photo ${photo.name}`} className="h-20 w-full rounded-md object-cover" />
                  <span className="w-fit rounded-full bg-sand px-2 py-0.5 font-semibold">{photo.tag}</span>
                  {photo.caption && <span className="line-clamp-2 text-ink-soft">{photo.caption}</span>}
                </>
              ) : (
                <span className="flex h-20 items-center justify-center rounded-md border border-dashed border-black/25 px-2 text-center text-ink-soft">
                  {noneLabel}
                </span>
              )}
            </label>
          );
        })}
      </div>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
