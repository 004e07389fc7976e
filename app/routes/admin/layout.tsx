import { personName } from "~/lib/by-line";
import { useEffect, useRef } from "react";
import { ExternalLink, LogOut, UserRound } from "lucide-react";
import {
  data,
  Form,
  href,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ADMIN_SECTIONS, inSection } from "~/lib/admin-sections";
import { forbiddenText, isForbidden, mayOpen } from "~/lib/access";
import { FlashMessage } from "~/components/flash-message";
import { GoLiveBanner } from "~/components/admin/go-live-banner";
import { BackupBanner } from "~/components/admin/backup-banner";
import type { BackupProblemKind } from "~/lib/backup-health";
import { backupProblems } from "~/services/backup-health.server";
import { visibleTo } from "~/models/lead-assignment.server";
import { requireAdmin } from "~/services/auth.server";
import { requireAccess } from "~/services/access.server";
import { readFlash } from "~/services/flash.server";
import { businessToday } from "~/lib/business-time";
import { waitingLeads } from "~/models/lead.server";
import { getBusinessFacts } from "~/models/settings.server";
import { countPendingTestimonials } from "~/models/testimonial.server";
import { goLiveRemaining } from "~/services/go-live.server";
import { OfflineSupport } from "~/components/admin/offline";
import { appIcon } from "~/lib/static-files";
import type { Route } from "./+types/layout";

// The admin installs on a phone as an app that opens on My day (decision 0099).
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: href("/app.webmanifest") },
  { rel: "apple-touch-icon", href: appIcon(192) },
];

// One guard for the whole admin: every loader and action beneath this layout runs only
// for a signed-in admin (each still checks on its own too; resource routes check alone).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireAdmin(request);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAccess(request, "routes/admin/layout");
  // The header's badges and the go-live banner point at what the owner alone acts on (decision 0048).
  const owner = admin.role === "owner";
  const { flash, headers } = await readFlash(request);
  headers.set("Cache-Control", "no-store");
  return data(
    {
      // Who is signed in, by the name the team knows them by (the email while there is none).
      person: personName(admin) ?? admin.email,
      email: admin.email,
      role: admin.role,
      company: getBusinessFacts().company,
      flash,
      // The crew counts only the leads it can open (decision 0053).
      waiting: waitingLeads(businessToday(), visibleTo(admin)),
      reviews: owner ? countPendingTestimonials() : 0,
      goLive: owner ? goLiveRemaining() : null,
      // The owner's alone: nobody else can act on it.
      backupProblems: owner ? backupProblems().map((problem) => problem.kind) : [],
      // Whose photos wait on this phone, and whose kept pages it holds (decision 0099).
      userId: admin.userId,
    },
    { headers },
  );
}

/** New leads, follow-ups due today or late, and replies by text nobody has read: what the owner should look at first. */
function Waiting({ fresh, due, replies }: { fresh: number; due: number; replies: number }) {
  return (
    <>
      <Count n={fresh} label="new" className="ml-1.5 bg-brand text-white" testId="new-leads" />
      <Count n={due} label="to follow up" className="ml-1 bg-amber-300 text-ink" testId="follow-ups-due" />
      <Count n={replies} label="new replies" className="ml-1 bg-leaf text-white" testId="new-replies" />
    </>
  );
}

