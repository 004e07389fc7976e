import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { FlashMessage } from "~/components/flash-message";
import { JobPage } from "~/components/job-page";
import { ProposalGone } from "~/components/proposal-view";
import { JOB_PAGE_MESSAGES, JOB_PHOTOS_ADDED_PARAM, jobPath } from "~/lib/job-page";
import { imageFileProblem } from "~/lib/upload-rules";
import { getBusinessFacts } from "~/models/settings.server";
import { clientIp } from "~/server/client-ip.server";
import { findJobByToken } from "~/services/job-page-link.server";
import { jobPageView, receiveJobPhotos } from "~/services/job-page.server";
import type { Route } from "./+types/job";

// The homeowner's page of a job, opened by a private link: one person's, so it
// is never kept by any cache (the page cache skips /job/ and refuses no-store answers),
// never indexed, and the token never leaves the site in a Referer (decision 0069: same-origin,
// as "no-referrer" would send "Origin: null" with the page's own forms and be refused).
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

/** The notice a return to the page carries: photos just added, or a payment on its way back from Stripe. */
function noticeOf(url: URL, view: NonNullable<ReturnType<typeof jobPageView>>) {
  const added = Number(url.searchParams.get(JOB_PHOTOS_ADDED_PARAM));
  if (Number.isInteger(added) && added > 0 && added <= view.maxPhotos)
    return { type: "success" as const, message: JOB_PAGE_MESSAGES.added(added) };
  const paid = Number(url.searchParams.get("paid"));
  const invoice = view.invoices.find((i) => i.id === paid);
  if (invoice)
    return invoice.paid
      ? { type: "success" as const, message: JOB_PAGE_MESSAGES.paid(invoice.number) }
      : { type: "info" as const, message: JOB_PAGE_MESSAGES.paymentRecording };
  if (url.searchParams.get("payment") === "canceled")
    return { type: "info" as const, message: JOB_PAGE_MESSAGES.paymentCanceled };
  return null;
}

export function loader({ request, params }: Route.LoaderArgs) {
  const view = jobPageView(params.token);
  if (!view)
    return data(
      { kind: "unknown" as const, phone: getBusinessFacts().phone },
      { status: 404, headers: PRIVATE_HEADERS },
    );
  return data(
    { kind: "job" as const, view, notice: noticeOf(new URL(request.url), view) },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const leadId = findJobByToken(params.token);
  if (leadId === null) return data({ error: JOB_PAGE_MESSAGES.unknownLink }, { status: 404, headers: PRIVATE_HEADERS });
  const answer = await receiveJobPhotos(request, leadId, clientIp(context));
  if (answer.status !== 200) return data({ error: answer.error }, { status: answer.status, headers: PRIVATE_HEADERS });
  // Back to the page (a reload posts nothing twice), which says how many arrived.
  return redirect(`${jobPath(params.token)}?${JOB_PHOTOS_ADDED_PARAM}=${answer.added}`, {
    status: 303,
    headers: PRIVATE_HEADERS,
  });
}

export default function Job({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "unknown") {
    return (
      <ProposalGone
        title={JOB_PAGE_MESSAGES.notFoundTitle}
        phone={loaderData.phone}
        text={JOB_PAGE_MESSAGES.notFound}
      />
    );
  }
  return (
    <JobPage view={loaderData.view} notice={<FlashMessage flash={loaderData.notice} />}>
      {loaderData.view.asksForPhotos && (
        <PhotoUpload max={loaderData.view.maxPhotos} error={actionData?.error ?? null} />
      )}
    </JobPage>
  );
}

/**
 * More photos for the crew: a plain multipart form, posted by the page itself when scripts
 * run, which first says what the server would refuse (too many, too large, not a picture)
 * so nobody waits for megabytes to upload only to be told.
 */
function PhotoUpload({ max, error: serverError }: { max: number; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [early, setEarly] = useState<string | null>(null);
  const error = early ?? serverError;
  function check(event: React.FormEvent<HTMLFormElement>) {
    const files = [...((event.currentTarget.elements.namedItem("photos") as HTMLInputElement | null)?.files ?? [])];
    const problem =
      files.length > max
        ? JOB_PAGE_MESSAGES.tooMany(max)
        : files.map((f) => (imageFileProblem(f) ? `${f.name}: ${imageFileProblem(f)}` : null)).find(Boolean);
    setEarly(problem ?? null);
    if (problem) event.preventDefault();
  }
  return (
    <section aria-labelledby="photos-title" className="rounded-xl border border-black/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="photos-title" className="text-xl font-bold">
        Send us more photos
      </h2>
      <p className="mt-1 text-ink-soft">
        A leak, a stain on the ceiling, damage after a storm: photos help our crew come prepared. Up to {max} at a time,
        JPEG, PNG or WebP, 10 MB each.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 space-y-3"
        aria-label="Send photos"
        onSubmit={check}
      >
        {error && (
          <p id="photos-error" role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <label className="block">
          <span className="text-sm font-medium">Photos</span>
          <input
            type="file"
            name="photos"
            multiple
            required
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "photos-error" : undefined}
            className="mt-1 block w-full rounded-md border border-black/15 bg-white px-3 py-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-sand file:px-3 file:py-1.5 file:font-semibold"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
        >
          {busy ? "Uploading your photos..." : "Send photos"}
        </button>
      </Form>
    </section>
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.kind === "job" ? `Your project with ${data.view.company.name}` : "Your project" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];
