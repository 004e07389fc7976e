import { href, Link } from "react-router";
import { primaryButton } from "~/components/form";
import { Icon } from "~/components/icon";
import { PROJECT_CATEGORIES, type ProjectCategory } from "~/lib/project-categories";
import { NO_PROJECTS_YET_TEXT, portfolioPageHref, portfolioTabHref, type PortfolioTab } from "~/lib/portfolio";

// The portfolio's paging (decision 0055): plain links, so they work before and without
// scripts; each lands on the projects, not the top of the page.

const WORK_NAMES: Record<ProjectCategory, string> = {
  framing: "framing",
  roofing: "roofing",
  "bright-green": "Bright Green",
};
const PROJECTS_ANCHOR = "#projects";
const pill =
  "inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full bg-white px-5 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-soft";

/** The portfolio before its first project: no empty chips, an honest line and the way to a quote. */
export function NoProjectsYet() {
  return (
    <div className="rounded-xl bg-white p-8 text-center shadow-sm" data-testid="no-projects-yet">
      <p className="mx-auto max-w-xl text-ink-soft">{NO_PROJECTS_YET_TEXT}</p>
      <Link to={href("/contact")} className={`${primaryButton} mt-5`}>
        Request a Free Quote <Icon name="arrow-right" className="size-4" />
      </Link>
    </div>
  );
}

/** Under carousels that show only their first few tiles: a link to each category's full pages. */
export function SeeAllWork({
  counts,
  tab,
  shown,
}: {
  counts: Record<ProjectCategory, number>;
  tab: PortfolioTab;
  shown: number;
}) {
  const more = (tab === "all" ? PROJECT_CATEGORIES : [tab]).filter((c) => counts[c] > shown);
  if (more.length === 0) return null;
  return (
    <ul className="mt-8 flex flex-wrap gap-3" aria-label="All our work">
      {more.map((category) => (
        <li key={category}>
          <Link to={portfolioTabHref(category) + PROJECTS_ANCHOR} className={pill}>
            See all {counts[category]} {WORK_NAMES[category]} projects <Icon name="arrow-right" className="size-4" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Previous and next pages of one category, with how many projects it has. */
export function PortfolioPager({
  category,
  count,
  previous,
  next,
}: {
  category: ProjectCategory;
  count: number;
  previous: number | null;
  next: number | null;
}) {
  if (previous === null && next === null) return null;
  return (
    <nav
      aria-label={`Pages of ${WORK_NAMES[category]} projects`}
      className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-between"
    >
      <p className="text-sm text-ink-soft sm:order-2">
        {count} {WORK_NAMES[category]} projects
      </p>
      {/* On a phone the two links share a row under the count; wider, the count sits between them. */}
      <div className="flex w-full justify-between gap-3 sm:contents">
        {previous !== null ? (
          <Link
            to={portfolioPageHref(category, { before: previous }) + PROJECTS_ANCHOR}
            rel="prev"
            className={`${pill} sm:order-1`}
          >
            <Icon name="chevron-left" className="size-4" /> Previous
            {/* Two links share a phone's row: the word the name needs is read, not shown. */}
            <span className="max-sm:sr-only"> projects</span>
          </Link>
        ) : (
          <span className="sm:order-1" />
        )}
        {next !== null ? (
          <Link
            to={portfolioPageHref(category, { after: next }) + PROJECTS_ANCHOR}
            rel="next"
            className={`${pill} sm:order-3`}
          >
            More projects <Icon name="chevron-right" className="size-4" />
          </Link>
        ) : (
          <span className="sm:order-3" />
        )}
      </div>
    </nav>
  );
}
