import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useMatches,
  type RouteObject,
} from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_BUSINESS_FACTS } from "~/lib/business";
import { setSetting } from "~/models/settings.server";
import { requestContext } from "~/server/client-ip.server";
import { startApp } from "./started-app";
import * as layout from "~/routes/public-layout";
import * as privacy from "~/routes/privacy";

// The privacy policy is made from what the site keeps and from the owner's facts.

let mailSetUp = false;
vi.mock("~/server/mail.server", async (original) => ({ ...(await original<object>()), mailIsSetUp: () => mailSetUp }));

beforeAll(async () => {
  await startApp();
});

const routes: RouteObject[] = [
  {
    id: "routes/public-layout",
    loader: layout.loader as never,
    Component: Outlet,
    children: [
      {
        id: "privacy",
        path: "privacy",
        loader: privacy.loader as never,
        Component: function Page() {
          return createElement(privacy.default as React.FC<{ loaderData: unknown; matches: unknown }>, {
            loaderData: useLoaderData(),
            matches: useMatches(),
          });
        },
      },
    ],
  },
];

/** The page's words as a visitor reads them. */
async function privacyText() {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://site.test/privacy"), {
    requestContext: requestContext("127.0.0.1") as never,
  });
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<\/?(?:strong|a|span)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;|&rsquo;/g, "'")
    .replace(/&ldquo;|&rdquo;|&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}

const OWNER = {
  ...DEFAULT_BUSINESS_FACTS,
  company: "Whitaker Roofing LLC",
  email: "dale@whitakerroofing.com",
  phone: "(316) 555-0177",
  street: "412 E Harvey Ave",
  city: "Wellington",
  postalCode: "67152",
};

describe("the privacy policy", () => {
  it("names everything the site keeps", async () => {
    const { text } = await privacyText();
    for (const words of [
      "your name, email address, phone number, street address",
      "photos of your house",
      "the name you type, the time, and the internet (IP) address",
      "your rating, your words, and the name and town you give",
      "for each sign-in, the browser, the internet address and the times",
      "no advertising or tracking cookies",
      "We do not sell your information",
    ]) {
      expect(text).toContain(words);
    }
  });

  it("says how long each is kept, as the code does it", async () => {
    const { text } = await privacyText();
    expect(text).toContain("this website deletes none of them on its own");
    expect(text).toContain("after 3 days without use, or after 30 days at most");
    expect(text).toContain("run out after 10 to 15 minutes");
  });

  it("is the owner's: his company, address, email and phone, and no example.com once they are set", async () => {
    setSetting("business", OWNER);
    const { html, text } = await privacyText();
    expect(text).toContain("This website belongs to Whitaker Roofing LLC, 412 E Harvey Ave, Wellington, KS 67152");
    expect(html).toContain('href="mailto:dale@whitakerroofing.com"');
    expect(html).toContain('href="tel:+13165550177"');
    expect(html).not.toContain("example.com");
    expect(text).not.toContain("100 N Washington Ave");
    expect(text).not.toContain("Prairie Ridge");
  });

  it("names Resend only when mail is set up, and Google only when the roof tool has a maps key", async () => {
    mailSetUp = false;
    setSetting("maps", { apiKey: null, publisherTag: null });
    let { text } = await privacyText();
    expect(text).not.toContain("Resend");
    expect(text).not.toContain("Google Maps");
    expect(text).toContain("does not send mail through any outside service");

    mailSetUp = true;
    setSetting("maps", { apiKey: "AIza-test-key", publisherTag: null });
    ({ text } = await privacyText());
    expect(text).toContain("Our email provider, Resend, delivers the mail this website sends");
    expect(text).toContain("we look its address up on Google Maps");
    expect(text).toContain("The public pages of this site load nothing from Google");
  });
});
