import type { DrawingResult } from "~/lib/roof-drawing";

const sq = (n: number) => `${Math.round(n).toLocaleString("en-US")} sq ft`;
const ft = (n: number) => `${Math.round(n).toLocaleString("en-US")} ft`;
const squares = (n: number) => n.toFixed(2);

/** What the traced top view adds up to: per facet, totals, edges and the waste table. */
export function RoofResults({ result }: { result: DrawingResult }) {
  if (result.facets.length === 0) {
    return <p className="text-sm text-ink-soft">Trace at least one roof facet on the top view to see its area here.</p>;
  }
  const cell = "px-2 py-1.5 text-right tabular-nums";
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="roof-totals">
        {[
          ["Plan area", sq(result.planArea)],
          ["Roof area", sq(result.trueArea)],
          ["Squares", squares(result.squares)],
          ["Predominant pitch", result.predominantPitch === null ? "–" : `${result.predominantPitch}/12`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-sand px-3 py-2">
            <dt className="text-xs text-ink-soft">{label}</dt>
            <dd className="text-base font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full">
          <caption className="sr-only">Facets</caption>
          <thead className="text-xs text-ink-soft">
            <tr>
              <th className="px-2 py-1 text-left">Facet</th>
              <th className="px-2 py-1 text-right">Pitch</th>
              <th className="px-2 py-1 text-right">Plan area</th>
              <th className="px-2 py-1 text-right">Roof area</th>
              <th className="px-2 py-1 text-right">Squares</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-black/5">
            {result.facets.map((f) => (
              <tr key={f.index}>
                <td className="px-2 py-1.5">{f.index + 1}</td>
                <td className={cell}>{f.pitch}/12</td>
                <td className={cell}>{sq(f.planArea)}</td>
                <td className={cell}>{sq(f.trueArea)}</td>
                <td className={cell}>{squares(f.squares)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(result.lineTotals.eave > 0 || result.lineTotals.rake > 0 || result.lineTotals.ridge > 0) && (
        <p>
          Eaves {ft(result.lineTotals.eave)} · Rakes {ft(result.lineTotals.rake)} · Ridges {ft(result.lineTotals.ridge)}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full">
          <caption className="px-2 pb-1 text-left font-semibold">Waste allowance</caption>
          <thead className="text-xs text-ink-soft">
            <tr>
              <th className="px-2 py-1 text-left">Waste</th>
              <th className="px-2 py-1 text-right">Area to order</th>
              <th className="px-2 py-1 text-right">Squares</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-black/5">
            {result.waste.map((w) => {
              const suggested = w.percent === result.suggestedWastePercent;
              return (
                <tr key={w.percent} className={suggested ? "bg-brand-soft font-semibold" : undefined}>
                  <td className="px-2 py-1.5">
                    {w.percent}%{suggested && " (suggested)"}
                  </td>
                  <td className={cell}>{sq(w.area)}</td>
                  <td className={cell}>{squares(w.squares)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
