import { FileDown, Ruler } from "lucide-react";
import { Link } from "react-router";
import { secondaryButton, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { MEASURE_INTENT } from "~/lib/lead-forms";
import type { LeadRoofView } from "~/services/roof-customer-view.server";

/**
 * The lead's roof: "Measure this roof" until there is a roof customer for it, then the
 * measurement's figures (as the roof tool and the PDF give them) and the ways to it.
 */
export function LeadRoof({ roof }: { roof: LeadRoofView | null }) {
  const { fetcher, busy } = useLeadFormPost(MEASURE_INTENT, null);
  return (
    <section aria-labelledby="lead-roof" className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-roof" className="flex items-center gap-2 text-lg font-bold">
        <Ruler aria-hidden className="size-5 text-brand" /> Roof measurement
      </h2>
      {roof && roof.figures.length > 0 ? (
        <dl className="grid grid-cols-3 gap-3">
          {roof.figures.map((f) => (
            <div key={f.label} className="rounded-md bg-sand px-3 py-2">
              <dt className="text-xs text-ink-soft">{f.label}</dt>
              <dd className="font-bold">{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-ink-soft">Not measured yet.</p>
      )}
      {roof?.basis && <p className="text-sm text-ink-soft">{roof.basis}</p>}
      {roof?.pitchWarning && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          {roof.pitchWarning}
        </p>
      )}
      {roof ? (
        <div className="flex flex-wrap gap-2">
          <Link to={roof.tool} className={secondaryButton}>
            <Ruler aria-hidden className="size-4" /> Open in the roof tool
          </Link>
          {roof.figures.length > 0 && (
            <a href={roof.pdf} className={secondaryButton} download>
              <FileDown aria-hidden className="size-4" /> Measurement PDF
            </a>
          )}
        </div>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={MEASURE_INTENT} />
          <SubmitButton busy={busy} busyText="Opening the roof tool...">
            Measure this roof
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}
