import type { SubmissionResult } from "@conform-to/react";
import { Children, cloneElement, isValidElement, useId } from "react";

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
/** A small outlined red button for what takes something away (remove, withdraw, turn off). */
export const dangerButton =
  "inline-flex min-h-10 items-center justify-center rounded-md border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50";

export function FieldError({ id, errors, quiet = false }: { id: string; errors?: string[] | null; quiet?: boolean }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={quiet ? "sr-only" : "mt-1 text-sm text-red-700"}>
      {errors[0]}
    </p>
  );
}

/** What Field needs of a conform field (or of `replyField`, for the forms that load no conform). */
type FieldMeta = {
  errorId: string;
  descriptionId?: string;
  errors?: string[];
  /** Read to screen readers only: the form's one alert already says it for every field. */
  quiet?: boolean;
};

/**
 * A control with its caption above, an optional hint below, and its first error. The
 * label holds the caption and the control only, so a control's accessible name is its
 * caption; the hint and the error are its description (`aria-describedby`: the hint by
 * conform's description id, the error as conform's props name it when the field is invalid).
 */
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
  error?: FieldMeta;
  className?: string;
  /** The control: the first input, select or textarea here is given the hint's id in its aria-describedby. */
  children: React.ReactNode;
}) {
  const ownId = useId();
  const hintId = error?.descriptionId ?? `${ownId}-description`;
  return (
    <div className={className}>
      <label className="block">
        <span className="text-sm font-medium">{label}</span>
        {/* Always mapped, so the control keeps its key (and what was typed) when a hint comes or goes. */}
        {describedBy(children, hint ? hintId : undefined)}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && <FieldError id={error.errorId} errors={error.errors} quiet={error.quiet} />}
    </div>
  );
}

/** The control (the first input, select or textarea among the children) with `id` added to what already describes it (its error, when it has one). */
function describedBy(children: React.ReactNode, id: string | undefined): React.ReactNode {
  let done = false;
  return Children.map(children, (child) => {
    if (
      !id ||
      done ||
      !isValidElement<{ "aria-describedby"?: string }>(child) ||
      !["input", "select", "textarea"].includes(child.type as string)
    )
      return child;
    done = true;
    const own = child.props["aria-describedby"];
    return cloneElement(child, { "aria-describedby": own ? `${own} ${id}` : id });
  });
}

/** The form's submit button, which says what it is doing while the form is on its way. */
/** Beside a card's Save button while it holds typed work that another card's save did not keep. */
export function NotSavedYet({ show }: { show: boolean }) {
  return show ? (
    <p role="status" className="text-sm font-medium text-amber-800">
      Changes here are not saved yet.
    </p>
  ) : null;
}

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

/**
 * A field of a public form, read from its action's `submission.reply()` with conform's
 * ids. Public pages load neither zod nor conform (decision 0039): the server validates
 * with the same schema and this gives the page the same ids, errors and typed-back value
 * that conform's `useForm` gives the admin's forms.
 */
export function replyField(reply: SubmissionResult<string[]> | null | undefined, formId: string, name: string) {
  const id = `${formId}-${name}`;
  const errors = reply?.error?.[name] ?? undefined;
  const value = reply?.initialValue?.[name];
  return {
    id,
    name,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: errors?.length ? errors : undefined,
    /** What was typed, given back with a refusal. */
    value: typeof value === "string" ? value : undefined,
    /** The props conform's getInputProps would give: name, id, and the error's marks when refused. */
    props: {
      id,
      name,
      ...(errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {}),
    },
  };
}

/** The form-level error of a reply (conform's `formErrors`), said once above or below the form. */
export const replyFormError = (reply: SubmissionResult<string[]> | null | undefined) => reply?.error?.[""]?.[0];

/** Whether a reply refused any field (not only the form as a whole). */
export const hasFieldErrors = (reply: SubmissionResult<string[]> | null | undefined) =>
  Object.entries(reply?.error ?? {}).some(([name, errors]) => name !== "" && !!errors?.length);

/** Said above a refused form whose problems are all on its fields (each marked where it is). */
const FIELDS_MARKED = "Please check the fields marked below.";

/**
 * A public form's one form-level error: the reply's own (too many tries, could not save),
 * or, when only fields were refused, a pointer to them. Conform's form error id.
 */
export function FormError({
  formId,
  reply,
  className = "rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800",
}: {
  formId: string;
  reply: SubmissionResult<string[]> | null | undefined;
  className?: string;
}) {
  const message = replyFormError(reply) ?? (hasFieldErrors(reply) ? FIELDS_MARKED : undefined);
  if (!message) return null;
  return (
    <p role="alert" id={`${formId}-error`} className={className}>
      {message}
    </p>
  );
}

/** A select's options from a list of values and the words shown for each. */
export function Options<T extends string | number>({
  values,
  labels,
}: {
  values: readonly T[];
  labels: Record<T, string> | ((value: T) => string);
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {typeof labels === "function" ? labels(value) : labels[value]}
    </option>
  ));
}
