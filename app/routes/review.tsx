import { Fragment } from "react";
import { data, Form, href, Link, useNavigation } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { Field, FieldError, FormError, replyField, SubmitButton } from "~/components/form";
import { Icon } from "~/components/icon";
import { PageHero } from "~/components/page-hero";
import { telHref } from "~/lib/business";
import { REVIEW_MESSAGES, type ReviewValues } from "~/lib/review-request";
import { siteFromMatches } from "~/lib/seo";
import { clientIp } from "~/server/client-ip.server";
import { readForm } from "~/server/request-body.server";
import { reviewPageFor, submitReview } from "~/services/review-collection.server";
import type { Route } from "./+types/review";

const STATUS = { open: 200, unknown: 404, used: 410, expired: 410 } as const;

/** A homeowner's review link: the form, or a kind word on why it no longer opens (404/410). */
export function loader({ params }: Route.LoaderArgs) {
  const page = reviewPageFor(params.token);
  return data(page, { status: STATUS[page.state] });
}

/** The form, posted with or without scripts: the answer renders on this same page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const answer = await submitReview(params.token, form, clientIp(context));
  return data(answer.result, { status: answer.status });
}

export default function Review({ loaderData, actionData, matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  const company = facts?.company ?? "us";
  const phone = facts?.phone;
  if (actionData?.status === "success") {
    return (
      <Outcome title="Thank you for your review!" company={company} phone={phone} google={facts?.googleReviews?.link}>
        <p>
          {REVIEW_MESSAGES.thanks} We read every review, and yours will appear on our website once we have looked it
          over.
        </p>
        <p>It means a lot to a family business. Thank you for trusting us with your home.</p>
        {facts?.googleReviews && <p className="font-medium text-ink">{REVIEW_MESSAGES.alsoOnGoogle}</p>}
      </Outcome>
    );
  }
  const gone = actionData?.status === "gone" ? actionData.state : loaderData.state !== "open" ? loaderData.state : null;
  if (gone) return <GoneLink state={gone} company={company} phone={phone} />;
  if (loaderData.state !== "open") return null;
  return (
    <>
      <PageHero
        eyebrow="Your review"
        title="How did we do?"
        lead={`Thank you for choosing ${company}${jobOf(loaderData)}. A star rating and a few words help your neighbors pick a contractor they can trust.`}
      />
      <section className="bg-sand">
        <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
          <ReviewForm
            prefill={loaderData.values}
            reply={actionData?.status === "error" ? actionData.reply : undefined}
          />
          <p className="mt-6 text-center text-sm text-ink-soft">
            Your review shows on our website once we have read it. We never publish your email, phone or street.
            {phone && (
              <>
                {" "}
                Something not right with the work?{" "}
                <a href={telHref(phone)} className="font-semibold text-brand-dark underline">
                  Call us at {phone}
                </a>
                .
              </>
            )}
          </p>
        </div>
      </section>
    </>
  );
}

/** " for your roof repairs in Derby", from what the request said; nothing when it did not say. */
function jobOf(page: { service: string | null; values: ReviewValues }): string {
  const work = page.service && page.service !== "Not sure" ? page.service.toLowerCase() : "";
  const town = page.values.location.split(",")[0].trim();
  if (!work) return town ? ` for your project in ${town}` : "";
  return ` for your ${work}${town ? ` in ${town}` : ""}`;
}

const field =
  "mt-1 block w-full rounded-md border border-black/15 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-600";

/** Conform's id for this form: its fields' ids and error ids are built from it. */
const FORM_ID = "review";

/**
 * Posted without scripts or with them, checked by the server with lib/review-schema.ts
 * (this page loads no validation library, decision 0039); a refusal comes back as
 * conform's reply, each error under its field and a form-level one above the form.
 */
