import { href } from "react-router";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export default function Privacy({ matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  return (
    <>
      <PageHero title="Privacy Policy" />
      <Section title="What we keep and why">
        <div className="max-w-3xl space-y-4 text-ink-soft">
          <p>
            When you send us a message, we keep your name, email address, phone number (if you give it) and your
            message so we can answer you and prepare a quote. We do not sell or share it with anyone else.
          </p>
          <p>
            This site sets no advertising or tracking cookies. Videos from YouTube or Vimeo load only when you press
            play.
          </p>
          <p>
            To see or delete what we hold about you, write to{" "}
            <a className="text-brand underline" href={`mailto:${facts?.email ?? ""}`}>
              {facts?.email}
            </a>
            .
          </p>
        </div>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Privacy Policy",
    description: "What this website keeps when you contact us, and why.",
    path: href("/privacy"),
  });
