import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { ClaimSummary as Summary } from "~/lib/claim-money";

/**
 * An insurance claim's money in a homeowner's and an adjuster's words (lib/claim-money.ts):
 * what the carrier approved and holds back, what the homeowner pays and when, and what is
 * still to come from whom. The homeowner's job page and the lead page show the same words.
 */
export function ClaimSummary({
  summary,
  title = "Your insurance claim",
  className = "mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6",
  children,
}: {
  summary: Summary;
  title?: string;
  /** The card it sits in: the lead page's, or the job page's. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="claim-summary" className={`space-y-3 ${className}`}>
      <h2 id="claim-summary" className="flex items-center gap-2 text-lg font-bold">
        <ShieldCheck aria-hidden className="size-5 shrink-0 text-brand" /> {title}
      </h2>
      <p className="text-sm text-ink-soft">
        {summary.carrier}, claim {summary.claimNumber}
      </p>
      <div className="space-y-2">
        {summary.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {summary.settled ? (
        <p className="rounded-md bg-green-50 px-3 py-2 font-semibold text-green-900">
          Everything is paid: nothing is left to come from anyone.
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="pb-1 text-left font-semibold">Still to come</caption>
          <thead>
            <tr className="text-xs text-ink-soft">
              <th scope="col" className="py-1 pr-2 font-normal">
                From
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-normal">
                Billed, not paid yet
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Not billed yet
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.toCome.map((row) => (
              <tr key={row.who} className="border-t border-black/10">
                <th scope="row" className="py-1.5 pr-2 font-medium">
                  {row.who}
                </th>
                <td className="py-1.5 pr-2 text-right tabular-nums">{row.owed}</td>
                <td className="py-1.5 text-right tabular-nums">{row.toCome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {children}
    </section>
  );
}