/** A number beside a section's name, read out with what it counts; nothing at zero. */
function Count({ n, label, className, testId }: { n: number; label: string; className: string; testId: string }) {
  if (n <= 0) return null;
  return (
    <span
      className={`rounded-full px-1.5 py-0.5 text-xs font-bold ${className}`}
      data-testid={testId}
      title={`${n} ${label}`}
    >
      {n}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

// The current section starts in the middle of the row without scripts where the browser
// knows scroll-initial-target (it aligns as scroll-snap-align says); with scripts it is
// brought into view after every navigation too.
const tab = (current: boolean) =>
  `inline-flex shrink-0 items-center rounded-md px-3 py-2 font-medium whitespace-nowrap ${
    current
      ? "bg-white text-ink [scroll-initial-target:nearest] [scroll-snap-align:center]"
      : "text-white/90 hover:bg-white/10"
  }`;

const tool =
  "inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-white/90 hover:bg-white/10 sm:px-3";

type HeaderData = Pick<
  Route.ComponentProps["loaderData"],
  "person" | "email" | "role" | "company" | "waiting" | "reviews"
>;

/**
 * The admin's header and sections, on every admin page and on its error page alike. On a
 * phone the sections are one row that scrolls sideways (no menu to open, so it works the
 * same without scripts); from a wide screen up they wrap onto the row.
 */
function AdminHeader({ data: headerData }: { data: HeaderData | undefined }) {
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>("[aria-current=page]");
    if (!list || !current) return;
    // Sideways only: the page itself must not move.
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <header className="bg-ink text-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 pt-2 sm:px-6 sm:pt-3">
        <div className="min-w-0">
          <p className="truncate text-base font-bold sm:text-lg" data-testid="admin-title">
            {headerData?.company ?? "Admin"}
            <span className="font-normal text-white/70"> · Admin</span>
          </p>
          <p className="truncate text-xs text-white/70 sm:text-sm" data-testid="admin-person" title={headerData?.email}>
            {headerData?.person}
          </p>
        </div>
        <div className="flex shrink-0 items-center">
          {/* A document load: the public pages have their own stylesheet and cache. */}
          <Link to={href("/")} reloadDocument className={tool} title="View site">
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">View site</span>
          </Link>
          <Link
            to={href("/admin/account")}
            className={tool}
            title="Account"
            aria-current={pathname === href("/admin/account") ? "page" : undefined}
          >
            <UserRound aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">Account</span>
          </Link>
          <Form method="post" action={href("/admin/logout")}>
            <button type="submit" className={tool} title="Logout">
              <LogOut aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">Logout</span>
            </button>
          </Form>
        </div>
      </div>
      <nav aria-label="Admin" className="mx-auto max-w-7xl text-sm">
        <ul
          ref={row}
          // relative: the badges' screen-reader words (position: absolute) stay inside the row, not past the page's edge.
          className="relative flex gap-1 overflow-x-auto px-4 py-2 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] [scrollbar-width:none] sm:px-6 lg:flex-wrap lg:overflow-visible lg:[mask-image:none]"
        >
          {ADMIN_SECTIONS.filter((section) => !headerData || mayOpen(headerData.role, section.to)).map((section) => {
            const current = inSection(section.to, pathname);
            return (
              <li key={section.to} className="shrink-0">
                <Link to={section.to} aria-current={current ? "page" : undefined} className={tab(current)}>
                  {section.label}
                  {headerData && section.to === href("/admin/leads") && <Waiting {...headerData.waiting} />}
                  {headerData && section.to === href("/admin/testimonials") && (
                    <Count
                      n={headerData.reviews}
                      label="waiting for approval"
                      className="ml-1.5 bg-brand text-white"
                      testId="reviews-waiting"
                    />
                  )}
                </Link>
              </li>
            );
          })}
          {/* Room for the last link past the fade. */}
          <li aria-hidden className="w-4 shrink-0 lg:hidden" />
        </ul>
      </nav>
    </header>
  );
}

// The pages that show the go-live list itself need no banner pointing at it.
const LISTS_GO_LIVE = new Set([href("/admin"), href("/admin/go-live")]);

/** Until the go-live list is clear, every other admin page says how much is left. */
function GoLiveSpot({ remaining }: { remaining: number | null | undefined }) {
  const { pathname } = useLocation();
  // null: not the owner's to do.
  if (LISTS_GO_LIVE.has(pathname) || remaining === null) return null;
  return <GoLiveBanner remaining={remaining ?? 0} />;
}

/** The owner's warning that backups stopped, on every page but Backups itself. */
function BackupSpot({ data }: { data: { backupProblems: BackupProblemKind[] } | undefined }) {
  const { pathname } = useLocation();
  if (pathname === href("/admin/backups") || !data) return null;
  return <BackupBanner problems={data.backupProblems} />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-sand">
      <AdminHeader data={loaderData} />
      <OfflineSupport userId={loaderData.userId} />
      <GoLiveSpot remaining={loaderData.goLive} />
      <BackupSpot data={loaderData} />
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
        <FlashMessage flash={loaderData.flash} />
        <Outlet />
      </main>
    </div>
  );
}

/** What an admin error page says: a stale link, a refused post (its own short reason), or anything else. */
function adminErrorText(error: unknown): { title: string; message: string } {
  // Refused by the role matrix (services/access.server.ts): who the page is for.
  if (isRouteErrorResponse(error) && error.status === 403 && isForbidden(error.data))
    return forbiddenText(error.data.roles);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return { title: "We could not find that page", message: "It may have been deleted, or the link is out of date." };
  }
  // Our refusals (request-body.server.ts) carry a short reason meant for the reader.
  if (
    isRouteErrorResponse(error) &&
    [400, 413, 415].includes(error.status) &&
    typeof error.data === "string" &&
    error.data
  ) {
    return { title: "We could not accept that", message: error.data };
  }
  return {
    title: "Something went wrong",
    message: "Please try again. If it keeps happening, the server log says why.",
  };
}

/**
 * A page beneath the admin that fails (a stale lead link, a refused post) stays in the admin:
 * the same header, and a way back, instead of the public site's page. In React Router this
 * boundary replaces the layout's component, so it draws the header itself; the layout's data
 * is there when only a page below failed, and missing if the layout's own loader did.
 */
export function ErrorBoundary() {
  // From the hook rather than the props, so the boundary reads the same under any router.
  const error = useRouteError();
  const headerData = useRouteLoaderData<typeof loader>("routes/admin/layout");
  // A move inside the admin without signal fails here; loaded as a whole page instead, it is
  // the phone's kept copy, or the service worker's "No signal" page (decision 0099).
  useEffect(() => {
    if (isRouteErrorResponse(error) || navigator.onLine) return;
    // Once per address and half minute: a page that fails again as a whole page is shown as it is.
    const tried = `offline-reload:${window.location.pathname}`;
    if (Date.now() - Number(sessionStorage.getItem(tried) ?? 0) < 30_000) return;
    sessionStorage.setItem(tried, String(Date.now()));
    window.location.reload();
  }, [error]);
  const { title, message } = adminErrorText(error);
  return (
    <div className="min-h-dvh bg-sand">
      <AdminHeader data={headerData} />
      <GoLiveSpot remaining={headerData?.goLive} />
      <BackupSpot data={headerData} />
      <main className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
        <title>{title}</title>
        <section className="rounded-lg bg-white p-6 shadow-sm">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="mt-2 text-ink-soft">{message}</p>
          <p className="mt-6 flex flex-wrap gap-4 font-semibold">
            <Link to={href("/admin/leads")} className="text-brand underline">
              Back to Leads
            </Link>
            <Link to={href("/admin")} className="text-brand underline">
              Today
            </Link>
          </p>
        </section>
      </main>
    </div>
  );
}
