import { CircleCheck, CircleDashed } from "lucide-react";
import { Form, Link } from "react-router";
import { GO_LIVE_INTENTS, type GoLiveItem } from "~/lib/go-live";

const itemAction =
  "rounded-md px-2 py-1 text-sm font-semibold text-brand underline underline-offset-2 hover:no-underline";

/**
 * The go-live checklist: each item in plain words, how it stands, and where it
 * is fixed. `only: "open"` leaves out the items already done (the dashboard's short list).
 * `confirmAt`: the page whose action takes "This is right" (the go-live page only).
 */
export function GoLiveList({
  items,
  only = "all",
  confirmAt,
}: {
  items: readonly GoLiveItem[];
  only?: "all" | "open";
  confirmAt?: string;
}) {
  const shown = only === "open" ? items.filter((i) => !i.done) : items;
  return (
    <ul className="divide-y divide-black/5 rounded-xl bg-white shadow-sm" data-testid="go-live-list">
      {shown.map((item) => (
        <li key={item.id} className="flex gap-3 px-4 py-3" data-testid={`go-live-${item.id}`} data-done={item.done}>
          {item.done ? (
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-leaf" />
          ) : (
            <CircleDashed aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
          )}
          <div className="min-w-0 flex-1">
            <p className="font-semibold">
              {item.label}
              <span className="sr-only">{item.done ? ": done" : ": to do"}</span>
            </p>
            <p className="text-sm break-words text-ink-soft">{item.detail}</p>
            {item.confirmed && <p className="text-sm text-ink-soft">You marked this as right.</p>}
            {!item.done && "readme" in item.fix && (
              <p className="mt-1 text-xs text-ink-soft">
                Set <code className="font-semibold text-ink">{item.fix.variable}</code> on the server: see the README,
                section “{item.fix.readme}”.
              </p>
            )}
          </div>
          <div className="flex shrink-0 flex-col items-end justify-center gap-1 sm:flex-row sm:items-center">
            {!item.done && "page" in item.fix && (
              <Link to={item.fix.page} className={itemAction}>
                Fix<span className="sr-only">: {item.label}</span>
              </Link>
            )}
            {confirmAt && item.confirmable && (!item.done || item.confirmed) && (
              <Form method="post" action={confirmAt} preventScrollReset>
                <input type="hidden" name="item" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value={item.confirmed ? GO_LIVE_INTENTS.unconfirm : GO_LIVE_INTENTS.confirm}
                  className={itemAction}
                >
                  {item.confirmed ? "Undo" : "This is right"}
                  <span className="sr-only">: {item.label}</span>
                </button>
              </Form>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
