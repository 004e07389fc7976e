import { Icon } from "~/components/icon";
import type { TrustFacts } from "~/lib/site-words";
import { trustBandLines, trustFactLines, type TrustFactLine } from "~/lib/trust-facts";

/**
 * The owner's trust facts as a compact row beside a call to action: the home page's hero
 * (dark, the default) and the top of the service and town pages (light). Nothing entered,
 * nothing rendered: no empty band, no placeholder.
 */
export function TrustBand({
  trust,
  tone = "dark",
  className = "",
}: {
  trust: TrustFacts | undefined;
  tone?: "dark" | "light";
  className?: string;
}) {
  const lines = trustBandLines(trust);
  if (lines.length === 0) return null;
  const dark = tone === "dark";
  return (
    <ul
      aria-label="Our credentials"
      data-testid="trust-band"
      className={`flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium ${dark ? "text-white/90" : "text-ink"} ${className}`}
    >
      {lines.map((line) => (
        <li key={`${line.kind}-${line.text}`} className="flex items-center gap-2">
          <Icon name="check" className={`size-4 shrink-0 ${dark ? "text-amber-400" : "text-leaf"}`} />
          <span>
            <FactText line={line} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A fact's words, its number kept on one line. */
export function FactText({ line }: { line: TrustFactLine }) {
  if (!line.tail || !line.text.endsWith(line.tail)) return line.text;
  return (
    <>
      {line.text.slice(0, -line.tail.length)}
      <span className="whitespace-nowrap">{line.tail}</span>
    </>
  );
}

const CAPTIONS: Record<TrustFactLine["kind"], string> = {
  license: "License",
  insurance: "Insurance",
  warranty: "Warranty",
  founded: "Founded",
  certification: "Certified",
};

/** Every fact the owner entered, each under a caption, for the About page; null when there are none. */
export function TrustFactsCard({ trust, className = "" }: { trust: TrustFacts | undefined; className?: string }) {
  const lines = trustFactLines(trust);
  if (lines.length === 0) return null;
  return (
    <section
      aria-labelledby="trust-facts-title"
      data-testid="trust-facts"
      className={`rounded-xl border border-black/10 bg-white p-6 shadow-sm ${className}`}
    >
      <h2 id="trust-facts-title" className="text-lg font-bold">
        Facts you can check
      </h2>
      <dl className="mt-4 space-y-3">
        {lines.map((line) => (
          // A list of terms holds only terms and their descriptions: the check sits in the term.
          <div key={`${line.kind}-${line.text}`} className="relative pl-8">
            <dt className="text-xs font-semibold tracking-wider text-ink-soft uppercase">
              <Icon name="check" className="absolute top-1 left-0 size-5 text-leaf" />
              {CAPTIONS[line.kind]}
            </dt>
            <dd className="font-medium text-ink">
              <FactText line={line} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
