import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/icon";
import { telHref } from "~/lib/business";
import { businessToday, formatDay } from "~/lib/business-time";
import { formatBasisPoints, formatCents } from "~/lib/money-format";
import {
  termsText,
  ACCEPT_FIELDS,
  NAME_MAX,
  quantityWithUnit,
  hasChoices,
  shingleLine,
  type ProposalContent,
  type ProposalOption,
} from "~/lib/proposal";
import type { OutlineSvg } from "~/lib/roof-drawing";
import {
  CHOICE_FIELDS,
  CHOICE_INTENTS,
  choiceFromForm,
  choiceTotals,
  defaultChoice,
  proposalOptions,
  type ChoiceTotals,
  type ProposalChoice,
} from "~/lib/proposal-choice";
import { useHydrated } from "~/lib/use-hydrated";
import { Field, FieldError, FormError, replyField, SubmitButton } from "./form";

const card = "rounded-xl border border-black/10 bg-white p-5 shadow-sm sm:p-6";
const field =
  "mt-1 block w-full rounded-md border border-black/15 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-600";

/**
 * The homeowner's proposal: who it is from and for, the roof as measured, each priced line
 * and the total, the terms and the last day, the PDF, and the acceptance form (or, once
 * accepted, who accepted it and when, passed as children). Plain HTML that posts without
 * scripts; with them the form shows it is on its way and the page updates in place.
 *
 * A proposal with options or add-ons (decision 0108) is one form: a radio per option, a box
 * per add-on, then the total. Without scripts "See my total" asks the server for it and the
 * page comes back with the last look and the name to sign; with scripts the total follows
 * each pick (the same function the server runs) and the name is asked at once.
 */
