import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { RoofCustomerSummary } from "~/models/roof-customer.server";
import { formatAddressLine } from "~/lib/address";
import { formatKansasDate } from "~/lib/business-time";
import { roofToolUrl } from "~/lib/roof-customer-paging";
import { ROOF_TOOL } from "~/lib/roof-customer-form";
import { SEARCH_MAX_LENGTH } from "~/lib/search-query";
import { inputClass, secondaryButton } from "~/components/form";
import { Pager } from "~/components/pager";

/** A page of the list (newest first), the search it was found by, and the cursors of the pages beside it. */
export type SavedCustomerList = {
  customers: RoofCustomerSummary[];
  q: string;
  newer: string | null;
  older: string | null;
};

const HERE = "#saved-customers";

export function SavedCustomers({ list, currentId }: { list: SavedCustomerList; currentId?: number }) {
  const { customers, q, newer, older } = list;
  // Every address keeps the open customer and the search: paging never leaves either. The
  // list is far down a phone's page: its links and search land back on it, not at the top.
  const at = (page: { after?: string | null; before?: string | null }) =>
    `${roofToolUrl({ customer: currentId, q, ...page })}${HERE}`;
  return (
    <section aria-labelledby="saved-customers" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="saved-customers" className="text-lg font-bold">
        Saved Customers
      </h2>
      <Form
        method="get"
        action={`${ROOF_TOOL}${HERE}`}
        role="search"
        aria-label="Saved customers"
        className="mt-3 flex items-end gap-2"
      >
        {currentId && <input type="hidden" name="customer" value={currentId} />}
        <label className="min-w-0 flex-1 text-sm font-semibold">
          {/* Not "Street" or "ZIP": those name the customer form's own fields. */}
          Find a saved customer
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, address or ZIP"
            className={inputClass}
          />
        </label>
        <button type="submit" className={`${secondaryButton} min-h-10 px-3`}>
          <Search aria-hidden className="size-4" /> Find
        </button>
      </Form>
      {q && (
        <p className="mt-2 text-sm text-ink-soft">
          {customers.length === 0 ? `No saved customers match “${q}”.` : `Customers matching “${q}”.`}{" "}
          <Link
            to={`${roofToolUrl({ customer: currentId })}${HERE}`}
            className="font-semibold text-brand-dark underline"
          >
            Show all
          </Link>
        </p>
      )}
      {customers.length === 0 && !q && <p className="mt-2 text-sm text-ink-soft">No saved customers yet.</p>}
      {customers.length > 0 && (
        <ul className="mt-3 max-h-96 divide-y divide-black/5 overflow-y-auto">
          {customers.map((c) => (
            <li key={c.id}>
              <Link
                to={roofToolUrl({ customer: c.id, q })}
                state={{ picked: true }}
                aria-current={c.id === currentId ? "true" : undefined}
                className="block px-2 py-2 text-sm hover:bg-sand aria-[current=true]:bg-brand-soft"
              >
                <span className="block font-semibold">{c.customerName || "Unnamed Customer"}</span>
                <span className="block text-ink-soft">{formatAddressLine(c)}</span>
                {c.area !== null && <span className="block text-ink-soft">{c.area.toLocaleString("en-US")} sq ft</span>}
                <span className="block text-xs text-ink-soft">{formatKansasDate(c.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2">
        <Pager
          label="Pages of saved customers"
          newer={newer ? at({ before: newer }) : null}
          older={older ? at({ after: older }) : null}
        />
      </div>
    </section>
  );
}
