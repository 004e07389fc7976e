import { href } from "react-router";
import { PageHero } from "~/components/page-hero";
import { Section } from "~/components/section";
import { addressLine, telHref, type BusinessFacts } from "~/lib/business";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { getSetting } from "~/models/settings.server";
import { mailIsSetUp } from "~/server/mail.server";
import type { Route } from "./+types/privacy";

// The privacy policy says what this site really keeps, who else sees it and for how long
// (decision 0047): every sentence matches what the code does. The outside services named
// are the ones switched on: Resend once mail is set up, Google Maps once the roof tool has
// a key (saving that key empties the page cache, so the page follows).

export function loader() {
  return { mailSetUp: mailIsSetUp(), mapsSetUp: Boolean(getSetting("maps").apiKey) };
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="text-xl font-bold text-ink">{title}</h3>
      {children}
    </section>
  );
}

const list = "list-disc space-y-2 pl-5";
const link = "text-brand-dark underline";

function Contact({ facts }: { facts: BusinessFacts }) {
  return (
    <>
      <a className={link} href={`mailto:${facts.email}`}>
        {facts.email}
      </a>
      {", "}
      <a className={link} href={telHref(facts.phone)}>
        {facts.phone}
      </a>
      {", or by mail to "}
      {facts.company}, {addressLine(facts)}
    </>
  );
}

export default function Privacy({ loaderData, matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  const { mailSetUp, mapsSetUp } = loaderData;
  if (!facts) return null;
  return (
    <>
      <PageHero
        title="Privacy Policy"
        lead={`What ${facts.company} keeps when you use this website, who else sees it, and for how long.`}
      />
      <Section title="Your information, plainly">
        <div className="max-w-3xl space-y-10 leading-relaxed text-ink-soft">
          <Part title="Who we are">
            <p>
              This website belongs to {facts.company}, {addressLine(facts)}. Questions about your information go to us:{" "}
              <Contact facts={facts} />.
            </p>
          </Part>

          <Part title="What we keep, and why">
            <ul className={list}>
              <li>
                <strong className="text-ink">When you ask for a quote or send us a message:</strong> your name, email
                address, phone number, street address, city and ZIP code (the ones you fill in), the kind of work, how
                you prefer to be contacted, your message, and the photos of your house you attach. We use them to answer
                you, look at the job and prepare an estimate. Photos are saved again without their hidden details (such
                as the place a phone recorded), and only our staff, signed in, can see them.
              </li>
              <li>
                <strong className="text-ink">When we measure your roof:</strong> your name and address, the measurements
                and the photos we take, to work out the materials and the price.
              </li>
              <li>
                <strong className="text-ink">When you accept a proposal:</strong> the name you type, the time, and the
                internet (IP) address the acceptance came from, as our record of what was agreed.
              </li>
              <li>
                <strong className="text-ink">When you write a review:</strong> your rating, your words, and the name and
                town you give. Once we approve it, the review shows on this website with that name and town.
              </li>
              <li>
                <strong className="text-ink">To stop abuse:</strong> for a short while we count how often an internet
                address sends forms or tries to sign in, so a script cannot flood us or guess a password.
              </li>
              <li>
                <strong className="text-ink">For the people who run this site:</strong> their sign-in email and, for
                each sign-in, the browser, the internet address and the times, so they can see where they are signed in.
              </li>
            </ul>
          </Part>

          <Part title="Cookies">
            <p>
              This site sets no advertising or tracking cookies, and has no analytics. After you send a form, a cookie
              holds the &ldquo;sent&rdquo; message for one minute so the next page can show it. Our staff get a sign-in
              cookie when they sign in. Videos from YouTube or Vimeo load only when you press play; from then on, that
              service&rsquo;s own privacy policy applies.
            </p>
          </Part>

          <Part title="Who else sees it">
            <ul className={list}>
              {mailSetUp ? (
                <li>
                  Our email provider, <strong className="text-ink">Resend</strong>, delivers the mail this website
                  sends: the confirmation of your request, our notice of it, your proposal and a request for a review.
                  It handles your name, your email address and what each mail says.
                </li>
              ) : (
                <li>This website does not send mail through any outside service at the moment.</li>
              )}
              {mapsSetUp && (
                <li>
                  When we measure a roof in our office, we look its address up on{" "}
                  <strong className="text-ink">Google Maps</strong> to see the satellite picture, so Google receives
                  that address. The public pages of this site load nothing from Google.
                </li>
              )}
              <li>We do not sell your information, and we share it with no one else.</li>
            </ul>
          </Part>

          <Part title="How long we keep it">
            <ul className={list}>
              <li>
                Quote requests and their photos, roof measurements, proposals with their acceptance, and reviews stay in
                our records until we delete them: this website deletes none of them on its own. Ask us and we delete
                what we hold about you, except the record of a proposal you accepted, which we keep as part of our
                agreement.
              </li>
              <li>
                The counts we keep to stop abuse run out after 10 to 15 minutes and are deleted within the hour after
                that.
              </li>
              <li>
                A staff sign-in ends after 3 days without use, or after 30 days at most; its record is deleted when it
                is next tried or when the website next restarts.
              </li>
              <li>Backup copies we make of our records hold the same information.</li>
            </ul>
          </Part>

          <Part title="Seeing, correcting or deleting your information">
            <p>
              Write or call us: <Contact facts={facts} />. We will tell you what we hold about you, correct it, or
              delete it.
            </p>
          </Part>
        </div>
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Privacy Policy",
    description:
      "What this website keeps when you ask for a quote, accept a proposal or write a review, who else sees it, and for how long.",
    path: href("/privacy"),
  });