export function ProposalView({
  content: c,
  outline,
  pdf,
  reach,
  reply,
  review,
  chosen,
  children,
}: {
  content: ProposalContent;
  outline: OutlineSvg | null;
  pdf: string;
  /** "We will text you": the way we will reach the homeowner (lib/contact-form.ts reachWay, weWillReach). */
  reach: string;
  /** The action's refusal (conform's reply), if the last post was refused. */
  reply?: SubmissionResult<string[]>;
  /** The choice the server totaled for a last look ("See my total"), if that was the last post. */
  review?: ProposalChoice | null;
  /** What the homeowner accepted (once accepted). */
  chosen?: ProposalChoice | null;
  children?: React.ReactNode;
}) {
  const accepted = children != null && children !== false;
  const choosing = !accepted && hasChoices(c);
  const hydrated = useHydrated();
  const [live, setLive] = useState<ChoiceTotals | null>(null);
  // With scripts the page totals the pick at once (the default option, before any change).
  const picked = review ?? (hydrated ? defaultChoice(c) : null);
  // What the page totals: the accepted choice, the homeowner's live pick, the server's last look.
  const shown =
    (accepted && chosen && choiceTotals(c, chosen)) ||
    (choosing && (live ?? (picked && choiceTotals(c, picked)))) ||
    (!choosing ? choiceTotals(c, defaultChoice(c)) : null);
  const lowest = Math.min(...proposalOptions(c).map((o) => o.totalCents));
  const shingles = choosing
    ? `${proposalOptions(c).length > 1 ? `${proposalOptions(c).length} shingle options` : shingleLine(c) + " shingles"}`
    : shown && (shown.option.name || shingleLine(c)) && `${shown.option.name || shingleLine(c)} shingles`;
  const terms = (
    <section aria-labelledby="terms-title" className={card}>
      <h2 id="terms-title" className="text-xl font-bold">
        Terms
      </h2>
      <p className="mt-3 whitespace-pre-line text-ink-soft">{termsText(c, shown?.totalCents)}</p>
      <p className="mt-4 font-medium">This proposal is valid until {formatDay(c.validUntil)}.</p>
    </section>
  );
  return (
    <>
      <section className="bg-ink text-white">
        <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
          <p className="text-sm font-semibold tracking-wider text-amber-400 uppercase">Roofing proposal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Proposal for {c.customer.name}</h1>
          {c.customer.address && <p className="mt-3 text-lg text-white/80">{c.customer.address}</p>}
          <p className="mt-1 text-white/70">
            From {c.company.name} · {formatDay(businessToday(new Date(c.issuedAt)))}
          </p>
        </div>
      </section>
      <div className="bg-sand">
        <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
          <section aria-label="Summary" className={`${card} flex flex-wrap items-center justify-between gap-4`}>
            <div>
              <p className="text-sm text-ink-soft">{shown ? "Total" : "From"}</p>
              <p className="text-3xl font-bold" data-testid="summary-total">
                {formatCents(shown?.totalCents ?? lowest)}
              </p>
              <p className="mt-1 text-sm text-ink-soft">
                {accepted ? "Accepted" : `Valid until ${formatDay(c.validUntil)}`}
                {shingles && ` · ${shingles}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <a
                href={pdf}
                className="inline-flex items-center gap-2 rounded-md border border-black/15 bg-white px-4 py-2.5 font-semibold hover:bg-sand"
                download
              >
                Download PDF
              </a>
              <a
                href={telHref(c.company.phone)}
                className="inline-flex items-center gap-2 rounded-md border border-black/15 bg-white px-4 py-2.5 font-semibold hover:bg-sand"
              >
                <Icon name="phone" className="size-4" /> {c.company.phone}
              </a>
            </div>
          </section>

          {children}

          {c.roof && c.roof.figures.length > 0 && (
            <section aria-labelledby="roof-title" className={card}>
              <h2 id="roof-title" className="text-xl font-bold">
                Your roof, as we measured it
              </h2>
              <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {c.roof.figures.map((f) => (
                  <div key={f.label} className="rounded-md bg-sand px-3 py-2">
                    <dt className="text-xs text-ink-soft">{f.label}</dt>
                    <dd className="font-bold">{f.value}</dd>
                  </div>
                ))}
              </dl>
              {outline && <RoofOutline outline={outline} />}
            </section>
          )}

          {choosing ? (
            <ChoiceForm
              content={c}
              reach={reach}
              reply={reply}
              start={review ?? defaultChoice(c)}
              totals={shown}
              reviewed={!!review}
              hydrated={hydrated}
              onPick={setLive}
            >
              {terms}
            </ChoiceForm>
          ) : (
            <>
              {shown && (
                <section aria-labelledby="work-title" className={card}>
                  <h2 id="work-title" className="text-xl font-bold">
                    The work and its price
                  </h2>
                  <OptionLines option={shown.option} unitPrices={c.showUnitPrices !== false} />
                  <ChoiceSum content={c} totals={shown} />
                </section>
              )}
              {terms}
              {!accepted && <AcceptForm reach={reach} reply={reply} />}
            </>
          )}

          <p className="text-center text-sm text-ink-soft">
            Questions? Call {c.company.name} at{" "}
            <a href={telHref(c.company.phone)} className="font-semibold whitespace-nowrap text-brand underline">
              {c.company.phone}
            </a>
            .
          </p>
        </div>
      </div>
    </>
  );
}

/** An option's priced lines: each with its quantity and unit price, or (the switch off) its label alone. */
function OptionLines({ option, unitPrices }: { option: ProposalOption; unitPrices: boolean }) {
  return (
    <ul className="mt-4 divide-y divide-black/10">
      {option.lines.map((l, i) => (
        <li key={i} className="flex items-start justify-between gap-4 py-3">
          <div>
            <p className="font-medium">{l.label}</p>
            {unitPrices && (
              <p className="text-sm text-ink-soft">
                {quantityWithUnit(l.quantity, l.unit)} × {formatCents(l.unitPriceCents)}
              </p>
            )}
          </div>
          {unitPrices && <p className="font-semibold tabular-nums">{formatCents(l.totalCents)}</p>}
        </li>
      ))}
    </ul>
  );
}

/** What a choice comes to: the option, each add-on, the subtotal, the tax and the total. */
function ChoiceSum({ content: c, totals }: { content: ProposalContent; totals: ChoiceTotals }) {
  const parts = totals.addOns.length > 0;
  return (
    <dl className="mt-2 space-y-1 border-t-2 border-ink/80 pt-3 tabular-nums" aria-label="Your total">
      {parts && (
        <>
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">{totals.option.name} shingles</dt>
            <dd>{formatCents(totals.option.subtotalCents)}</dd>
          </div>
          {totals.addOns.map((a) => (
            <div key={a.id} className="flex justify-between gap-4">
              <dt className="text-ink-soft">{a.label}</dt>
              <dd>{formatCents(a.cents)}</dd>
            </div>
          ))}
        </>
      )}
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">Subtotal</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-ink-soft">Sales tax ({formatBasisPoints(c.taxRateBasisPoints)})</dt>
        <dd>{formatCents(totals.taxCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 text-lg font-bold">
        <dt>Total</dt>
        <dd data-testid="choice-total">{formatCents(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}

const FORM_ID = "accept";
const TOTAL_ID = "total";

/**
 * The options and add-ons, the total, the terms (children) and the signature, as one form.
 * Its two buttons name their step (intent): "See my total" (the server totals it) and
 * "Accept proposal", which posts back the total shown so the server can refuse another.
 */
function ChoiceForm({
  content: c,
  reach,
  reply,
  start,
  totals,
  reviewed,
  hydrated,
  onPick,
  children,
}: {
  content: ProposalContent;
  reach: string;
  reply?: SubmissionResult<string[]>;
  start: ProposalChoice;
  totals: ChoiceTotals | null;
  reviewed: boolean;
  hydrated: boolean;
  onPick: (totals: ChoiceTotals | null) => void;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const step = navigation.formData?.get(CHOICE_FIELDS.intent);
  const options = proposalOptions(c);
  const unitPrices = c.showUnitPrices !== false;
  const signing = reviewed || hydrated;
  return (
    <Form
      method="post"
      id={FORM_ID}
      className="grid gap-6"
      aria-label="Choose and accept"
      onChange={(e) => onPick(choiceFromForm(c, new FormData(e.currentTarget)))}
    >
      <FormError formId={FORM_ID} reply={reply} />
      <fieldset className={card}>
        <legend className="sr-only">Your shingles</legend>
        <h2 className="text-xl font-bold" aria-hidden>
          {options.length > 1 ? "Choose your shingles" : "The work and its price"}
        </h2>
        <div className="mt-4 grid gap-3">
          {options.map((o) => (
            <div
              key={o.tier}
              className="rounded-lg border border-black/15 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <label className="flex cursor-pointer items-center gap-3 p-4">
                <input
                  type="radio"
                  name={CHOICE_FIELDS.option}
                  value={o.tier}
                  defaultChecked={o.tier === start.option}
                  required
                  className="size-5 shrink-0 accent-brand"
                />
                <span className="flex-1 text-lg font-semibold">{o.name} shingles</span>
                <span className="text-lg font-bold tabular-nums">{formatCents(o.totalCents)}</span>
              </label>
              <details className="border-t border-black/10 px-4 py-2">
                <summary className="cursor-pointer text-sm font-medium text-brand">What&rsquo;s included</summary>
                <OptionLines option={o} unitPrices={unitPrices} />
              </details>
            </div>
          ))}
        </div>
      </fieldset>
      {(c.addOns?.length ?? 0) > 0 && (
        <fieldset className={card}>
          <legend className="sr-only">Add-ons</legend>
          <h2 className="text-xl font-bold" aria-hidden>
            Add-ons
          </h2>
          <p className="mt-1 text-ink-soft">Tick any you would like with the job (plus sales tax).</p>
          <div className="mt-3 grid gap-2">
            {c.addOns!.map((a) => (
              <label
                key={a.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-black/15 p-4 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
              >
                <input
                  type="checkbox"
                  name={CHOICE_FIELDS.addOn}
                  value={a.id}
                  defaultChecked={start.addOns.includes(a.id)}
                  className="size-5 shrink-0 accent-brand"
                />
                <span className="flex-1 font-medium">{a.label}</span>
                <span className="font-semibold tabular-nums">+{formatCents(a.cents)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <section id={TOTAL_ID} aria-labelledby="total-title" className={card} aria-live="polite">
        <h2 id="total-title" className="text-xl font-bold">
          Your total
        </h2>
        {totals && signing ? (
          <ChoiceSum content={c} totals={totals} />
        ) : (
          <p className="mt-2 text-ink-soft">Choose above, then see your total before you accept.</p>
        )}
        {!hydrated && (
          <button
            type="submit"
            name={CHOICE_FIELDS.intent}
            value={CHOICE_INTENTS.review}
            // The page that comes back opens at the total it was asked for, not at its top.
            formAction={`#${TOTAL_ID}`}
            formNoValidate
            disabled={busy}
            className="mt-4 w-full rounded-md border border-brand bg-white px-5 py-3 text-lg font-semibold text-brand hover:bg-sand sm:w-auto"
          >
            {reviewed ? "Update my total" : "See my total"}
          </button>
        )}
      </section>
      {children}
      {signing && totals && (
        <section aria-labelledby="accept-title" className={`${card} border-brand/40`}>
          <h2 id="accept-title" className="text-xl font-bold">
            Accept this proposal
          </h2>
          <p className="mt-1 text-ink-soft">
            {totals.option.name} shingles
            {totals.addOns.map((a) => `, ${a.label}`).join("")}: {formatCents(totals.totalCents)}. Type your full name
            as your signature. {reach} to schedule the work.
          </p>
          <input type="hidden" name={CHOICE_FIELDS.total} value={totals.totalCents} />
          <SignatureFields reply={reply} />
          <SubmitButton
            busy={busy && step === CHOICE_INTENTS.accept}
            busyText="Recording your acceptance..."
            name={CHOICE_FIELDS.intent}
            value={CHOICE_INTENTS.accept}
            className="mt-4 w-full rounded-md bg-brand px-5 py-3 text-lg font-semibold text-white hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
          >
            Accept proposal
          </SubmitButton>
        </section>
      )}
    </Form>
  );
}

