import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { pageText as text } from "../../tests/page-text";
import { ContactForm } from "./contact-form";

describe("the quote form", () => {
  it("spells Email one way: the field and the best way to reach you alike", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ContactForm /> }]);
    const page = text(renderToString(<Stub initialEntries={["/"]} />));
    expect(page).toContain("Best way to reach you Call Text Email");
    expect(page).toContain(" Email ");
    expect(page).not.toMatch(/e-mail/i);
  });
});
