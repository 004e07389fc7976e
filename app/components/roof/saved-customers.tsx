import { Link } from "react-router";
import type { RoofCustomerSummary } from "~/models/roof-customer.server";
import { formatAddressLine } from "~/lib/address";
import { roofCustomerHref } from "~/lib/roof-customer-form";

export function SavedCustomers({ customers, currentId }: { customers: RoofCustomerSummary[]; currentId?: number }) {
  return (
    <section aria-labelledby="saved-customers" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="saved-customers" className="text-lg font-bold">
        Saved Customers
      </h2>
      {customers.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No saved customers yet.</p>
      ) : (
        <ul className="mt-3 max-h-64 divide-y divide-black/5 overflow-y-auto">
          {customers.map((c) => (
            <li key={c.id}>
              <Link
                to={roofCustomerHref(c.id)}
                state={{ picked: true }}
                aria-current={c.id === currentId ? "true" : undefined}
                className="block px-2 py-2 text-sm hover:bg-sand aria-[current=true]:bg-brand-soft"
              >
                <span className="block font-semibold">{c.customerName || "Unnamed Customer"}</span>
                <span className="block text-ink-soft">{formatAddressLine(c)}</span>
                {c.area !== null && <span className="block text-ink-soft">{c.area.toLocaleString("en-US")} sq ft</span>}
                <span className="block text-xs text-ink-soft">{new Date(c.createdAt).toLocaleDateString("en-US")}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
