import { AlertTriangle, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton } from "./form";
import { Icon } from "./icon";

// The form pieces are shared with the public contact form; admin screens import them here too.
export {
  dangerButton,
  Field,
  FieldError,
  inputClass,
  Options,
  primaryButton,
  secondaryButton,
  SubmitButton,
} from "./form";

/**
 * A form of one button that posts its intent to the page's own action: plain HTML without
 * scripts; with them, the button is disabled and says `busyText` while it posts.
 */
export function IntentButton({
  intent,
  busyText,
  className = secondaryButton,
  children,
}: {
  intent: string;
  busyText: string;
  className?: string;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} disabled={busy} className={className}>
        {busy ? busyText : children}
      </button>
    </Form>
  );
}

/** A warning the owner should act on, in the page (read out as a status): a missed backup, a failed upload. */
export function WarningNote({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={`flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 ${className}`}
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/**
 * An editor that is a modal when scripts run and a plain panel of the page without them:
 * the server renders <dialog open>, and the browser upgrades it with showModal().
 */
export function EditorDialog({
  title,
  closeTo,
  children,
}: {
  title: string;
  closeTo: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="editor-title"
      onCancel={(event) => {
        // Escape: go back to the list instead of leaving the URL pointing at the editor.
        event.preventDefault();
        ref.current?.querySelector<HTMLAnchorElement>("[data-close]")?.click();
      }}
      // As a modal it fits the window (a laptop's 900 px too): the body scrolls under a
      // title bar that stays, so Close is always in reach.
      className="relative z-10 mx-auto my-6 w-full max-w-xl rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 open:block [&:modal]:fixed [&:modal]:my-auto [&:modal]:max-h-[calc(100dvh-2rem)] [&:modal]:overflow-y-auto"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-black/10 bg-white px-6 py-4">
        <h2 id="editor-title" className="text-lg font-bold">
          {title}
        </h2>
        <Link
          to={closeTo}
          data-close
          aria-label="Close"
          className="flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-sand hover:text-ink"
          preventScrollReset
        >
          <X aria-hidden className="size-5" />
        </Link>
      </div>
      <div className="px-6 py-5">{children}</div>
    </dialog>
  );
}

/**
 * A list table: the column names, then the rows the caller renders; headings from
 * `rightFrom` on (the last by default) sit right, over figures. On a phone each row becomes
 * a card (app.css), unless `cards` is off: a few columns of figures read better as a table.
 */
export function AdminTable({
  columns,
  rightFrom = columns.length - 1,
  cards = true,
  children,
}: {
  columns: string[];
  rightFrom?: number;
  cards?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`${cards ? "admin-table " : ""}overflow-x-auto rounded-xl bg-white shadow-sm`}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-black/10 bg-sand/60 text-xs tracking-wider text-ink-soft uppercase">
          <tr>
            {columns.map((c, i) => (
              <th key={c} scope="col" className={`px-2 py-3 sm:px-4 ${i >= rightFrom ? "text-right" : ""}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-black/5">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * Edit and delete for one row; both are links, so they work without scripts. The icons
 * point into the cached sprite: drawn inline they were 1 KB of every row, and an admin
 * page stays under 150 KB (decision 0055).
 */
export function RowActions({ label, editTo, deleteTo }: { label: string; editTo: string; deleteTo: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Link to={editTo} preventScrollReset className="rounded p-2 hover:bg-sand" aria-label={`Edit ${label}`}>
        <Icon name="pencil" className="size-4" />
      </Link>
      <Link
        to={deleteTo}
        preventScrollReset
        className="rounded p-2 text-red-700 hover:bg-red-50"
        aria-label={`Delete ${label}`}
      >
        <Icon name="trash-2" className="size-4" />
      </Link>
    </div>
  );
}

/** The confirm step before a delete: a modal with scripts, a panel of the page without. */
export function ConfirmDelete({
  title,
  question,
  detail,
  id,
  intent,
  action,
  closeTo,
}: {
  title: string;
  question: string;
  detail: React.ReactNode;
  id: number;
  intent: string;
  action?: string;
  closeTo: string;
}) {
  return (
    <EditorDialog title={title} closeTo={closeTo}>
      <p>{question}</p>
      <p className="mt-2 text-sm text-ink-soft">{detail}</p>
      <Form method="post" action={action} className="mt-6 flex justify-end gap-3">
        <input type="hidden" name="id" value={id} />
        <Link to={closeTo} className={secondaryButton}>
          Cancel
        </Link>
        <button type="submit" name="intent" value={intent} className={`${primaryButton} bg-red-700 hover:bg-red-800`}>
          Delete
        </button>
      </Form>
    </EditorDialog>
  );
}

/** One part of the page, titled. */
export function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
