import { systemActor } from "~/lib/actor";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
  type RouteObject,
} from "react-router";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { leads, proposals } from "~/db/schema";
import { addDays, businessToday, endOfBusinessDay } from "~/lib/business-time";
import { createLead, markRead, setArchived, setJobCompleted, updateLead } from "~/models/lead.server";
import { DASHBOARD_LIST_SIZE } from "~/models/dashboard.server";
import { insertTestimonial } from "~/models/testimonial.server";
import { requestContext } from "~/server/client-ip.server";
import { getDb } from "~/server/db.server";
import * as layout from "~/routes/admin/layout";
import * as dashboard from "~/routes/admin/dashboard";
import type { LeadStatus } from "~/lib/lead-status";

// The admin opens on the day's work: new leads, follow-ups due (Kansas days),
// proposals waiting for an answer, jobs to complete and reviews to approve.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

// A route module's component gets its data as props from the framework; here from the hook.
const withData = (Component: unknown) =>
  function Page() {
    return createElement(Component as React.FC<{ loaderData: unknown }>, { loaderData: useLoaderData() });
  };

const routes: RouteObject[] = [
  {
    id: "routes/admin/layout",
    loader: layout.loader as never,
    Component: withData(layout.default),
    children: [
      { id: "dashboard", path: "admin", loader: dashboard.loader as never, Component: withData(dashboard.default) },
    ],
  },
];

/** The dashboard as the owner gets it: the admin layout and the page, rendered on the server. */
async function page() {
  const handler = createStaticHandler(routes);
  const request = new Request("http://site.test/admin", { headers: { Cookie: cookie } });
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
  return { html, text, data: context.loaderData.dashboard as Awaited<ReturnType<typeof dashboard.loader>> };
}

function lead(name: string, moves: LeadStatus[] = [], followUpOn: string | null = null) {
  const m = createLead({
    name,
    email: `${name.replace(/\W/g, "").toLowerCase()}@example.com`,
    phone: null,
    message: "Roof",
  });
  for (const status of moves)
    updateLead(
      m.id,
      { status, lostReason: status === "lost" ? "Price" : null, followUpOn, note: null },
      systemActor("owner@example.com"),
    );
  if (!moves.length && followUpOn) getDb().update(leads).set({ followUpOn }).where(eq(leads.id, m.id)).run();
  return m;
}

const sendProposal = (leadId: number, expiresOn: string, extra: Partial<typeof proposals.$inferInsert> = {}) =>
  getDb()
    .insert(proposals)
    .values({ leadId, content: {}, totalCents: 1_234_500, expiresAt: endOfBusinessDay(expiresOn), ...extra })
    .returning({ id: proposals.id })
    .get().id;