function ReviewForm({ prefill, reply }: { prefill: ReviewValues; reply?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [rating, quote, name, location] = (["rating", "quote", "name", "location"] as const).map((n) => ({
    ...replyField(reply, FORM_ID, n),
    prefill: prefill[n],
  }));
  const value = (f: typeof rating) => (reply ? f.value : f.prefill);
  return (
    <Form
      method="post"
      id={FORM_ID}
      className="space-y-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8"
      noValidate
    >
      <FormError formId={FORM_ID} reply={reply} />
      <fieldset {...(rating.errors ? { "aria-invalid": true, "aria-describedby": rating.errorId } : {})}>
        <legend className="font-semibold">Your rating *</legend>
        {/*
          Reversed, with every radio and label siblings of one row: a checked radio lights its
          own star and every star before it (peer-checked is a ~ selector, which reaches only
          later siblings, so no wrapper may sit around a pair). Plain CSS: scripts on or off.
        */}
        <div className="mt-2 flex flex-row-reverse justify-end gap-1 rounded-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40">
          {[5, 4, 3, 2, 1].map((n) => (
            <Fragment key={n}>
              <input
                type="radio"
                id={`${rating.id}-${n}`}
                name={rating.name}
                value={n}
                defaultChecked={value(rating) === String(n)}
                required
                className="peer sr-only"
              />
              <label
                htmlFor={`${rating.id}-${n}`}
                className="cursor-pointer p-1 text-black/20 peer-checked:text-amber-400 hover:text-amber-300"
              >
                <Icon name="star" className="size-9 fill-current" />
                <span className="sr-only">
                  {n} star{n === 1 ? "" : "s"}
                </span>
              </label>
            </Fragment>
          ))}
        </div>
        <FieldError id={rating.errorId} errors={rating.errors} />
      </fieldset>
      <Field label={<span className="text-base font-semibold">Your review *</span>} error={quote}>
        <textarea
          {...quote.props}
          rows={5}
          maxLength={1000}
          required
          defaultValue={value(quote)}
          placeholder="What did we do, and how did it go?"
          className={field}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={<span className="text-base font-semibold">Your name *</span>}
          error={name}
          hint="Shown with your review. A first name and initial is fine."
        >
          <input
            {...name.props}
            autoComplete="name"
            maxLength={100}
            required
            defaultValue={value(name)}
            className={field}
          />
        </Field>
        <Field label={<span className="text-base font-semibold">Your town</span>} error={location}>
          <input
            {...location.props}
            maxLength={100}
            defaultValue={value(location)}
            placeholder="Derby, KS"
            className={field}
          />
        </Field>
      </div>
      <SubmitButton
        busy={busy}
        busyText="Sending your review..."
        className="w-full rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
      >
        Send my review
      </SubmitButton>
    </Form>
  );
}

const GONE = {
  unknown: {
    title: "This review link doesn't open",
    text: "It may have been cut short when it was copied, or replaced by a newer link we sent you.",
  },
  expired: {
    title: "This review link has expired",
    text: "Review links work for 60 days. We would still love to hear from you: give us a call or reply to our email, and we will send a new one.",
  },
  used: {
    title: "We already have your review. Thank you!",
    text: "Each link takes one review, and yours has reached us. It appears on our website once we have read it.",
  },
} as const;

function GoneLink({ state, company, phone }: { state: keyof typeof GONE; company: string; phone?: string }) {
  return (
    <Outcome title={GONE[state].title} company={company} phone={phone}>
      <p>{GONE[state].text}</p>
    </Outcome>
  );
}

function Outcome({
  title,
  company,
  phone,
  google,
  children,
}: {
  title: string;
  company: string;
  phone?: string;
  /** The owner's Google review page, offered first after a review (the same to every rating). */
  google?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24">
        <div role="status" className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
          <span
            aria-hidden
            className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-dark"
          >
            <Icon name="star" className="size-7 fill-current" />
          </span>
          <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{title}</h1>
          <div className="mt-3 space-y-3 text-ink-soft">{children}</div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {google && (
              <a
                href={google}
                rel="noopener noreferrer"
                className="rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
              >
                Share it on Google
              </a>
            )}
            <Link
              to={href("/testimonials")}
              className={
                google
                  ? "rounded-md border border-black/15 px-5 py-3 font-semibold hover:bg-sand"
                  : "rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
              }
            >
              What our customers say
            </Link>
            {phone && (
              <a
                href={telHref(phone)}
                className="inline-flex items-center gap-2 rounded-md border border-black/15 px-5 py-3 font-semibold hover:bg-sand"
              >
                <Icon name="phone" className="size-4" /> Call {phone}
              </a>
            )}
          </div>
          <p className="mt-6 text-sm text-ink-soft">{company}</p>
        </div>
      </div>
    </section>
  );
}

// A link is one homeowner's: never kept by the page cache or a CDN, never indexed. (The
// site's Referrer-Policy already keeps the token from other sites; "no-referrer" would make
// the browser send "Origin: null" with the form, which the cross-site check refuses.)
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = siteFromMatches(matches)?.facts.company;
  return [{ title: company ? `Your review | ${company}` : "Your review" }, { name: "robots", content: "noindex" }];
};
