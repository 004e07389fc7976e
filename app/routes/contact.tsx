import { readForm } from "~/server/request-body.server";
import { data } from "react-router";
import { ContactCard } from "~/components/contact-card";
import { ContactForm } from "~/components/contact-form";
import { PageHero } from "~/components/page-hero";
import { clientIp } from "~/server/client-ip.server";
import { HONEYPOT_FIELD, MESSAGES, parseContactForm, type ContactResult } from "~/lib/contact-form";
import { deliverContactMessage } from "~/services/contact-mailer.server";
import { env } from "~/server/env.server";
import { sqliteLimiter } from "~/server/rate-limit.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { createContactMessage } from "~/models/contact-message.server";
import type { Route } from "./+types/contact";

// How many messages one address may send in 10 minutes (CONTACT_RATE_LIMIT).
const perIp = sqliteLimiter("contact-ip", env.CONTACT_RATE_LIMIT, 10 * 60);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (String(form.get(HONEYPOT_FIELD) ?? "") !== "") {
    return data<ContactResult>({ status: "error", message: MESSAGES.failed, values: {} }, { status: 400 });
  }
  const parsed = parseContactForm(form);
  if (!parsed.ok) return data<ContactResult>(parsed.result, { status: 400 });
  if (!(await perIp.hit(clientIp(context)))) {
    const values = { ...parsed.data, phone: parsed.data.phone ?? "" };
    return data<ContactResult>({ status: "error", message: MESSAGES.tooMany, values }, { status: 429 });
  }
  try {
    const stored = createContactMessage(parsed.data);
    // Stored first; the mail goes out after the visitor has their answer, and is retried if it fails.
    void deliverContactMessage(stored.id).catch((error) => console.error("Contact mail failed:", error));
  } catch (error) {
    console.error("Could not store a contact message:", error);
    return data<ContactResult>(
      { status: "error", message: MESSAGES.failed, values: { ...parsed.data, phone: parsed.data.phone ?? "" } },
      { status: 500 },
    );
  }
  return data<ContactResult>({ status: "success", message: MESSAGES.success });
}

export default function Contact({ matches, actionData }: Route.ComponentProps) {
  const facts = siteFromMatches(matches)?.facts;
  return (
    <>
      <PageHero
        eyebrow="Free estimates"
        title="Contact Us"
        lead="Tell us about your project and we will get back to you within 24 hours."
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
              <ContactForm result={actionData} />
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
    description: "Request a free framing, roofing or gutter quote in Wichita and nearby towns. We answer within 24 hours.",
    path: "/contact",
    keywords: ["roofing quote Wichita", "free roof estimate", "contact roofer Wellington KS"],
  });
