import { NavLink } from "react-router";
import { PROJECT_TABS } from "~/lib/admin-sections";

/** The Projects screen's heading and category tabs, shared by its routes. */
export function ProjectTabs() {
  return (
    <>
      <h1 className="text-2xl font-bold">Projects</h1>
      <nav aria-label="Project categories" className="flex flex-wrap gap-2">
        {PROJECT_TABS.map((t) => (
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
