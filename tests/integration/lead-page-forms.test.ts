import { eq } from "drizzle-orm";
import { systemActor } from "~/lib/actor";
import { users } from "~/db/schema";
import { upsertUser } from "~/models/user.server";
import { getDb } from "~/server/db.server";
import { startSession } from "~/services/auth.server";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useActionData,
  useLoaderData,
  useParams,
  type RouteObject,
} from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { requestContext } from "~/server/client-ip.server";
import { createLead, updateLead } from "~/models/lead.server";
import { addVisit, cancelVisit, moveVisit } from "~/models/visit.server";
import type { Visit } from "~/db/schema";
import { setSetting } from "~/models/settings.server";
import { DEFAULT_PRICING } from "~/lib/pricing";
import { LEAD_INTENTS } from "~/lib/lead-forms";
import * as layout from "~/routes/admin/layout";
import * as lead from "~/routes/admin/lead";
import { action as roofAction } from "~/routes/admin/roof-measurement";

// Decision 0041: every form of a lead's page posts its own intent, and a refused one comes back
// to that form and no other. The real layout and page are served as the server serves them
// (the static handler runs the loaders and the action) and rendered to HTML, as a browser
// without scripts receives it.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
  setSetting("pricing", { ...DEFAULT_PRICING, taxRateBasisPoints: 0 });
});

/** A route module's component, handed its data as the framework hands it. */
const withData = (Page: ComponentType<never>) =>
  function Routed() {
    return createElement(Page, {
      loaderData: useLoaderData(),
      actionData: useActionData(),
      params: useParams(),
    } as never);
  };

const routes: RouteObject[] = [
  {
    id: "routes/admin/layout",
    loader: layout.loader as never,
    Component: withData(layout.default as never),
    ErrorBoundary: layout.ErrorBoundary as never,
    children: [
      {
        id: "routes/admin/lead",
        path: "admin/leads/:id",
        loader: lead.loader as never,
        action: lead.action as never,
        Component: withData(lead.default as never),
      },
    ],
  },
];

