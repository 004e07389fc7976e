import { NavLink } from "react-router";
import { REPORT_PAGES } from "~/lib/admin-sections";
import { mayOpen } from "~/lib/access";
import type { Role } from "~/lib/roles";

/** The report pages' tab bar, the period kept from page to page; a page the role may not open is not listed. */
export function ReportNav({ role, search }: { role: Role; search: string }) {
  const pages = REPORT_PAGES.filter((p) => mayOpen(role, p.to));
  if (pages.length < 2) return null;
  return (
    <nav aria-label="Reports" className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 text-sm">
      {pages.map((p) => (
        <NavLink
          key={p.to}
          to={`${p.to}${search}`}
          end
          className="rounded-md px-3 py-2 font-semibold text-ink-soft hover:bg-sand aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-dark"
        >
          {p.label}
        </NavLink>
      ))}
    </nav>
  );
}
