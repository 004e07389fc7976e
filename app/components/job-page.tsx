import { Icon } from "~/components/icon";
import { PhotoThumb } from "~/components/photo-thumb";
import { telHref } from "~/lib/business";
import type { JobPageView } from "~/services/job-page.server";
import { ClaimSummary } from "~/components/claim-summary";

const card = "rounded-xl border border-black/10 bg-white p-5 shadow-sm sm:p-6";
const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-black/15 bg-white px-4 py-2 font-semibold hover:bg-sand";

/**
 * The homeowner's page of their job: where it stands in plain words, the visits to come,
 * the photos the office shared, the signed proposal, the invoices (with "Pay" while online payment is on) and the
 * payments received, then `children` (the photo upload). Every figure arrives as words.
 */
export function JobPage({
  view,
  notice,
  children,
}: {
  view: JobPageView;
  notice?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { company, customer, status } = view;
  return (
    <>
      <section className="bg-ink text-white">
        <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
          <p className="text-sm font-semibold tracking-wider text-amber-400 uppercase">Your project</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{customer.name}</h1>
          {customer.address && <p className="mt-3 text-lg text-white/80">{customer.address}</p>}
          <p className="mt-1 text-white/70">With {company.name}</p>
          <a
            href={telHref(company.phone)}
            className="mt-5 inline-flex items-center gap-2 rounded-md bg-white/10 px-4 py-2 font-semibold text-white ring-1 ring-white/25 hover:bg-white/20"
          >
            <Icon name="phone" className="size-4" /> Call us: {company.phone}
          </a>
        </div>
      </section>
      <div className="bg-sand">
        <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
          {notice}
          <section aria-labelledby="status-title" className={`${card} border-l-4 border-l-brand`}>
            <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">Where things stand</p>
            <h2 id="status-title" className="mt-1 text-2xl font-bold">
              {status.headline}
            </h2>
            <p className="mt-2 text-ink-soft">{status.detail}</p>
          </section>

          {view.visits.length > 0 && (
            <section aria-labelledby="visits-title" className={card}>
              <h2 id="visits-title" className="text-xl font-bold">
                {view.visits.length === 1 ? "Our next visit" : "Our next visits"}
              </h2>
              <ul className="mt-3 divide-y divide-black/10">
                {view.visits.map((v) => (
                  <li key={v.id} className="flex items-start gap-3 py-3">
                    <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand" />
                    <div>
                      <p className="font-semibold">{v.kind}</p>
                      <p className="text-ink-soft">{v.when} (Kansas time)</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {view.photos.length > 0 && (
            <section aria-labelledby="job-photos-title" className={card}>
              <h2 id="job-photos-title" className="text-xl font-bold">
                Photos of your job
              </h2>
              <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
                {view.photos.map((p) => (
                  <li key={p.id}>
                    <figure>
                      <a
                        href={p.full}
                        target="_blank"
                        rel="noreferrer"
                        className="block overflow-hidden rounded-lg bg-sand"
                      >
                        <PhotoThumb photo={p} alt={p.caption || `${p.tag} photo, ${p.on}`} />
                      </a>
                      <figcaption className="mt-2 text-sm">
                        <span className="font-semibold">{p.tag}</span>
                        <span className="text-ink-soft"> · {p.on}</span>
                        {p.caption && <span className="block [overflow-wrap:anywhere]">{p.caption}</span>}
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {view.proposal && (
            <section
              aria-labelledby="proposal-title"
              className={`${card} flex flex-wrap items-center justify-between gap-4`}
            >
              <div>
                <h2 id="proposal-title" className="text-xl font-bold">
                  Your proposal
                </h2>
                <p className="mt-1 text-ink-soft">
                  {view.proposal.total}
                  {view.proposal.acceptedOn && ` · signed ${view.proposal.acceptedOn}`}
                </p>
              </div>
              {view.proposal.pdf && (
                <a href={view.proposal.pdf} className={linkButton} download>
                  Download the proposal (PDF)
                </a>
              )}
              {view.proposal.changeOrders.length > 0 && (
                <ul aria-label="Change orders" className="w-full divide-y divide-black/10 border-t border-black/10">
                  {view.proposal.changeOrders.map((c, i) => (
                    <li key={i} className="flex justify-between gap-3 py-2">
                      <span className="min-w-0 break-words">Change order: {c.description}</span>
                      <span className="shrink-0 tabular-nums">{c.amount}</span>
                    </li>
                  ))}
                  <li className="flex justify-between gap-3 py-2 font-semibold">
                    <span>Job total</span>
                    <span className="shrink-0 tabular-nums">{view.proposal.jobTotal}</span>
                  </li>
                </ul>
              )}
            </section>
          )}

          {view.claim && <ClaimSummary summary={view.claim} className={card} />}

          {view.invoices.length > 0 && (
            <section aria-labelledby="invoices-title" className={card}>
              <h2 id="invoices-title" className="text-xl font-bold">
                Invoices
              </h2>
              <div className="mt-3 divide-y divide-black/10">
                {view.invoices.map((i) => (
                  <article
                    key={i.id}
                    aria-label={`Invoice ${i.number}`}
                    className="flex flex-wrap items-center justify-between gap-3 py-4"
                  >
                    <div>
                      <p className="font-semibold">
                        {i.number} · {i.kind}
                        <span
                          className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${i.paid ? "bg-leaf-soft text-leaf" : "bg-brand-soft text-brand-dark"}`}
                        >
                          {i.state}
                        </span>
                      </p>
                      {i.billTo && <p className="text-sm">Bill to: {i.billTo}</p>}
                      <p className="text-sm text-ink-soft">
                        Total {i.total}
                        {i.owed && (
                          <>
                            {" · "}
                            <strong className="font-semibold text-ink">{i.owed} owed</strong>
                          </>
                        )}
                        {i.dueOn && ` · due ${i.dueOn}`}
                      </p>
                      <details className="mt-1 text-sm">
                        <summary className="cursor-pointer text-ink-soft">What it bills</summary>
                        <ul className="mt-1 space-y-0.5">
                          {i.lines.map((line, n) => (
                            <li
                              key={n}
                              className={`flex justify-between gap-3 ${line.subtotal ? "font-semibold" : ""}`}
                            >
                              <span className="min-w-0 break-words">{line.label}</span>
                              <span className="shrink-0 tabular-nums">{line.amount}</span>
                            </li>
                          ))}
                        </ul>
                      </details>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <a href={i.pdf} className={linkButton} download>
                        PDF
                      </a>
                      {i.pay && i.owed && (
                        <form method="post" action={i.pay}>
                          <button
                            type="submit"
                            className="inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
                          >
                            Pay {i.owed}
                          </button>
                        </form>
                      )}
                    </div>
                  </article>
                ))}
              </div>
            </section>
          )}

          {view.receipts.length > 0 && (
            <section aria-labelledby="receipts-title" className={card}>
              <h2 id="receipts-title" className="text-xl font-bold">
                Payments received
              </h2>
              <ul className="mt-3 divide-y divide-black/10">
                {view.receipts.map((r) => (
                  <li key={r.id} className="flex items-start justify-between gap-3 py-3">
                    <span className="flex min-w-0 items-start gap-2">
                      <Icon name="check" className="mt-0.5 size-5 shrink-0 text-leaf" />
                      <span>
                        Received {r.method} on {r.on} · <span className="whitespace-nowrap">{r.invoice}</span>
                      </span>
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums">{r.amount}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {children}

          <p className="text-center text-sm text-ink-soft">
            Questions? Call {company.name} at{" "}
            <a href={telHref(company.phone)} className="font-semibold whitespace-nowrap text-brand underline">
              {company.phone}
            </a>
            .
          </p>
        </div>
      </div>
    </>
  );
}