/** A post to a lead's page as a browser without scripts sends it, and the page (or redirect) it gets back. */
async function postPage(leadId: number, fields: Record<string, string>, as = cookie) {
  const request = new Request(`http://site.test/admin/leads/${leadId}`, {
    method: "POST",
    headers: { Cookie: as, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(request, { requestContext: requestContext("127.0.0.1") as never });
  if (context instanceof Response)
    return { status: context.status, location: context.headers.get("Location"), html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return {
    status: context.statusCode,
    location: null,
    html: html
      .replace(/<!-- -->/g, "")
      .replace(/&#x27;|&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&"),
  };
}

/** The HTML of each form on the page, by its id (forms never nest). */
function formsOf(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<form\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => [m[1], m[2]]));
}

/** Which forms of the page say `text`: the refused form, and no other. */
function formsSaying(html: string, text: string): string[] {
  return [...formsOf(html)].filter(([, body]) => body.includes(text)).map(([id]) => id);
}

const post = (leadId: number, fields: Record<string, string>) =>
  lead.action(
    routeArgs(
      new Request(`http://site.test/admin/leads/${leadId}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie },
      }),
      { id: String(leadId) },
    ),
  );

/** A lead measured through the roof tool, as staff do it. */
async function measuredLead(measurement: Record<string, string>) {
  const created = createLead(
    {
      name: "Dana Whitfield",
      email: "dana@example.com",
      phone: "620-555-0101",
      message: "Old roof",
      street: "301 S C St",
      city: "Wellington",
      zip: "67152",
    },
    [],
  );
  const opened = (await post(created.id, { intent: "measure" })) as Response;
  const customer = new URL(opened.headers.get("Location")!, "http://x").searchParams.get("customer")!;
  const body = new FormData();
  for (const [k, v] of Object.entries({
    id: customer,
    customerName: "Dana Whitfield",
    street: "301 S C St",
    city: "Wellington",
    state: "KS",
    ...measurement,
  }))
    body.set(k, v);
  await roofAction(
    routeArgs(
      new Request("http://site.test/admin/roof-measurement", { method: "POST", body, headers: { Cookie: cookie } }),
    ),
  );
  return created.id;
}

describe("the forms of a lead's page", () => {
  it("answers an unknown intent, and a post with none, with the admin's 400 page", async () => {
    const id = createLead({ name: "Bo", email: "bo@example.com", phone: null, message: "Gutters" }, []).id;
    const posts: Record<string, string>[] = [
      { intent: "made-up", status: "won" },
      { status: "won" },
      { intent: "" },
      { intent: "Lead", status: "won" },
    ];
    for (const fields of posts) {
      const page = await postPage(id, fields);
      expect(page.status, JSON.stringify(fields)).toBe(400);
      expect(page.html).toMatch(/<h1[^>]*>We could not accept that<\/h1>/);
      expect(page.html).toContain('data-testid="admin-title"');
      expect(page.html).toMatch(/>Back to Leads<\/a>/);
    }
    // Nothing was saved by any of them.
    expect(
      (
        await lead.loader(
          routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), {
            id: String(id),
          }),
        )
      ).lead.status,
    ).toBe("new");
  });

  it("the status form: a lost lead without a reason is refused beside its field, with the note kept; a good one saves", async () => {
    const id = createLead({ name: "Al", email: "al@example.com", phone: null, message: "Quote?" }, []).id;
    const refused = await postPage(id, { intent: LEAD_INTENTS[0], status: "lost", note: "Went quiet" });
    expect(refused.status).toBe(400);
    expect(formsSaying(refused.html, "Please say why the lead was lost")).toEqual(["lead-status"]);
    expect(formsOf(refused.html).get("lead-status")).toMatch(/<textarea[^>]*name="note"[^>]*>Went quiet<\/textarea>/);
    const saved = await postPage(id, { intent: "lead", status: "lost", lostReason: "Price" });
    expect(saved).toMatchObject({ status: 302, location: `/admin/leads/${id}` });
  });

  it("the estimate's three forms, each refused on itself; made and saved with a redirect", async () => {
    const id = await measuredLead({ area: "2400", pitch: "6" });
    const make = await postPage(id, {
      intent: "make-estimate",
      tier: "platinum",
      wastePercent: "10",
      tearOffLayers: "1",
    });
    expect(make.status).toBe(400);
    expect(formsSaying(make.html, "Please choose a shingle line")).toEqual(["make-estimate"]);
    expect(
      (await postPage(id, { intent: "make-estimate", tier: "better", wastePercent: "10", tearOffLayers: "1" })).status,
    ).toBe(302);

    const lines = await postPage(id, {
      intent: "save-estimate",
      "lines[0].label": "Shingles",
      "lines[0].quantity": "-1",
      "lines[0].unitPrice": "45",
    });
    expect(lines.status).toBe(400);
    expect(formsSaying(lines.html, "Please enter a quantity of 0 or more, with at most two decimals")).toEqual([
      "estimate-lines",
    ]);

    // Measured by its area alone: materials are missing, and leaving them out needs a reason.
    const leaveOut = await postPage(id, { intent: "leave-out-materials", reason: " " });
    expect(leaveOut.status).toBe(400);
    expect(formsSaying(leaveOut.html, "Please say why they are left out")).toEqual(["leave-out-materials"]);

    // The proposal waits for them: said on the proposal's form.
    const proposal = await postPage(id, { intent: "send-proposal", terms: "Pay on completion.", validDays: "30" });
    expect(proposal.status).toBe(400);
    // (The leave-out form says the same as its own explanation; the refusal is the proposal form's alert.)
    expect(formsOf(proposal.html).get("send-proposal")).toMatch(/role="alert"[^>]*>The estimate has no starter strip/);
    expect(formsSaying(proposal.html, 'role="alert"')).toEqual(["send-proposal"]);
    expect((await postPage(id, { intent: "leave-out-materials", reason: "Metal edge stays; no valleys" })).status).toBe(
      302,
    );

    const days = await postPage(id, { intent: "send-proposal", terms: "Pay on completion.", validDays: "9999" });
    expect(formsSaying(days.html, "Please give a number of days from 1 to 365.")).toEqual(["send-proposal"]);
    expect(formsOf(days.html).get("send-proposal")).toMatch(
      /name="validDays"[^>]*value="9999"|value="9999"[^>]*name="validDays"/,
    );
    const sent = await postPage(id, { intent: "send-proposal", terms: "Pay on completion.", validDays: "30" });
    expect(sent).toMatchObject({ status: 302, location: `/admin/leads/${id}` });

    // "Email to …" names one of the lead's proposals; an id that names none is not found.
    const proposalId = (
      await lead.loader(
        routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), {
          id: String(id),
        }),
      )
    ).proposals!.list[0].id;
    expect(await postPage(id, { intent: "email-proposal", proposalId: String(proposalId) })).toMatchObject({
      status: 302,
      location: `/admin/leads/${id}`,
    });
    const none = await postPage(id, { intent: "email-proposal", proposalId: "abc" });
    expect(none.status).toBe(404);
    expect(none.html).toMatch(/<h1[^>]*>We could not find that page<\/h1>/);
  });

  it("measure, and the job's forms: completed, reopened, a review asked for, a portfolio draft refused on itself", async () => {
    const id = createLead(
      {
        name: "Karen Miller",
        email: "karen@example.com",
        phone: null,
        message: "Leak",
        city: "Derby",
        service: "Roof Repairs",
      },
      [],
    ).id;
    const measure = await postPage(id, { intent: "measure" });
    expect(measure.status).toBe(302);
    expect(measure.location).toMatch(/^\/admin\/roof-measurement\?customer=\d+$/);
    updateLead(id, { status: "won", lostReason: null, followUpOn: null, note: null }, systemActor("owner@example.com"));
    // Not while a visit is still to come: the homeowner's page would show it, and its reminder would go.
    const by = systemActor("owner@example.com");
    const hour = 3_600_000;
    const visit = {
      leadId: id,
      kind: "work_day",
      durationMinutes: 480,
      assigneeId: null,
      note: null,
      createdBy: null,
    } as const;
    addVisit({ ...visit, startsAt: new Date(Date.now() - 5 * hour) }, by);
    const ahead = addVisit({ ...visit, startsAt: new Date("2099-06-01T13:00:00Z") }, by) as Visit;
    addVisit({ ...visit, startsAt: new Date("2099-06-02T13:00:00Z") }, by);
    const refused = await postPage(id, { intent: "complete" });
    expect(refused.status).toBe(400);
    expect(formsSaying(refused.html, "2 visits are still booked, the first for June 1, 2099 at 8:00 AM.")).toEqual([
      "complete-job",
    ]);
    cancelVisit(id, ahead.id, by);
    expect((await postPage(id, { intent: "complete" })).html).toContain(
      "A visit is still booked for June 2, 2099 at 8:00 AM. Cancel it in the Schedule",
    );
    moveVisit(
      id,
      ahead.id + 1,
      { startsAt: new Date(Date.now() - 2 * hour), durationMinutes: 480, assigneeId: null, note: null },
      by,
    );
    expect(await postPage(id, { intent: "complete" })).toMatchObject({ status: 302, location: `/admin/leads/${id}` });
    expect(await postPage(id, { intent: "reopen" })).toMatchObject({ status: 302, location: `/admin/leads/${id}` });
    await postPage(id, { intent: "complete" });
    expect(await postPage(id, { intent: "ask-review" })).toMatchObject({ status: 302, location: `/admin/leads/${id}` });

    const draft = await postPage(id, {
      intent: "add-to-portfolio",
      title: "Porch roof in Derby",
      description: "New porch roof",
      altText: "A porch",
    });
    expect(draft.status).toBe(400);
    expect(formsSaying(draft.html, "Please choose the project's category")).toEqual(["add-to-portfolio"]);
    expect(formsOf(draft.html).get("add-to-portfolio")).toContain('value="Porch roof in Derby"');
    // The job has no photos: no picture to choose, so no alt text to write.
    const draftForm = formsOf(draft.html).get("add-to-portfolio")!;
    expect(draftForm).toContain("This job has no photos yet");
    for (const field of ["altText", "photoId", "beforeAltText", "beforePhotoId"])
      expect(draftForm).not.toContain(`name="${field}"`);
    // Hints are descriptions: never inside a label, each named by its control's aria-describedby.
    const visitForm = formsOf(draft.html).get(`add-visit-${id}`)!;
    const labels = [...visitForm.matchAll(/<label\b[\s\S]*?<\/label>/g)].map((m) => m[0]);
    expect(labels.some((label) => label.includes("Note for the team"))).toBe(true);
    expect(labels.filter((label) => label.includes("Not sent to the homeowner"))).toEqual([]);
    const hintId = /<p id="([^"]+)"[^>]*>Not sent to the homeowner/.exec(visitForm)![1];
    expect(visitForm).toMatch(
      new RegExp(
        `name="note"[^>]*aria-describedby="[^"]*\\b${hintId}\\b|aria-describedby="[^"]*\\b${hintId}\\b[^"]*"[^>]*name="note"`,
      ),
    );
    // And the server asks for none.
    const added = await postPage(id, {
      intent: "add-to-portfolio",
      title: "Porch roof in Derby",
      category: "roofing",
      description: "New porch roof",
    });
    expect(added.status).toBe(302);
    expect(added.location).toMatch(/^\/admin\/projects\?edit=\d+$/);
  });
});

describe("a crew member finishing a job", () => {
  it("is told to ask the office about visits still booked, and lands on Today once a job he may no longer see is done", async () => {
    const { user } = await upsertUser("crew-finisher@example.com", "crew-password-123");
    getDb().update(users).set({ role: "crew" }).where(eq(users.id, user.id)).run();
    const crew = (await startSession(user.id)).split(";")[0];
    const by = systemActor("owner@example.com");
    const id = createLead(
      {
        name: "Pat Finch",
        email: "pat@example.com",
        phone: null,
        message: "Leak",
        city: "Derby",
        service: "Roof Repairs",
      },
      [],
    ).id;
    updateLead(id, { status: "won", lostReason: null, followUpOn: null, note: null }, by);
    const day = addVisit(
      {
        leadId: id,
        kind: "work_day",
        durationMinutes: 480,
        assigneeId: user.id,
        note: null,
        createdBy: null,
        startsAt: new Date("2099-06-01T13:00:00Z"),
      },
      by,
    ) as Visit;
    // The crew cannot cancel or move a visit: the refusal says who can.
    const refused = await postPage(id, { intent: "complete" }, crew);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(
      "A visit is still booked for June 1, 2099 at 8:00 AM. Ask the office to cancel or move it, then mark the job completed.",
    );
    expect(refused.html).not.toContain("Cancel it in the Schedule");
    moveVisit(
      id,
      day.id,
      { startsAt: new Date(Date.now() - 3_600_000), durationMinutes: 480, assigneeId: user.id, note: null },
      by,
    );
    // Done: his work day on it keeps the job his to see, so back to its page.
    const done = await postPage(id, { intent: "complete" }, crew);
    expect(done.status).toBe(302);
    expect(done.location).toMatch(new RegExp(`^/admin/leads/${id}\\b`));
    // A job nobody has and he has no visit on is no longer his to see once done: Today, with
    // the message, not a 403.
    const other = createLead(
      { name: "Lee Finch", email: "lee@example.com", phone: null, message: "Leak", city: "Derby" },
      [],
    ).id;
    updateLead(other, { status: "won", lostReason: null, followUpOn: null, note: null }, by);
    expect(await postPage(other, { intent: "complete" }, crew)).toMatchObject({ status: 302, location: "/admin" });
  });
});

describe("the lead page reads each form's result by its intent", () => {
  // The page once told its forms' results apart by the keys they happened to have
  // (`"proposalError" in actionData`); a form's result is now named by its intent.
  const files = [
    "routes/admin/lead.tsx",
    ...readdirSync(join(import.meta.dirname, "../../app/components/admin"))
      .filter((f) => f.startsWith("lead-"))
      .map((f) => `components/admin/${f}`),
  ];

  it.each(files)("%s sniffs no keys of the action's data", (path) => {
    const code = readFileSync(join(import.meta.dirname, "../../app", path), "utf8");
    expect(code).not.toMatch(/\bin\s+actionData\b/);
    expect(code).not.toMatch(/["'][\w-]+["']\s+in\s+(?:result|reply|data|props)\b/);
  });
});
