import { Ruler } from "lucide-react";
import { secondaryButton } from "~/components/admin-ui";
import {
  overrideNote,
  scaleFigure,
  SCALE_NOT_SET,
  summaryFigures,
  type Figure,
  type RoofSummary,
} from "~/lib/roof-summary";

const whole = (n: number) => Math.round(n).toLocaleString("en-US");
const squares = (n: number) => n.toFixed(2);

const SOURCE_LINE = {
  traced: "From the facets traced on the top view.",
  "length-width": "From the typed length × width, stretched by the pitch.",
  "typed-area": "From the typed roof area.",
} as const;

function Figures({ figures, testId, label }: { figures: Figure[]; testId?: string; label?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-2" data-testid={testId} aria-label={label}>
      {figures.map(({ label, value }) => (
        <div key={label} className="rounded-md bg-sand px-3 py-2">
          <dt className="text-xs text-ink-soft">{label}</dt>
          <dd className="text-base font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The one set of figures a quote is made from (see roof-summary): plan and roof area,
 * squares, pitch, facets, line lengths and materials, and the waste table; or, when
 * something is traced without a scale, only that the scale is not set.
 */
export function RoofResults({ summary, onSetScale }: { summary: RoofSummary; onSetScale?: () => void }) {
  if (summary.scaleNotSet) {
    return (
      <div
        role="status"
        className="space-y-2 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-950"
        data-testid="roof-totals"
      >
        <p className="text-base font-bold">{SCALE_NOT_SET}</p>
        <p>
          Areas and lengths need a scale. Draw a scale line over something whose length you know (a garage door is
          usually 16 or 8 ft), or find the address for a satellite picture.
        </p>
        {onSetScale && (
          <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={onSetScale}>
            <Ruler aria-hidden className="size-4" /> Set the scale
          </button>
        )}
      </div>
    );
  }
  const { totals, lengths, materials } = summaryFigures(summary);
  if (summary.source === null && lengths.length === 0) {
    return (
      <p className="text-sm text-ink-soft">
        Trace at least one roof facet on the top view, or type length, width and pitch, to see the area here.
      </p>
    );
  }
  const scale = scaleFigure(summary);
  const note = overrideNote(summary);
  const cell = "px-1 py-1.5 text-right tabular-nums";
  return (
    <div className="space-y-4 text-sm">
      {totals.length > 0 && <Figures figures={totals} testId="roof-totals" />}
      <div className="space-y-1 text-ink-soft">
        {summary.source && <p>{SOURCE_LINE[summary.source]}</p>}
        {scale && <p data-testid="roof-scale">Scale: {scale.value}</p>}
        {note && <p className="font-semibold text-ink">{note}</p>}
      </div>
      {summary.facets.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full">
            <caption className="px-1 pb-1 text-left font-semibold">
              Facets <span className="font-normal text-ink-soft">(areas in sq ft)</span>
            </caption>
            <thead className="text-xs text-ink-soft">
              <tr>
                <th className="px-1 py-1 text-left">Facet</th>
                <th className="px-1 py-1 text-right">Pitch</th>
                <th className="px-1 py-1 text-right">Plan</th>
                <th className="px-1 py-1 text-right">Roof</th>
                <th className="px-1 py-1 text-right">Squares</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/5">
              {summary.facets.map((f) => (
                <tr key={f.index}>
                  <td className="px-1 py-1.5">{f.index + 1}</td>
                  <td className={cell}>{f.pitch}/12</td>
                  <td className={cell}>{whole(f.planArea)}</td>
                  <td className={cell}>{whole(f.trueArea)}</td>
                  <td className={cell}>{squares(f.squares)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lengths.length > 0 && (
        <section aria-label="Lengths along the roof" className="space-y-2">
          <h3 className="font-semibold">Lengths along the roof</h3>
          <Figures figures={lengths} testId="roof-lengths" />
          <h3 className="font-semibold">Materials</h3>
          <Figures figures={materials} testId="roof-materials" />
        </section>
      )}
      {summary.waste.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full">
            <caption className="px-1 pb-1 text-left font-semibold">Waste allowance</caption>
            <thead className="text-xs text-ink-soft">
              <tr>
                <th className="px-1 py-1 text-left">Waste</th>
                <th className="px-1 py-1 text-right">Area to order (sq ft)</th>
                <th className="px-1 py-1 text-right">Squares</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/5">
              {summary.waste.map((w) => {
                const suggested = w.percent === summary.suggestedWastePercent;
                return (
                  <tr key={w.percent} className={suggested ? "bg-brand-soft font-semibold" : undefined}>
                    <td className="px-1 py-1.5">
                      {w.percent}%{suggested && " (suggested)"}
                    </td>
                    <td className={cell}>{whole(w.area)}</td>
                    <td className={cell}>{squares(w.squares)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
