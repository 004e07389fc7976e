import { Link } from "react-router";
import { ProjectGrid } from "~/components/project-grid";
import { ContactCard } from "~/components/contact-card";
import { Section } from "~/components/section";
import { TestimonialGrid } from "~/components/testimonial-grid";
import { SERVICE_LINKS } from "~/content/site";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listProjects } from "~/models/project.server";
import { listTestimonials } from "~/models/testimonial.server";
import type { Route } from "./+types/home";

export function loader() {
  return { projects: listProjects(), testimonials: listTestimonials() };
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  return (
    <>
      <section id="home" className="relative overflow-hidden bg-ink text-white">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(circle_at_75%_30%,rgba(245,158,11,0.28),transparent_55%)]"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:py-28">
          <p className="text-sm font-semibold tracking-wider text-amber-400 uppercase">
            Family-owned in Wellington, Kansas
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
            Framing, roofing and gutters built to last in Wichita and beyond
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-white/80">
            From the first wall stud to the last shingle, our crew frames, roofs and protects homes across
            south-central Kansas, 30 minutes from Wichita.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <a href="#contact" className="rounded-md bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
              Get a Free Quote
            </a>
            <a href="#services" className="rounded-md bg-white px-6 py-3 font-semibold text-ink hover:bg-sand">
              Explore Our Services
            </a>
            <a href="#about" className="rounded-md px-6 py-3 font-semibold text-white underline-offset-4 hover:underline">
              Learn More
            </a>
          </div>
        </div>
      </section>

      <Section
        id="about"
        title="About Us"
        intro="We are a family business: the people who give your estimate are the people on your roof."
      />

      <Section id="services" title="Our Services" tone="sand">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICE_LINKS.map((s) => (
            <li key={s.href}>
              <Link to={s.href} className="block rounded-lg bg-white p-4 font-semibold shadow-sm hover:text-brand">
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="bright-green"
        title="Bright Green Roof Treatment"
        intro="A bio-based shingle treatment that extends shingle life up to 10 years per application, and can be applied up to three times."
      />

      <Section id="portfolio" title="Our Portfolio" tone="sand">
        <ProjectGrid projects={loaderData.projects} />
      </Section>

      <Section id="testimonials" title="What Our Customers Say">
        <TestimonialGrid testimonials={loaderData.testimonials} />
      </Section>

      <Section id="contact" title="Contact Us" tone="sand">
        {facts && (
          <div className="max-w-md">
            <ContactCard facts={facts} />
          </div>
        )}
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Framing, Roofing & Gutters in Wichita and Wellington, KS",
    description:
      "Family-owned framing, roofing and gutter contractor in Wellington, KS serving Wichita and nearby towns. Free quotes, storm damage repair and the Bright Green roof treatment.",
    path: "/",
    keywords: ["roofing Wichita", "framing contractor Wichita", "gutters Wellington KS", "roof repair"],
  });
