import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import * as moved from "~/routes/admin/moved-leads";
import { routeArgs } from "./admin-session";

// The lead pages moved from /admin/messages to /admin/leads (decision 0036). Mails already
// sent link to the old addresses, so each must keep landing on the same page: matched by
// the route config as the browser's request would be, answered with a permanent redirect.

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };
const config = routes as Entry[];
const fileFor = (pathname: string) =>
  matchRoutes(config as unknown as RouteObject[], pathname)?.at(-1)?.route as Entry | undefined;

async function answer(url: string, method = "GET", cookie?: string) {
  const request = new Request(`http://site.test${url}`, {
    method,
    headers: cookie ? { Cookie: cookie } : {},
    body: method === "POST" ? new URLSearchParams({ intent: "archive", id: "1" }) : undefined,
  });
  const run = method === "GET" || method === "HEAD" ? moved.loader : moved.action;
  const response = (await run(routeArgs(request))) as Response;
  return { status: response.status, location: response.headers.get("Location") };
}

describe("the lead pages' old addresses", () => {
  const pages: [old: string, now: string, file: string][] = [
    ["/admin/messages", "/admin/leads", "routes/admin/lead-list.tsx"],
    ["/admin/messages/new", "/admin/leads/new", "routes/admin/new-lead.tsx"],
    ["/admin/messages/pipeline", "/admin/leads/pipeline", "routes/admin/pipeline.tsx"],
    ["/admin/messages/42", "/admin/leads/42", "routes/admin/lead.tsx"],
    ["/admin/messages/export.csv", "/admin/leads/export.csv", "routes/resources/leads-csv.ts"],
    ["/admin/messages/42/proposals/7.pdf", "/admin/leads/42/proposals/7.pdf", "routes/resources/admin-proposal-pdf.ts"],
    ["/admin/messages/photos/0a1b2c.jpg", "/admin/leads/photos/0a1b2c.jpg", "routes/resources/private-image.ts"],
  ];

  for (const [old, now, file] of pages) {
    it(`${old} answers 301 to ${now}, the page it was`, async () => {
      expect(fileFor(old)?.file).toBe("routes/admin/moved-leads.ts");
      expect(await answer(old)).toEqual({ status: 301, location: now });
      expect(fileFor(now)?.file).toBe(file);
    });
  }

  it("keeps the query string, and answers before any sign-in (the new page asks for it)", async () => {
    expect(await answer("/admin/messages?status=lost&q=Hobbs%20Rd")).toEqual({
      status: 301,
      location: "/admin/leads?status=lost&q=Hobbs%20Rd",
    });
    expect(await answer("/admin/messages/42?view=archived")).toEqual({
      status: 301,
      location: "/admin/leads/42?view=archived",
    });
    // Signed out or in, the same answer: no session is read, none is needed.
    const { signedInOwner } = await import("./admin-session");
    const cookie = await signedInOwner();
    expect(await answer("/admin/messages/42?x=1", "GET", cookie)).toEqual({
      status: 301,
      location: "/admin/leads/42?x=1",
    });
  });

  it("answers HEAD like GET, and anything else with 308, so a posted form is posted again to the new address", async () => {
    expect(await answer("/admin/messages/42", "HEAD")).toEqual({ status: 301, location: "/admin/leads/42" });
    expect(await answer("/admin/messages?view=archived", "POST")).toEqual({
      status: 308,
      location: "/admin/leads?view=archived",
    });
    expect(await answer("/admin/messages/42", "POST")).toEqual({ status: 308, location: "/admin/leads/42" });
  });

  it("sends an unknown old address to the same unknown new one, where the admin's 404 answers", async () => {
    expect(await answer("/admin/messages/no/such/page")).toEqual({
      status: 301,
      location: "/admin/leads/no/such/page",
    });
    expect(fileFor("/admin/leads/no/such/page")?.file).toBe("routes/admin/not-found.tsx");
  });

  it("is the only route left under /admin/messages", () => {
    const paths = (entries: Entry[]): string[] =>
      entries.flatMap((e) => [...(e.path ? [e.path] : []), ...paths(e.children ?? [])]);
    expect(paths(config).filter((p) => p.startsWith("admin/messages"))).toEqual(["admin/messages/*"]);
  });
});
