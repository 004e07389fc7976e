import { Outlet } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { siteOrigin } from "~/lib/origin.server";
import { businessJsonLd, type SiteContext } from "~/lib/seo";
import { getBusinessFacts } from "~/models/settings.server";
import type { Route } from "./+types/public-layout";

export function loader({ request }: Route.LoaderArgs): SiteContext {
  return { facts: getBusinessFacts(), origin: siteOrigin(request) };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { facts, origin } = loaderData;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader facts={facts} />
      <div id="main">
        <Outlet />
      </div>
      <SiteFooter facts={facts} />
      <JsonLd data={businessJsonLd(facts, origin)} />
    </>
  );
}
