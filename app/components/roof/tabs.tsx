/** A row of tabs switched by scripts; the panels are the caller's (hidden, not unmounted). */
export function Tabs<T extends string>({
  tabs,
  current,
  onChange,
  label,
  className = "",
}: {
  tabs: readonly (readonly [T, string])[];
  current: T;
  onChange: (t: T) => void;
  label: string;
  className?: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={`flex gap-1 border-b border-black/10 ${className}`}>
      {tabs.map(([value, text]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={current === value}
          onClick={() => onChange(value)}
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-ink-soft aria-selected:border-brand aria-selected:text-ink"
        >
          {text}
        </button>
      ))}
    </div>
  );
}
