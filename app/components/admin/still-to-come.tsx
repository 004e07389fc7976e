import type { StillToComeRow } from "~/lib/claim-money";
import { formatCents } from "~/lib/money-format";

/** The Money report's "Still to come, by who owes it" (lib/claim-money.ts): homeowners and carriers. */
export function StillToCome({ rows }: { rows: StillToComeRow[] }) {
  return (
    <section aria-labelledby="still-to-come" className="rounded-xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id="still-to-come" className="text-lg font-bold">
        Still to come, by who owes it
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Today: what sent invoices still owe (a check naming the homeowner and the carrier is the carrier&rsquo;s), and
        what of each open insurance claim no invoice bills yet.
      </p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs text-ink-soft">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Who owes it
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Owed now
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Not billed yet (claims)
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.side} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {r.label}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCents(r.owedCents)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatCents(r.notBilledCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
