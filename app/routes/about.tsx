import { Icon } from "~/components/icon";
import { href, Link } from "react-router";
import { CtaBand } from "~/components/cta-band";
import { Highlights } from "~/components/lists";
import { PageHero } from "~/components/page-hero";
import { PagePicture } from "~/components/page-picture";
import { RelatedWork } from "~/components/related-work";
import { TrustFactsCard } from "~/components/trust-facts";
import { AREA_LINKS } from "~/content/site";
import type { BusinessFacts } from "~/lib/business";
import type { SitePicture } from "~/lib/site-media";
import { businessJsonLd, pageMeta, siteFromMatches, type JsonLdHandle, type SiteContext } from "~/lib/seo";
import { teamJsonLd, trustFactLines } from "~/lib/trust-facts";
import { highlightedWorkForAbout } from "~/services/related-work.server";
import { aboutPictures } from "~/services/site-pictures.server";
import { aboutPage, getTrustFacts, pageWords, type TeamCard } from "~/services/site-words.server";
import type { Route } from "./+types/about";

export function loader() {
  return {
    work: highlightedWorkForAbout(),
    words: pageWords("about"),
    trust: getTrustFacts(),
    pictures: aboutPictures(),
    ...aboutPage(),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** How the business works; the warranty is the owner's own number when he gave one. */
function values(warrantyYears: number | null) {
  return [
    { title: "Straight answers", text: "If a repair will do, we say so. If the roof is done, we show you why." },
    { title: "Written estimates", text: "Every price in writing before we start, and no surprise add-ons." },
    { title: "Clean job sites", text: "Magnetic sweeps for nails, debris hauled off, lawns left as we found them." },
    {
      title: "Work we stand behind",
      text: warrantyYears
        ? `A ${warrantyYears}-year written workmanship warranty on every job, on top of the manufacturer's.`
        : // No number from the owner: nothing the signed terms would not also say.
          "Every promise in writing in your proposal, and the manufacturer's warranty on the shingles.",
    },
  ];
}

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  const { words, story, team, trust, pictures } = loaderData;
  return (
    <>
      <PageHero eyebrow="Our story" title={words.headline} lead={words.intro} phone={facts?.phone} />
      <section className="bg-white">
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-5 text-lg text-ink-soft">
            <h2 className="text-3xl font-bold text-ink">Built on our name</h2>
            {story.length > 0 ? story.map((p, i) => <p key={i}>{p}</p>) : <DefaultStory facts={facts} />}
          </div>
          <div className="h-fit space-y-6">
            {pictures.main && (
              <PagePicture
                picture={pictures.main}
                sizes="(min-width: 1024px) 480px, 100vw"
                className="aspect-[4/3] w-full rounded-xl object-cover shadow-sm"
              />
            )}
            {/* The owner's facts replace the general figures; without any, the figures still say something true. */}
            {trustFactLines(trust).length > 0 ? <TrustFactsCard trust={trust} /> : <Highlights />}
          </div>
        </div>
      </section>
      {(team.length > 0 || pictures.team) && <Team team={team} picture={pictures.team} />}
      <section className="bg-sand">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 className="text-3xl font-bold">How we work</h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {values(trust.warrantyYears).map((v) => (
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
                <Link
                  to={a.href}
                  className="block rounded-full bg-white px-4 py-2 text-sm font-medium shadow-sm hover:text-brand-dark"
                >
                  {a.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <RelatedWork
        title="Some of our work"
        projects={loaderData.work.projects}
        testimonial={loaderData.work.testimonial}
      />
      <CtaBand
        title="Let's talk about your project"
        text="Free written estimates across Wichita and south-central Kansas."
        phone={facts?.phone}
      />
    </>
  );
}

/** The built-in story, until the owner writes his own in the admin (Words & Facts). */
function DefaultStory({ facts }: { facts: BusinessFacts | undefined }) {
  return (
    <>
      <p>
        {facts?.company ?? "We"} is family-owned and run from {facts?.city ?? "Wellington"}, Kansas. We started as
        framers, building houses and additions for builders around Sumner and Sedgwick counties, and added roofing and
        gutters because our customers kept asking who they could trust with the rest of the house.
      </p>
      {(facts?.owner || facts?.leadContractor) && (
        <p>
          {facts.owner && `${facts.owner} runs the business and gives every estimate in person. `}
          {facts.leadContractor && `${facts.leadContractor} leads the crew on site. `}
          When you call, you talk to one of us, and the people who quote your job are the people who build it.
        </p>
      )}
      <p>
        We are also the exclusive local provider of the Bright Green roof treatment, a bio-based way to add years to
        aging shingles. It fits how we work: fix what can be fixed, replace only what must be.
      </p>
    </>
  );
}

function Team({ team, picture }: { team: TeamCard[]; picture: SitePicture | null }) {
  return (
    <section className="bg-white" aria-labelledby="team-title">
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <h2 id="team-title" className="text-3xl font-bold">
          The people you will meet
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-ink-soft">The people who quote your job are the people who do it.</p>
        {picture && (
          <PagePicture
            picture={picture}
            sizes="(min-width: 1280px) 1232px, 100vw"
            className="mt-8 aspect-[21/9] w-full rounded-xl object-cover shadow-sm"
          />
        )}
        {team.length > 0 && (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="team">
            {team.map((m, i) => (
              <li key={`${i}-${m.name}`} className="overflow-hidden rounded-xl bg-sand shadow-sm">
                {m.photo ? (
                  <PagePicture
                    picture={m.photo}
                    sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                    className="aspect-[4/3] w-full object-cover"
                  />
                ) : (
                  <div
                    aria-hidden
                    className="flex aspect-[4/3] w-full items-center justify-center bg-brand-soft text-4xl font-bold text-brand-dark"
                  >
                    {initials(m.name)}
                  </div>
                )}
                <div className="p-5">
                  <h3 className="text-lg font-bold text-ink">{m.name}</h3>
                  {m.role && <p className="text-sm font-semibold text-brand-dark">{m.role}</p>}
                  {m.bio && <p className="mt-2 text-ink-soft">{m.bio}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

export const handle: JsonLdHandle = {
  jsonLd: (site: SiteContext, loaderData) => {
    const data = loaderData as LoaderData;
    // The team as the business's people, their photos at the site's own address.
    const team = data.team.map((m) => ({ ...m, photoUrl: m.photo ? `${site.origin}${m.photo.src}` : null }));
    return businessJsonLd({ ...site, trust: site.trust ?? data.trust }, { extra: teamJsonLd(team) });
  },
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "About Us",
    description:
      "Meet the family behind Wellington's framing, roofing and gutter contractor serving Wichita and ten nearby towns.",
    path: href("/about"),
    keywords: ["family roofing company Kansas", "Wellington KS contractor", "about Prairie Ridge"],
  });
