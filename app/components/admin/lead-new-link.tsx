import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { inputClass as field, secondaryButton } from "~/components/admin-ui";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A link for the homeowner that staff see only now (a new proposal's, or a review request
 * that was not mailed): selected on focus, with a Copy button once scripts run.
 */
export function NewLinkBox({
  message,
  url,
  label,
  tone = "good",
}: {
  message: string;
  url: string;
  label: string;
  tone?: "good" | "warn";
}) {
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  const colors =
    tone === "good" ? "border-green-300 bg-green-50 text-green-900" : "border-amber-300 bg-amber-50 text-amber-950";
  return (
    <div role="status" className={`space-y-2 rounded-md border p-3 text-sm ${colors}`}>
      <p className="font-semibold">{message}</p>
      <div className="flex gap-2">
        <input
          readOnly
          value={url}
          aria-label={label}
          className={`${field} mt-0 font-mono text-xs text-ink`}
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? "Copied" : "Copy"}
          </button>
        )}
      </div>
    </div>
  );
}
