/**
 * The pieces every form here is built from (contact form, login, the admin's editors):
 * one look for inputs and buttons, one way to label a control and show its error.
 */

export const inputClass =
  "mt-1 block w-full rounded-md border border-black/15 bg-white px-3 py-2 shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-600";
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-70";
export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md border border-black/15 bg-white px-4 py-2 font-semibold text-ink hover:bg-sand";

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/** A control with its label above, an optional hint below, and its first error. */
export function Field({
  label,
  hint,
  error,
  className = "block",
  children,
}: {
  label: React.ReactNode;
  hint?: string;
  /** Conform's field meta (errorId and errors), when the form has one. */
  error?: { errorId: string; errors?: string[] };
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <label className={className}>
      <span className="text-sm font-medium">{label}</span>
      {children}
      {hint && <span className="mt-1 block text-xs text-ink-soft">{hint}</span>}
      {error && <FieldError id={error.errorId} errors={error.errors} />}
    </label>
  );
}

/** The form's submit button, which says what it is doing while the form is on its way. */
export function SubmitButton({
  busy,
  busyText = "Saving...",
  className = primaryButton,
  children,
  ...rest
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type"> & { busy: boolean; busyText?: string }) {
  return (
    <button type="submit" className={className} disabled={busy} {...rest}>
      {busy ? busyText : children}
    </button>
  );
}
