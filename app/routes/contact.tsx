import { data, href, useSearchParams } from "react-router";
import { ContactCard } from "~/components/contact-card";
import { ContactForm } from "~/components/contact-form";
import { PageHero } from "~/components/page-hero";
import { clientIp } from "~/server/client-ip.server";
import { quoteServiceForSlug, REPLY_PROMISE, type ContactResult } from "~/lib/contact-form";
import { receiveContactRequest } from "~/services/contact-request.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/contact";

/** The form posted without scripts (multipart with photos, or urlencoded); /contact/send is its twin for scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  // The browser posted this itself: a refused form's photos are kept for the next try.
  const answer = await receiveContactRequest(request, clientIp(context), { keepPhotos: true });
  return data<ContactResult>(answer.result, { status: answer.status });
}

export default function Contact({ matches, actionData }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  // A service page's "Get a Free Quote" names its service: chosen in the form.
  const [search] = useSearchParams();
  return (
    <>
      <PageHero
        eyebrow="Free estimates"
        title="Contact Us"
        lead={`Tell us about your project and we will get back to you ${REPLY_PROMISE}.`}
        phone={facts?.phone}
        quoteHref="#send-message"
      />
      <section className="bg-sand">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <h2 className="text-2xl font-bold">Reach us directly</h2>
            <div className="mt-6">{facts && <ContactCard facts={facts} />}</div>
          </div>
          <div id="send-message">
            <h2 className="text-2xl font-bold">Send us a message</h2>
            <div className="mt-6">
              {facts && (
                <ContactForm
                  company={facts.company}
                  result={actionData}
                  service={quoteServiceForSlug(search.get("service"))}
                />
              )}
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Contact Us",
    description: `Request a free framing, roofing or gutter quote in Wichita and nearby towns. We answer ${REPLY_PROMISE}.`,
    path: href("/contact"),
    keywords: ["roofing quote Wichita", "free roof estimate", "contact roofer Wellington KS"],
  });
