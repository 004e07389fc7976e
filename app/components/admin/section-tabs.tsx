import { NavLink } from "react-router";
import { ADMIN_SECTION_TABS } from "~/lib/admin-sections";

/** The Projects screen's heading and tab bar, shared by its three routes. */
export function AdminSectionTabs() {
  return (
    <>
      <h1 className="text-2xl font-bold">Projects</h1>
      <nav aria-label="Admin sections" className="flex flex-wrap gap-2">
        {ADMIN_SECTION_TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end
            className={({ isActive }) =>
              `rounded-full px-4 py-2 text-sm font-semibold ${isActive ? "bg-ink text-white" : "bg-white shadow-sm hover:bg-brand-soft"}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
    </>
  );
}
