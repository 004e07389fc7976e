import { ABOUT_HIGHLIGHTS } from "~/content/home";

/** Bullets with a green check: service features and card points. */
export function CheckList({ items, className = "mt-4 space-y-2" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="check-item flex gap-2 text-sm">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The four facts about the business, as figures. */
export function Highlights({ className = "" }: { className?: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-4 ${className}`}>
      {ABOUT_HIGHLIGHTS.map((h) => (
        <div key={h.label} className="rounded-xl bg-sand p-6">
          <dt className="text-sm text-ink-soft">{h.label}</dt>
          <dd className="order-first text-2xl font-bold text-ink">{h.value}</dd>
        </div>
      ))}
    </dl>
  );
}
