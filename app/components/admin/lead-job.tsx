import {
  getCollectionProps,
  getFormProps,
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
import { MailState, type LeadPhotoView } from "~/components/lead-detail";
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
import type { LeadJobView } from "~/services/lead-job.server";

/**
 * A won job after the sale, on its lead's page: marking the work completed (and undoing
 * it), then asking the homeowner for a review and adding the job to the portfolio as a
 * draft. Plain forms: all of it works without scripts.
 */
export function LeadJob({
  lead,
  job,
  photos,
  result,
  followsUp = true,
}: {
  lead: { id: number; status: string; email: string; completedAt: Date | null };
  job: LeadJobView;
  photos: LeadPhotoView[];
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
          mailSetUp={job.mailSetUp}
          post={askReview}
        />
      )}
      {lead.completedAt && followsUp && <PortfolioDraft job={job} photos={photos} post={addToPortfolio} />}
    </section>
  );
}

function ReviewRequest({
  lead,
  review,
  link,
  mailSetUp,
  post: { fetcher, busy },
}: {
  lead: { email: string };
  review: LeadJobView["review"];
  link: string | null;
  mailSetUp: boolean;
  post: LeadFormPost;
}) {
  return (
    <section aria-labelledby="lead-review" className="space-y-2 border-t border-black/10 pt-4">
      <h3 id="lead-review" className="flex items-center gap-2 font-semibold">
        <Star aria-hidden className="size-4 text-amber-500" /> Review
      </h3>
      {!lead.email ? (
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
              {mailSetUp
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

function PortfolioDraft({ job, photos, post }: { job: LeadJobView; photos: LeadPhotoView[]; post: LeadFormPost }) {
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
      <PortfolioDraftForm draft={job.draft} photos={photos} post={post} />
    </details>
  );
}

/** "Create the draft": a project made from the job, checked by the same schema here and in the action. */
function PortfolioDraftForm({
  draft,
  photos,
  post: { fetcher, busy, lastResult },
}: {
  draft: LeadJobView["draft"];
  photos: LeadPhotoView[];
  post: LeadFormPost;
}) {
  const [form, fields] = useForm({
    id: "add-to-portfolio",
    lastResult,
    defaultValue: { ...draft, altText: "", photoId: photos[0] ? String(photos[0].id) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddToPortfolioSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pictureHint = `${fields.photoId.id}-description`;
  const photoOf = new Map(photos.map((p) => [String(p.id), p]));
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
        <fieldset aria-describedby={pictureHint}>
          <legend className="text-sm font-medium">Picture</legend>
          <p id={pictureHint} className="text-xs text-ink-soft">
            A copy goes to the image library; the request keeps its photo.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {getCollectionProps(fields.photoId, { type: "radio", options: [...photoOf.keys()] }).map(
              ({ key, ...props }) => (
                <label key={key} className="cursor-pointer rounded-md ring-brand has-[:checked]:ring-4">
                  <input {...props} className="sr-only" />
                  <img
                    src={photoOf.get(props.value)?.thumb}
                    alt={`Photo ${photoOf.get(props.value)?.name}`}
                    className="h-20 w-28 rounded-md object-cover"
                  />
                </label>
              ),
            )}
          </div>
          <FieldError id={fields.photoId.errorId} errors={fields.photoId.errors} />
        </fieldset>
      ) : (
        <p className="text-sm text-ink-soft">
          This request came without photos: add a picture in the project's editor before you publish.
        </p>
      )}
      {photos.length > 0 && (
        <Field label="Alt text *" error={fields.altText} hint="Describes the picture for visitors who cannot see it.">
          <input
            {...getInputProps(fields.altText, { type: "text" })}
            required
            maxLength={200}
            placeholder="New shingles on a ranch house in Derby"
            className={field}
          />
        </Field>
      )}
      <SubmitButton busy={busy} busyText="Creating...">
        Create the draft
      </SubmitButton>
    </fetcher.Form>
  );
}