describe("the dashboard", () => {
  it("reads well with nothing waiting", async () => {
    const { html, text, data } = await page();
    expect(data.dashboard.newLeads.count).toBe(0);
    expect(text).toContain("Nothing waiting — you are all caught up.");
    expect(text).toContain("Today");
    // A fresh install is all demo: the go-live list's open items follow, with the way to the whole list.
    expect(html).toContain('data-testid="dashboard-go-live"');
    expect(html).toContain('href="/admin/go-live"');
  });

  it("lists each kind of waiting work with its count, linking to the lead or the review", async () => {
    const today = businessToday();
    const fresh = lead("Nora Fresh");
    const late = lead("Lou Late", ["contacted"], addDays(today, -3));
    const due = lead("Dee Today", ["visit_scheduled"], today);
    lead("Fay Future", ["contacted"], addDays(today, 2));
    lead("Lars Lost", ["lost"], addDays(today, -1));
    const quoted = lead("Quinn Quoted", ["quoted"]);
    sendProposal(quoted.id, addDays(today, 10));
    // Not waiting: accepted, withdrawn, or already expired.
    sendProposal(lead("Ann Accepted", ["quoted"]).id, addDays(today, 10), {
      acceptedAt: new Date(),
      acceptedName: "Ann",
    });
    sendProposal(lead("Wes Withdrawn", ["quoted"]).id, addDays(today, 10), { withdrawnAt: new Date() });
    sendProposal(lead("Ed Expired", ["quoted"]).id, addDays(today, -1));
    const won = lead("Will Won", ["won"]);
    const done = lead("Dan Done", ["won"]);
    setJobCompleted(done.id, true, systemActor("owner@example.com"));
    const archived = lead("Archie Archived");
    setArchived(archived.id, true);
    const review = insertTestimonial({
      name: "Rita Review",
      quote: "They fixed the hail damage in a day.",
      rating: 5,
      status: "pending",
    });
    insertTestimonial({ name: "Pat Published", quote: "Great crew.", rating: 5, status: "published" });

    const { data, html, text } = await page();
    const d = data.dashboard;
    const names = (items: { name: string }[]) => items.map((i) => i.name);
    expect(d.newLeads.count).toBe(1);
    expect(names(d.newLeads.items)).toEqual(["Nora Fresh"]);
    expect(d.followUps.count).toBe(2);
    expect(names(d.followUps.items)).toEqual(["Lou Late", "Dee Today"]);
    expect(d.proposals?.count).toBe(1);
    expect(names(d.proposals?.items ?? [])).toEqual(["Quinn Quoted"]);
    expect(d.jobs.count).toBe(1);
    expect(names(d.jobs.items)).toEqual(["Will Won"]);
    expect(d.reviews?.count).toBe(1);
    expect(names(d.reviews?.items ?? [])).toEqual(["Rita Review"]);

    expect(text).not.toContain("Nothing waiting — you are all caught up.");
    expect(html).toContain(`href="/admin/leads/${fresh.id}"`);
    expect(text).toContain("Nora Fresh (unread)");
    expect(html).toContain(`href="/admin/leads/${late.id}"`);
    expect(text).toContain("3 days late");
    expect(html).toContain(`href="/admin/leads/${due.id}"`);
    expect(text).toContain("Due today");
    expect(html).toContain(`href="/admin/leads/${quoted.id}#lead-proposals"`);
    expect(text).toContain("$12,345.00 · Sent today");
    expect(html).toContain(`href="/admin/leads/${won.id}#lead-job"`);
    expect(html).toContain(`href="/admin/testimonials?edit=${review.id}"`);
    expect(text).not.toMatch(
      /Lars Lost|Fay Future|Ann Accepted|Wes Withdrawn|Ed Expired|Dan Done|Archie Archived|Pat Published/,
    );
    // The header's badges count the same leads.
    expect(html).toMatch(/data-testid="new-leads"[^>]*>1</);
    expect(html).toMatch(/data-testid="follow-ups-due"[^>]*>2</);

    markRead(fresh.id);
    expect((await page()).text).not.toContain("Nora Fresh (unread)");
  });

  it("shows the first few of a long list and says how many more there are", async () => {
    const before = (await page()).data.dashboard.newLeads.count;
    for (let i = 0; i < DASHBOARD_LIST_SIZE + 3; i++) lead(`Batch Lead ${i}`);
    const { data, text } = await page();
    expect(data.dashboard.newLeads.count).toBe(before + DASHBOARD_LIST_SIZE + 3);
    expect(data.dashboard.newLeads.items).toHaveLength(DASHBOARD_LIST_SIZE);
    // Newest first.
    expect(data.dashboard.newLeads.items[0].name).toBe(`Batch Lead ${DASHBOARD_LIST_SIZE + 2}`);
    expect(text).toContain(`All new leads (${before + 3} more)`);
  });

  it("sends old Projects links on, and an anonymous visitor to the login page", async () => {
    const moved = await Promise.resolve(
      dashboard.loader(routeArgs(new Request("http://site.test/admin?edit=4", { headers: { Cookie: cookie } }))),
    ).catch((r: unknown) => r);
    expect((moved as Response).headers.get("Location")).toBe("/admin/projects?edit=4");
    const anonymous = await Promise.resolve(dashboard.loader(routeArgs(new Request("http://site.test/admin")))).catch(
      (r: unknown) => r,
    );
    expect((anonymous as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin");
  });
});
