import { Icon } from "~/components/icon";
import { PagePicture } from "~/components/page-picture";
import type { SitePicture } from "~/lib/site-media";
import { telHref } from "~/lib/business";
import { QUOTE_FORM_HREF } from "~/lib/contact-form";

/** The dark band that opens every inner page: its h1, a line of context, and the two calls to action. */
export function PageHero({
  eyebrow,
  title,
  lead,
  phone,
  quoteHref = QUOTE_FORM_HREF,
  picture,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  phone?: string;
  /** Where "Get a Free Quote" leads: the home page's form unless the page has its own. */
  quoteHref?: string;
  /** The owner's picture behind the words (admin: Pictures & Video); none keeps the plain band. */
  picture?: SitePicture | null;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white">
      {/* The page's largest paint when it is there: fetched first, dimmed so the words stay readable. */}
      {picture && (
        <PagePicture
          picture={picture}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10 size-full object-cover opacity-40"
        />
      )}
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,rgba(245,158,11,0.25),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:py-24">
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-amber-400 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-2xl text-lg text-white/80">{lead}</p>}
        {phone && (
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={quoteHref} className="rounded-md bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark">
              Get a Free Quote
            </a>
            <a
              href={telHref(phone)}
              className="inline-flex items-center gap-2 rounded-md border border-white/30 px-5 py-3 font-semibold hover:bg-white/10"
            >
              <Icon name="phone" className="size-4" />
              Call {phone}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
