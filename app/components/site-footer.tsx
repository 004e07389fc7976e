import { Icon } from "~/components/icon";
import { href, Link } from "react-router";
import { AREA_LINKS, QUICK_LINKS, SERVICE_LINKS } from "~/content/site";
import { addressLine, telHref, type BusinessFacts } from "~/lib/business";
import type { TrustFacts } from "~/lib/site-words";
import { trustFactLines } from "~/lib/trust-facts";
import { HoursLines } from "./contact-card";
import { FactText } from "./trust-facts";

const SOCIAL: { network: keyof BusinessFacts["social"]; name: string; path: string }[] = [
  {
    network: "facebook",
    name: "Facebook",
    path: "M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5H16.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z",
  },
  {
    network: "instagram",
    name: "Instagram",
    path: "M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM21 8.1c-.1-1.5-.4-2.8-1.5-3.8S17.4 3 15.9 3c-1.5-.1-6.2-.1-7.8 0-1.5.1-2.8.4-3.8 1.4S3 6.6 3 8.1c-.1 1.5-.1 6.2 0 7.8.1 1.5.4 2.8 1.5 3.8s2.3 1.3 3.8 1.4c1.5.1 6.2.1 7.8 0 1.5-.1 2.8-.4 3.8-1.4s1.3-2.3 1.4-3.8c.1-1.6.1-6.2 0-7.8z",
  },
  {
    network: "youtube",
    name: "YouTube",
    path: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3L10 15z",
  },
];

export function SiteFooter({ facts, trust }: { facts: BusinessFacts; trust?: TrustFacts }) {
  const year = new Date().getFullYear();
  // The owner's license, insurance, warranty and certifications: only what he entered.
  const trustLines = trustFactLines(trust);
  // Only the profiles the owner has entered: an icon that goes nowhere helps nobody.
  const profiles = SOCIAL.flatMap((s) => (facts.social[s.network] ? [{ ...s, url: facts.social[s.network]! }] : []));
  return (
    <footer className="bg-ink text-white/80">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{facts.company}</p>
          <p className="mt-3 text-sm leading-relaxed">
            Family-owned framing, roofing and gutter contractor based in {facts.city}, Kansas, serving Wichita and the
            towns around it with honest estimates and work we put our name on.
          </p>
          {trustLines.length > 0 && (
            <ul className="mt-4 space-y-1.5 text-sm" aria-label="Our credentials" data-testid="footer-trust">
              {trustLines.map((line) => (
                <li key={`${line.kind}-${line.text}`} className="flex gap-2">
                  <Icon name="check" className="mt-0.5 size-4 shrink-0 text-amber-400" />
                  <span>
                    <FactText line={line} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {profiles.length > 0 && (
            <ul className="mt-5 flex gap-3" aria-label="Social media">
              {profiles.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.url}
                    rel="me noopener"
                    aria-label={s.name}
                    className="flex size-9 items-center justify-center rounded-full bg-white/10 hover:bg-brand"
                  >
                    <svg viewBox="0 0 24 24" aria-hidden className="size-5 fill-current">
                      <path d={s.path} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterList title="Quick Links" links={QUICK_LINKS} />
        <div className="space-y-8">
          <FooterList title="Services" links={SERVICE_LINKS} />
          <FooterList title="Service Areas" links={AREA_LINKS} columns />
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-amber-400" />
              <span>{addressLine(facts)}</span>
            </li>
            <li className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0 text-amber-400" />
              <a href={telHref(facts.phone)} className="hover:text-white">
                {facts.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-amber-400" />
              <a href={`mailto:${facts.email}`} className="break-all hover:text-white">
                {facts.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-amber-400" />
              <HoursLines facts={facts} />
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            &copy; <span data-testid="footer-year">{year}</span> {facts.company}. All rights reserved.
          </p>
          <p className="flex gap-5">
            <Link to={href("/privacy")} className="hover:text-white">
              Privacy Policy
            </Link>
            <Link to={href("/terms")} className="hover:text-white">
              Terms of Service
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterList({
  title,
  links,
  columns = false,
}: {
  title: string;
  links: { name: string; href: string }[];
  columns?: boolean;
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className={`mt-4 text-sm ${columns ? "grid grid-cols-2 gap-x-4 gap-y-2" : "space-y-2"}`} aria-label={title}>
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="hover:text-white">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
