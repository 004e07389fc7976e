import { Icon } from "~/components/icon";
import { telHref } from "~/lib/business";
import { QUOTE_FORM_HREF } from "~/lib/contact-form";

/** The closing call to action of service and area pages. */
export function CtaBand({
  title,
  text,
  phone,
  link,
  quoteHref = QUOTE_FORM_HREF,
}: {
  title: string;
  text: string;
  phone?: string;
  link?: { label: string; href: string };
  /** Where "Get a Free Quote" leads: the home page's form, with a service page's own service chosen. */
  quoteHref?: string;
}) {
  return (
    <section className="bg-brand-dark text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
          <p className="mt-2 max-w-2xl text-white/90">{text}</p>
          {link && (
            <a
              href={link.href}
              className="mt-3 inline-block font-semibold underline underline-offset-4 hover:text-sand"
            >
              {link.label} →
            </a>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={quoteHref} className="rounded-md bg-white px-6 py-3 font-semibold text-brand-dark hover:bg-sand">
            Get a Free Quote
          </a>
          {phone && (
            <a
              href={telHref(phone)}
              className="inline-flex items-center gap-2 rounded-md border border-white/50 px-6 py-3 font-semibold hover:bg-white/10"
            >
              <Icon name="phone" className="size-4" /> Call {phone}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
