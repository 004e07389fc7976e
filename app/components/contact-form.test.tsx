import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageText as text } from "../../tests/page-text";
import { textConsentWords } from "~/lib/texts";
import { ContactForm } from "./contact-form";

describe("the quote form", () => {
  it("spells Email one way: the field and the best way to reach you alike", () => {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <ContactForm company="Prairie Ridge Framing & Roofing" /> },
    ]);
    const page = text(renderToString(<Stub initialEntries={["/"]} />));
    expect(page).toContain("Best way to reach you Call Text Email");
    expect(page).toContain(" Email ");
    expect(page).not.toMatch(/e-mail/i);
  });

  it("asks for texts with the carriers' words, naming the company, and leaves the box unticked", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ContactForm company="Prairie Ridge Roofing" /> }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(text(html).replaceAll("&amp;", "&")).toContain(textConsentWords("Prairie Ridge Roofing"));
    const box = html.match(/<input[^>]*name="textConsent"[^>]*>/)?.[0];
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain("checked");
  });
});
