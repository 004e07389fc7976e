import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs } from "./admin-session";
import { picture } from "./test-images";
import { estimates, projects, proposals, settings, testimonials, users } from "~/db/schema";
import { byLineDay } from "~/lib/by-line";
import { pricingFormValues, DEFAULT_PRICING } from "~/lib/pricing";
import type { Role } from "~/lib/roles";
import { createLead } from "~/models/lead.server";
import { getSettingChange, getSetting } from "~/models/settings.server";
import { createTestimonial, getTestimonial } from "~/models/testimonial.server";
import { removeMember, upsertUser } from "~/models/user.server";
import { getDb } from "~/server/db.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { contactPageFields } from "./contact-page-fields";
import { action as contactAction, loader as contactLoader } from "~/routes/admin/contact";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as roofAction } from "~/routes/admin/roof-measurement";
import { action as wordsAction } from "~/routes/admin/site-words";
import { action as pricingAction, loader as pricingLoader } from "~/routes/admin/pricing";
import {
  PROJECT_DRAFTED,
  PROJECT_ON_SITE,
  action as projectAction,
  loader as projectLoader,
} from "~/routes/admin/project-list";
import { listPublicProjectCards } from "~/services/project-cards.server";
import {
  ON_SITE_FOR_OWNER,
  TESTIMONIAL_DRAFTED,
  action as testimonialAction,
  loader as testimonialLoader,
} from "~/routes/admin/testimonial-list";

// Each save records the account that made it, and the admin pages name
// the person ("Approved by Kim Ruiz on Nov 27, 2026"), even once that person has left the team.

type Person = { id: number; cookie: string };
const people: Record<"kim" | "lee" | "dana" | "nameless", Person> = {} as never;

async function member(email: string, name: string, role: Role): Promise<Person> {
  const { user } = await upsertUser(email, `${role}-password-123`, { name });
  getDb().update(users).set({ role }).where(eq(users.id, user.id)).run();
  return { id: user.id, cookie: (await startSession(user.id)).split(";")[0] };
}

beforeAll(async () => {
  await startApp();
  people.kim = await member("kim@example.com", "Kim Ruiz", "owner");
  people.lee = await member("lee@example.com", "Lee Boss", "owner");
  people.dana = await member("dana@example.com", "Dana Desk", "office");
  people.nameless = await member("nameless@example.com", "", "owner");
});

const today = () => byLineDay(new Date());
const get = (who: Person, path: string) =>
  routeArgs(new Request(`http://site.test${path}`, { headers: { Cookie: who.cookie } }));
