import { Icon } from "~/components/icon";
import { href, Link } from "react-router";
import { CtaBand } from "~/components/cta-band";
import { Highlights } from "~/components/lists";
import { PageHero } from "~/components/page-hero";
import { RelatedWork } from "~/components/related-work";
import { AREA_LINKS } from "~/content/site";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { highlightedWorkForAbout } from "~/services/related-work.server";
import type { Route } from "./+types/about";

const VALUES = [
  { title: "Straight answers", text: "If a repair will do, we say so. If the roof is done, we show you why." },
  { title: "Written estimates", text: "Every price in writing before we start, and no surprise add-ons." },
  { title: "Clean job sites", text: "Magnetic sweeps for nails, debris hauled off, lawns left as we found them." },
  { title: "Work we stand behind", text: "Written workmanship warranty on every job, on top of the manufacturer's." },
];

export function loader() {
  return { work: highlightedWorkForAbout() };
}

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  return (
    <>
      <PageHero
        eyebrow="Our story"
        title="About Us"
        lead={`A Wellington family building and protecting Kansas homes, from the frame to the roof.`}
        phone={facts?.phone}
      />
      <section className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-5 text-lg text-ink-soft">
            <h2 className="text-3xl font-bold text-ink">Built on our name</h2>
            <p>
              {facts?.company ?? "We"} is family-owned and run from {facts?.city ?? "Wellington"}, Kansas. We started as
              framers, building houses and additions for builders around Sumner and Sedgwick counties, and added roofing
              and gutters because our customers kept asking who they could trust with the rest of the house.
            </p>
            <p>
              {facts?.owner} runs the business and gives every estimate in person. {facts?.leadContractor} leads the crew
              on site. When you call, you talk to one of us, and the people who quote your job are the people who
              build it.
            </p>
            <p>
              We are also the exclusive local provider of the Bright Green roof treatment, a bio-based way to add years
              to aging shingles. It fits how we work: fix what can be fixed, replace only what must be.
            </p>
          </div>
          <Highlights className="h-fit" />
        </div>
      </section>
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 className="text-3xl font-bold">How we work</h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {VALUES.map((v) => (
              <li key={v.title} className="flex gap-3 rounded-xl bg-white p-6 shadow-sm">
                <Icon name="check" className="mt-1 size-5 shrink-0 text-leaf" />
                <div>
                  <h3 className="font-bold">{v.title}</h3>
                  <p className="mt-1 text-ink-soft">{v.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <h2 className="mt-14 text-2xl font-bold">Where we work</h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {AREA_LINKS.map((a) => (
              <li key={a.href}>
                <Link to={a.href} className="block rounded-full bg-white px-4 py-2 text-sm font-medium shadow-sm hover:text-brand-dark">
                  {a.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <RelatedWork title="Some of our work" projects={loaderData.work.projects} testimonial={loaderData.work.testimonial} />
      <CtaBand title="Let's talk about your project" text="Free written estimates across Wichita and south-central Kansas." phone={facts?.phone} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "About Us",
    description: "Meet the family behind Wellington's framing, roofing and gutter contractor serving Wichita and ten nearby towns.",
    path: href("/about"),
    keywords: ["family roofing company Kansas", "Wellington KS contractor", "about Prairie Ridge"],
  });
