import { href, Link } from "react-router";
import type { AgeBucket, MoneyTotal } from "~/lib/money-report";
import { formatCents } from "~/lib/money-format";

/** The period's three figures (billed, collected, still owed), each beside the year before's. */
export function MoneyTotals({ totals, earlier }: { totals: MoneyTotal[]; earlier: string }) {
  return (
    <section aria-label="Totals">
      <dl className="grid gap-3 sm:grid-cols-3">
        {totals.map((t) => (
          <div key={t.label} className="rounded-xl bg-white p-4 shadow-sm sm:p-5">
            <dt className="text-sm font-medium text-ink-soft">
              {t.label} <span className="font-normal">({t.note})</span>
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{formatCents(t.cents)}</dd>
            {t.earlierCents !== null ? (
              <dd className="text-sm text-ink-soft">
                {formatCents(t.earlierCents)} {t.label === "Still owed" ? "a year earlier" : `in ${earlier}`}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

/** Below the receivables chart: each bar's invoices, the most past due first, where its row links. */
export function ReceivableLists({ buckets }: { buckets: AgeBucket[] }) {
  return (
    <section aria-labelledby="receivables-lists" className="space-y-4">
      <h2 id="receivables-lists" className="text-lg font-bold">
        What is owed, invoice by invoice
      </h2>
      {buckets.map((bucket) => (
        <section
          key={bucket.id}
          id={`receivables-${bucket.id}`}
          aria-labelledby={`receivables-${bucket.id}-title`}
          className="scroll-mt-4 space-y-2 rounded-xl bg-white p-4 shadow-sm sm:p-5"
        >
          <h3 id={`receivables-${bucket.id}-title`} className="flex flex-wrap justify-between gap-x-3 font-bold">
            <span>{bucket.label}</span>
            <span className="tabular-nums">
              {formatCents(bucket.totalCents)}
              <span className="font-normal text-ink-soft">
                {" "}
                · {bucket.count} {bucket.count === 1 ? "invoice" : "invoices"}
              </span>
            </span>
          </h3>
          {bucket.receivables.length === 0 ? (
            <p className="text-sm text-ink-soft">Nothing owed here.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Invoices {bucket.label.toLowerCase()}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-left text-xs text-ink-soft">
                    <th scope="col" className="py-1.5 pr-3 font-medium">
                      Job
                    </th>
                    <th scope="col" className="py-1.5 pr-3 font-medium">
                      Invoice
                    </th>
                    <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                      Owed
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Past due
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {bucket.receivables.map((r) => (
                    <tr key={r.invoiceId} className="border-b border-slate-100 last:border-0">
                      <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                        <Link
                          to={`${href("/admin/leads/:id", { id: String(r.leadId) })}#lead-money`}
                          className="break-words text-brand-dark underline underline-offset-2"
                        >
                          {r.name}
                        </Link>
                      </th>
                      <td className="py-1.5 pr-3 whitespace-nowrap">{r.invoice}</td>
                      <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">
                        {formatCents(r.owedCents)}
                      </td>
                      <td className="py-1.5 text-right whitespace-nowrap tabular-nums">
                        {r.daysPastDue > 0 ? days(r.daysPastDue) : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {bucket.count > bucket.receivables.length ? (
            <p className="text-xs text-ink-soft">
              The {bucket.receivables.length} most past due of {bucket.count} are listed; the total counts them all.
            </p>
          ) : null}
        </section>
      ))}
    </section>
  );
}
