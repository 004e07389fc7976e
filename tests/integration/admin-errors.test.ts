import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "./admin-session";
import { requestContext } from "~/server/client-ip.server";
import * as layout from "~/routes/admin/layout";
import * as lead from "~/routes/admin/lead";
import * as contact from "~/routes/admin/contact";
import * as unknown from "~/routes/admin/not-found";

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

// The admin's real layout and pages, served as the server does (the static handler runs
// their loaders and actions), so the page a stale link shows is the one the owner would see.
const routes: RouteObject[] = [
  {
    id: "routes/admin/layout",
    loader: layout.loader as never,
    Component: layout.default as never,
    ErrorBoundary: layout.ErrorBoundary as never,
    children: [
      {
        id: "lead",
        path: "admin/leads/:id",
        loader: lead.loader as never,
        action: lead.action as never,
        Component: lead.default as never,
      },
      {
        id: "contact",
        path: "admin/contact",
        loader: contact.loader as never,
        action: contact.action as never,
        Component: contact.default as never,
      },
      { id: "unknown", path: "admin/*", loader: unknown.loader as never, Component: unknown.default as never },
    ],
  },
];

async function render(request: Request) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(request, { requestContext: requestContext("127.0.0.1") as never });
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { status: context.statusCode, html, text };
}

describe("an admin page that fails stays in the admin", () => {
  it("a stale lead link answers 404 with the admin's header and a way back, not the public page", async () => {
    const page = await render(new Request("http://site.test/admin/leads/999999", { headers: { Cookie: cookie } }));
    expect(page.status).toBe(404);
    expect(page.html).toContain('data-testid="admin-title"');
    expect(page.text).toContain("owner@example.com");
    expect(page.html).toMatch(/<h1[^>]*>We could not find that page<\/h1>/);
    expect(page.html).toMatch(/<a[^>]*href="\/admin\/leads"[^>]*>Back to Leads<\/a>/);
    expect(page.text).not.toContain("Oops! Page not found");
    expect(page.text).not.toContain("Return to Home");
  });

  it("an address under /admin that names no page answers the admin's 404, not the public one", async () => {
    const page = await render(new Request("http://site.test/admin/no-such-page", { headers: { Cookie: cookie } }));
    expect(page.status).toBe(404);
    expect(page.html).toContain('data-testid="admin-title"');
    expect(page.html).toMatch(/<h1[^>]*>We could not find that page<\/h1>/);
    expect(page.text).not.toContain("Return to Home");
  });

  it("a refused post (a list row past its limit) answers 400 with the admin's header and the short reason", async () => {
    const body = new URLSearchParams({ intent: "save-contact-page", "hours[99].label": "x" });
    const page = await render(
      new Request("http://site.test/admin/contact", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
    expect(page.status).toBe(400);
    expect(page.html).toContain('data-testid="admin-title"');
    expect(page.html).toMatch(/<h1[^>]*>We could not accept that<\/h1>/);
    expect(page.text).toContain("The form has more rows than it can take. Please reload the page and try again.");
    expect(page.html).toMatch(/>Back to Leads<\/a>/);
    expect(page.text).not.toContain("Return to Home");
  });
});