const post = (who: Person, path: string, fields: Record<string, string>) =>
  routeArgs(
    new Request(`http://site.test${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: who.cookie },
    }),
  );

/** The thrown or returned answer's status. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } }).init?.status ?? 200;
}

/** The pricing form as the page fills it, flattened to field names. */
function pricingForm(changes: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  const walk = (value: unknown, name: string) => {
    if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k);
    else if (typeof value === "string") fields[name] = value;
  };
  walk(pricingFormValues(DEFAULT_PRICING), "");
  return { ...fields, ...changes };
}

describe("Pricing: a price change names who made it", () => {
  it("records the account and shows 'Last changed by <name> on <day>', kept after the person is removed", async () => {
    expect((await pricingLoader(get(people.kim, "/admin/pricing"))).changed).toBeNull();
    expect(
      await statusOf(() =>
        pricingAction(post(people.kim, "/admin/pricing", pricingForm({ nailsPerSquareCents: "9.25" }))),
      ),
    ).toBe(302);
    expect(getSetting("pricing").nailsPerSquareCents).toBe(925);
    expect(getDb().select().from(settings).where(eq(settings.key, "pricing")).get()?.updatedBy).toBe(people.kim.id);
    expect((await pricingLoader(get(people.lee, "/admin/pricing"))).changed).toBe(
      `Last changed by Kim Ruiz on ${today()}`,
    );

    // Kim leaves the team: the row stays, and so does the name on the price change.
    expect(removeMember(people.kim.id)).not.toBe("last-owner");
    expect((await pricingLoader(get(people.lee, "/admin/pricing"))).changed).toBe(
      `Last changed by Kim Ruiz on ${today()}`,
    );
  });

  it("names an account without a name by its email", async () => {
    await pricingAction(post(people.nameless, "/admin/pricing", pricingForm({ nailsPerSquareCents: "9.50" })));
    expect((await pricingLoader(get(people.lee, "/admin/pricing"))).changed).toBe(
      `Last changed by nameless@example.com on ${today()}`,
    );
  });
});

describe("Contact & Business: each group names who saved it", () => {
  it("shows nothing for what the seed wrote, then the person for each form saved", async () => {
    // The seed wrote both groups: no account.
    expect(getSettingChange("business")?.by).toBeNull();
    expect((await contactLoader(get(people.lee, "/admin/contact"))).changed).toEqual({ contact: null, business: null });

    const fields = contactPageFields({ autoresponderSubject: "Thanks from us" });
    expect(await statusOf(() => contactAction(post(people.lee, "/admin/contact", fields)))).toBe(302);
    expect(getSetting("contact").autoresponderSubject).toBe("Thanks from us");
    expect((await contactLoader(get(people.lee, "/admin/contact"))).changed).toEqual({
      contact: `Last changed by Lee Boss on ${today()}`,
      business: null,
    });
  });
});

describe("Contact & Business: one form, two groups (decision 0085)", () => {
  it("saves what changed in both cards from one post, and leaves an unchanged group as it was", async () => {
    const fields = contactPageFields({ company: "Hutch Roofing", autoresponderSubject: "Thanks again" });
    expect(await statusOf(() => contactAction(post(people.lee, "/admin/contact", fields)))).toBe(302);
    expect(getSetting("business").company).toBe("Hutch Roofing");
    expect(getSetting("contact").autoresponderSubject).toBe("Thanks again");
    const business = getSettingChange("business");
    expect(business?.by?.name).toBe("Lee Boss");

    // Nothing typed: nothing written, and the by-lines stay on the last real change.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await statusOf(() => contactAction(post(people.lee, "/admin/contact", contactPageFields())))).toBe(302);
    expect(getSettingChange("business")).toEqual(business);

    // A mistake in one card refuses the post: the other card's change is not half-saved.
    const refused = contactPageFields({ company: "Hutch & Sons", postalCode: "6715" });
    expect(await statusOf(() => contactAction(post(people.lee, "/admin/contact", refused)))).toBe(400);
    expect(getSetting("business").company).toBe("Hutch Roofing");
  });
});

describe("Testimonials: the office drafts, the owner approves, the list names the approver", () => {
  it("a new testimonial from the office waits as pending; the site is unchanged", async () => {
    const res = (await testimonialAction(
      post(people.dana, "/admin/testimonials", { name: "Office Added", quote: "Good work.", rating: "5" }),
    )) as Response;
    expect(res.status).toBe(302);
    expect(decodeURIComponent(res.headers.get("Set-Cookie") ?? "")).toBeTruthy();
    const row = getDb().select().from(testimonials).where(eq(testimonials.name, "Office Added")).get()!;
    expect(row).toMatchObject({ status: "pending", approvedBy: null, approvedAt: null });
    const page = await testimonialLoader(get(people.dana, "/admin/testimonials"));
    expect(page.testimonials.find((t) => t.id === row.id)).toMatchObject({ status: "pending", approved: null });
    expect(TESTIMONIAL_DRAFTED).toMatch(/pending/);
  });

  it("approving records the owner; the list says 'Approved by <name> on <day>'", async () => {
    const row = getDb().select().from(testimonials).where(eq(testimonials.name, "Office Added")).get()!;
    expect(
      await statusOf(() =>
        testimonialAction(post(people.lee, "/admin/testimonials", { intent: "approve", id: String(row.id) })),
      ),
    ).toBe(302);
    expect(getTestimonial(row.id)).toMatchObject({ status: "published", approvedBy: people.lee.id });
    expect(getTestimonial(row.id)?.approvedAt).toBeInstanceOf(Date);
    const page = await testimonialLoader(get(people.dana, "/admin/testimonials"));
    expect(page.testimonials.find((t) => t.id === row.id)?.approved).toBe(`Approved by Lee Boss on ${today()}`);
  });

  it("one the owner adds is on the site at once, approved by the owner", async () => {
    await testimonialAction(
      post(people.lee, "/admin/testimonials", { name: "Owner Added", quote: "Fine roof.", rating: "4" }),
    );
    const row = getDb().select().from(testimonials).where(eq(testimonials.name, "Owner Added")).get()!;
    expect(row).toMatchObject({ status: "published", approvedBy: people.lee.id });
  });

  it("a review from before accounts shows no approver", async () => {
    const old = createTestimonial({ name: "Old One", quote: "From before.", rating: 5 });
    const page = await testimonialLoader(get(people.lee, "/admin/testimonials"));
    expect(page.testimonials.find((t) => t.id === old.id)?.approved).toBeNull();
  });

  it("the office cannot open an approved one by typing ?edit=<id>, and is told why; a pending one opens", async () => {
    const live = getDb().select().from(testimonials).where(eq(testimonials.name, "Owner Added")).get()!;
    const refused = await testimonialLoader(get(people.dana, `/admin/testimonials?edit=${live.id}`));
    expect(refused.editing).toBeNull();
    expect(refused.refused).toBe(ON_SITE_FOR_OWNER);
    // Its save stays refused too.
    expect(
      await statusOf(() =>
        testimonialAction(
          post(people.dana, "/admin/testimonials", { id: String(live.id), name: "Changed", quote: "x", rating: "5" }),
        ),
      ),
    ).toBe(403);

    await testimonialAction(
      post(people.dana, "/admin/testimonials", { name: "Another Draft", quote: "Soon.", rating: "5" }),
    );
    const draft = getDb().select().from(testimonials).where(eq(testimonials.name, "Another Draft")).get()!;
    const opened = await testimonialLoader(get(people.dana, `/admin/testimonials?edit=${draft.id}`));
    expect(opened.editing).toMatchObject({ id: draft.id });
    expect(opened.refused).toBeNull();
    // The owner opens anything.
    expect((await testimonialLoader(get(people.lee, `/admin/testimonials?edit=${live.id}`))).editing).toMatchObject({
      id: live.id,
    });
  });
});

describe("Projects: the office starts drafts, the owner publishes, the list names the publisher", () => {
  const upload = async (who: Person, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save-project",
      category: "roofing",
      description: "A new roof.",
      ...fields,
    }))
      body.set(k, v);
    body.set("image", new File([new Uint8Array(await picture("png", 320))], "roof.png", { type: "image/png" }));
    return projectAction(
      routeArgs(
        new Request("http://site.test/admin/projects", { method: "POST", body, headers: { Cookie: who.cookie } }),
      ),
    );
  };
  const flashOf = (res: Response) => {
    const payload = /__flash=([^.;]+)/.exec(decodeURIComponent(res.headers.get("Set-Cookie") ?? ""))?.[1] ?? "";
    return (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { message: string }).message;
  };
  const byTitle = (title: string) => getDb().select().from(projects).where(eq(projects.title, title)).get()!;

  it("a new project from the office is a draft, off the site, published by nobody", async () => {
    const res = (await upload(people.dana, { title: "Office Draft Roof" })) as Response;
    expect(res.status).toBe(302);
    expect(flashOf(res)).toBe(PROJECT_DRAFTED);
    expect(byTitle("Office Draft Roof")).toMatchObject({ published: false, publishedBy: null, publishedAt: null });
    expect(listPublicProjectCards().some((p) => p.title === "Office Draft Roof")).toBe(false);
    const page = await projectLoader(get(people.dana, "/admin/projects"));
    expect(page.projects.find((p) => p.title === "Office Draft Roof")).toMatchObject({
      published: false,
      publishedBy: null,
    });
  });

  it("the office cannot publish it; the owner does, and the list says 'Published by <name> on <day>'", async () => {
    const { id } = byTitle("Office Draft Roof");
    expect(
      await statusOf(() => projectAction(post(people.dana, "/admin/projects", { intent: "publish", id: String(id) }))),
    ).toBe(403);
    expect(
      await statusOf(() => projectAction(post(people.lee, "/admin/projects", { intent: "publish", id: String(id) }))),
    ).toBe(302);
    expect(byTitle("Office Draft Roof")).toMatchObject({ published: true, publishedBy: people.lee.id });
    expect(listPublicProjectCards().some((p) => p.title === "Office Draft Roof")).toBe(true);
    const page = await projectLoader(get(people.dana, "/admin/projects"));
    expect(page.projects.find((p) => p.id === id)?.publishedBy).toBe(`Published by Lee Boss on ${today()}`);
    // Back to draft: no by-line while it is off the site.
    await projectAction(post(people.lee, "/admin/projects", { intent: "unpublish", id: String(id) }));
    expect(
      (await projectLoader(get(people.lee, "/admin/projects"))).projects.find((p) => p.id === id)?.publishedBy,
    ).toBeNull();
    await projectAction(post(people.lee, "/admin/projects", { intent: "publish", id: String(id) }));
  });

  it("one the owner adds is on the site at once, published by the owner", async () => {
    expect(((await upload(people.lee, { title: "Owner Roof" })) as Response).status).toBe(302);
    expect(byTitle("Owner Roof")).toMatchObject({ published: true, publishedBy: people.lee.id });
  });

  it("the office cannot open a published one by typing ?edit=<id>, and is told why; a draft opens", async () => {
    const live = byTitle("Owner Roof");
    const refused = await projectLoader(get(people.dana, `/admin/projects?edit=${live.id}`));
    expect(refused.editing).toBeNull();
    expect(refused.refused).toBe(PROJECT_ON_SITE);
    expect(await statusOf(() => upload(people.dana, { id: String(live.id), title: "Changed" }))).toBe(403);
    expect(byTitle("Owner Roof").title).toBe("Owner Roof");

    await upload(people.dana, { title: "Second Draft" });
    const draft = byTitle("Second Draft");
    const opened = await projectLoader(get(people.dana, `/admin/projects?edit=${draft.id}`));
    expect(opened.editing).toMatchObject({ id: draft.id });
    expect(opened.refused).toBeNull();
    // The office edits its draft, and it stays a draft.
    expect(await statusOf(() => upload(people.dana, { id: String(draft.id), title: "Second Draft, tidied" }))).toBe(
      302,
    );
    expect(getDb().select().from(projects).where(eq(projects.id, draft.id)).get()).toMatchObject({
      title: "Second Draft, tidied",
      published: false,
    });
    expect((await projectLoader(get(people.lee, `/admin/projects?edit=${live.id}`))).editing).toMatchObject({
      id: live.id,
    });
  });
});

describe("Proposals: each names who made it", () => {
  it("the lead page says 'Made by <name>' on the proposal, and saved defaults name them too", async () => {
    const lead = createLead({ name: "Dee Quinn", email: "dee@example.com", phone: null, message: "Roof" });
    getDb()
      .insert(estimates)
      .values({ leadId: lead.id, lines: [], subtotalCents: 135_000, taxCents: 0, totalCents: 135_000 })
      .run();
    const fields = {
      intent: "send-proposal",
      terms: "Half down, half on completion.",
      validDays: "30",
      saveDefaults: "on",
    };
    const leadArgs = (args: ReturnType<typeof post>) =>
      ({ ...(args as object), params: { id: String(lead.id) } }) as never;
    expect(
      await statusOf(() => leadAction(leadArgs(post(people.dana, `/admin/leads/${lead.id}`, fields)))),
    ).toBeLessThan(400);
    expect(getDb().select().from(proposals).where(eq(proposals.leadId, lead.id)).get()?.sentBy).toBe(people.dana.id);
    const page = (await leadLoader(leadArgs(get(people.lee, `/admin/leads/${lead.id}`)))) as {
      proposals: { list: { madeBy: string | null }[] } | null;
    };
    expect(page.proposals?.list[0]?.madeBy).toBe("Made by Dana Desk");
    expect(getSettingChange("proposal")?.by).toEqual({ name: "Dana Desk", email: "dana@example.com" });
  });

  it("one from before accounts names nobody", async () => {
    const lead = createLead({ name: "Old Proposal", email: "old@example.com", phone: null, message: "Roof" });
    const { id: _, ...other } = getDb().select().from(proposals).limit(1).get()!;
    getDb()
      .insert(proposals)
      .values({ ...other, leadId: lead.id, sentBy: null })
      .run();
    const page = (await leadLoader({
      ...(get(people.lee, `/admin/leads/${lead.id}`) as object),
      params: { id: String(lead.id) },
    } as never)) as {
      proposals: { list: { madeBy: string | null }[] } | null;
    };
    expect(page.proposals?.list[0]?.madeBy).toBeNull();
  });
});

describe("The site's words and the maps key name who saved them", () => {
  it("records the account for a page's words and for the maps key", async () => {
    expect(
      await statusOf(() =>
        wordsAction(
          post(people.lee, "/admin/site/words", {
            intent: "save-page-words",
            page: "home",
            headline: "Roofs that last",
            intro: "",
          }),
        ),
      ),
    ).toBe(302);
    expect(getSettingChange("words")?.by).toEqual({ name: "Lee Boss", email: "lee@example.com" });

    const body = new FormData();
    body.set("intent", "save-maps-key");
    body.set("apiKey", "AIzaSyTEST-0123456789abcdefgh");
    await roofAction(
      routeArgs(
        new Request("http://site.test/admin/roof-measurement", {
          method: "POST",
          body,
          headers: { Cookie: people.lee.cookie },
        }),
      ),
    );
    expect(getSetting("maps").apiKey).toBe("AIzaSyTEST-0123456789abcdefgh");
    expect(getSettingChange("maps")?.by).toEqual({ name: "Lee Boss", email: "lee@example.com" });
  });
});
