import { useEffect } from "react";
import { data, Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import { RouteError } from "~/components/route-error";
import { AdminBar } from "~/components/admin-bar";
import { JsonLd } from "~/components/json-ld";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { siteOrigin } from "~/server/origin.server";
import { businessJsonLd, type JsonLdHandle, type SiteContext } from "~/lib/seo";
import { getBusinessFacts, getSetting } from "~/models/settings.server";
import { getAdmin } from "~/services/auth.server";
import type { Route } from "./+types/public-layout";

// A page drawn for the signed-in owner carries the "Back to admin" bar: no cache may keep
// it, ours (which refuses private answers) or a CDN's (decision 0044).
const SIGNED_IN_CACHE_CONTROL = "private, no-store";

export async function loader({ request }: Route.LoaderArgs) {
  // The page cache renders without cookies and never answers a request that has one, so
  // only a request that is really the owner's is drawn signed in.
  const signedIn = (await getAdmin(request)) !== null;
  const site: SiteContext = { facts: getBusinessFacts(), origin: siteOrigin(), trust: getSetting("trust") };
  return data({ ...site, signedIn }, signedIn ? { headers: { "Cache-Control": SIGNED_IN_CACHE_CONTROL } } : undefined);
}

// Public pages may be cached briefly by a CDN; admin edits show within a minute.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return {
    "Cache-Control": loaderHeaders.get("Cache-Control") ?? "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { facts } = loaderData;
  const matches = useMatches();
  const page = [...matches].reverse().find((m) => (m.handle as JsonLdHandle | undefined)?.jsonLd);
  const jsonLd = page
    ? (page.handle as Required<JsonLdHandle>).jsonLd(loaderData, page.loaderData)
    : businessJsonLd(loaderData);
  useRevealOnScroll();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {loaderData.signedIn && <AdminBar />}
      <SiteHeader facts={facts} />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter facts={facts} trust={loaderData.trust} />
      <JsonLd data={jsonLd} />
    </>
  );
}

/**
 * A public page that failed (a project gone, a refused form) keeps the site around it: the
 * header with the phone number, the footer with the address. If the layout's own data is
 * what failed, the root draws the error alone.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = useRouteLoaderData<typeof loader>("routes/public-layout");
  if (!site) throw error;
  return (
    <>
      <SiteHeader facts={site.facts} />
      <main id="main">
        <RouteError error={error} phone={site.facts.phone} />
      </main>
      <SiteFooter facts={site.facts} trust={site.trust} />
    </>
  );
}

/**
 * Elements marked data-reveal that start below the first screen wait (hidden) until 10% of
 * them is visible, 100px before the bottom of the screen. What is on screen when scripts
 * start is never hidden, and without scripts (or with reduced motion) nothing is. Where
 * each element is comes from the observer's first report, computed with the next frame:
 * asking for it here would make the browser lay the whole page out inside hydration.
 */
function useRevealOnScroll() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!("IntersectionObserver" in window) || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const waiting = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!waiting.has(entry.target)) {
            // First report: hide it only if it is wholly below the screen.
            if (!entry.isIntersecting && entry.boundingClientRect.top > innerHeight) {
              waiting.add(entry.target);
              entry.target.classList.add("reveal-wait");
            } else observer.unobserve(entry.target);
          } else if (entry.isIntersecting) {
            entry.target.classList.remove("reveal-wait");
            waiting.delete(entry.target);
            observer.unobserve(entry.target);
          }
        }
      },
      { threshold: 0.1, rootMargin: "0px 0px -100px 0px" },
    );
    document.querySelectorAll("[data-reveal]").forEach((el) => observer.observe(el));
    return () => {
      observer.disconnect();
      for (const el of waiting) el.classList.remove("reveal-wait");
    };
  }, [pathname, search]);
}