/** The typed name and the box that says yes to the terms, checked by the server (lib/proposal-schema.ts). */
function SignatureFields({ reply }: { reply?: SubmissionResult<string[]> }) {
  const name = replyField(reply, FORM_ID, ACCEPT_FIELDS.name);
  const agree = replyField(reply, FORM_ID, ACCEPT_FIELDS.agree);
  return (
    <div className="mt-4 space-y-4">
      <Field label="Your full name" error={name} className="block max-w-md">
        <input
          {...name.props}
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          defaultValue={name.value}
          className={field}
        />
      </Field>
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            {...agree.props}
            required
            defaultChecked={agree.value === "on"}
            className="mt-1 size-5 shrink-0 accent-brand"
          />
          <span>I have read the proposal and agree to its price and terms.</span>
        </label>
        <FieldError id={agree.errorId} errors={agree.errors} />
      </div>
    </div>
  );
}

/** Checked by the server with lib/proposal-schema.ts (this page loads no validation library, decision 0039). */
function AcceptForm({ reach, reply }: { reach: string; reply?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="accept-title" className={`${card} border-brand/40`}>
      <h2 id="accept-title" className="text-xl font-bold">
        Accept this proposal
      </h2>
      <p className="mt-1 text-ink-soft">Type your full name as your signature. {reach} to schedule the work.</p>
      <Form method="post" id={FORM_ID} className="mt-4 space-y-4" aria-label="Accept the proposal">
        {/* Above the fields it points to ("marked below"), like every public form's. */}
        <FormError formId={FORM_ID} reply={reply} />
        <SignatureFields reply={reply} />
        <SubmitButton
          busy={busy}
          busyText="Recording your acceptance..."
          className="w-full rounded-md bg-brand px-5 py-3 text-lg font-semibold text-white hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
        >
          Accept proposal
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * Shown once the proposal is accepted, in place of the form. Right after accepting with
 * scripts the page updates in place, scrolled down where the form was: the confirmation
 * is brought into view and focused (so it is also read out), or a phone shows nothing.
 */
export function ProposalAccepted({
  name,
  at,
  phone,
  reach,
  justAccepted = false,
}: {
  name: string;
  at: string;
  phone: string;
  reach: string;
  justAccepted?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!justAccepted || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView({ block: "center" });
  }, [justAccepted]);
  return (
    <section
      role="status"
      aria-label="Accepted"
      className="scroll-mt-24 rounded-xl border border-leaf/30 bg-leaf-soft p-5 text-leaf sm:p-6"
    >
      <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-bold focus:outline-none">
        <Icon name="check" className="size-6" /> Accepted — thank you!
      </h2>
      <p className="mt-2 text-ink">
        Accepted by <strong>{name}</strong> on {at}. {reach} to schedule the work; if you need us sooner, call{" "}
        <a href={telHref(phone)} className="font-semibold whitespace-nowrap underline">
          {phone}
        </a>
        .
      </p>
    </section>
  );
}

/** An expired or unknown link: what happened, kindly, and the phone number. */
export function ProposalGone({ title, text, phone }: { title: string; text: string; phone: string }) {
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center px-6 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{text}</p>
      <a
        href={telHref(phone)}
        className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        <Icon name="phone" className="size-4" /> Call {phone}
      </a>
    </div>
  );
}

/** The traced outline from above: each facet shaded, each line in its color, and what the colors mean. */
function RoofOutline({ outline }: { outline: OutlineSvg }) {
  return (
    <figure className="mt-5">
      <svg
        viewBox={outline.viewBox}
        role="img"
        aria-label="Outline of your roof from above"
        className="mx-auto block max-h-72 w-full rounded-md bg-sand"
      >
        {outline.facets.map((points, i) => (
          <polygon
            key={i}
            points={points}
            fill={outline.facetColor}
            fillOpacity={0.18}
            stroke={outline.facetColor}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {outline.lines.map((l, i) => (
          <line
            key={i}
            x1={l.x1}
            y1={l.y1}
            x2={l.x2}
            y2={l.y2}
            stroke={l.color}
            strokeWidth={3}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      {outline.legend.length > 0 && (
        <figcaption className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-ink-soft">
          {outline.legend.map((k) => (
            <span key={k.label} className="inline-flex items-center gap-1.5">
              <span aria-hidden className="inline-block h-1 w-4 rounded" style={{ backgroundColor: k.color }} />
              {k.label}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
