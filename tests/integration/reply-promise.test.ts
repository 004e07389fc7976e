import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultContactSettings } from "~/lib/contact-settings";
import * as contact from "~/routes/contact";
import { pageText } from "../page-text";

// A visitor is promised one reply time wherever they read it: the spec's "within 24 hours".
const PROMISE = "within 24 hours";

function contactPageText() {
  const Page = contact.default as unknown as React.FC<{ matches: unknown[]; actionData?: unknown }>;
  const Stub = createRoutesStub([{ path: "/contact", Component: () => createElement(Page, { matches: [] }) }]);
  return pageText(renderToString(createElement(Stub, { initialEntries: ["/contact"] })));
}

describe("the reply-time promise", () => {
  it("is the same on the contact page, in its search description, and in the auto-reply", () => {
    expect(contactPageText()).toContain(`Tell us about your project and we will get back to you ${PROMISE}.`);
    const meta = contact.meta({ matches: [] } as never) as { name?: string; content?: string }[];
    expect(meta.find((m) => m.name === "description")?.content).toContain(`We answer ${PROMISE}.`);
    expect(defaultContactSettings("Prairie Ridge", "a@example.com").autoresponderMessage).toContain(
      `will get back to you ${PROMISE}.`,
    );
  });
});
