import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { JobPageView } from "~/services/job-page.server";
import { requestContext } from "~/server/client-ip.server";
import { fakeResendForApp } from "./fake-mail";

// Every mail the homeowner gets links their job page (decision 0070): the auto-reply, the
// proposal and the review request, each with the job's one live link (decision 0076).
const fake = await fakeResendForApp();

const { getDb } = await import("~/server/db.server");
const { jobPageLinks, leads, proposals } = await import("~/db/schema");
const { revokeJobPageLinks } = await import("~/models/job-page-link.server");
const { systemActor } = await import("~/lib/actor");
const { createLead } = await import("~/models/lead.server");
const { getSetting } = await import("~/models/settings.server");
const { startApp } = await import("./started-app");
const { mailNewLead } = await import("~/services/lead-mail.server");
const { emailProposal } = await import("~/services/proposal-actions.server");
const { askForReview } = await import("~/services/review-asking.server");
const jobRoute = await import("~/routes/job");

beforeAll(async () => {
  await startApp();
});

const db = () => getDb();
const JOB_PAGE_LINK = /http:\/\/\S+\/job\/([A-Za-z0-9_-]{43})/g;
const jobTokensIn = (text: string) => [...text.matchAll(JOB_PAGE_LINK)].map((m) => m[1]);
type Page = { kind: "job"; view: JobPageView } | { kind: "unknown" };
const open = (token: string) =>
  (
    jobRoute.loader({
      request: new Request(`http://site.test/job/${token}`),
      params: { token },
      context: requestContext("203.0.113.9"),
    } as never) as unknown as { data: Page }
  ).data;
const pageOwner = (token: string) => {
  const page = open(token);
  return page.kind === "job" ? page.view.customer.name : null;
};
const newLead = (name: string, email: string) =>
  createLead({
    name,
    email,
    phone: "316-555-0188",
    message: "Hail on the north slope",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
    service: "Roof Repairs",
  }).id;

describe("the quote request's auto-reply", () => {
  it("keeps the owner's subject and words as written, with one line under them linking this lead's page", async () => {
    const id = newLead("Kim Hoang", "kim@example.com");
    newLead("Someone Else", "else@example.com");
    await mailNewLead(id);
    const settings = getSetting("contact");
    const [notification, autoreply] = fake.sent;
    expect(autoreply.subject).toBe(settings.autoresponderSubject);
    expect(
      autoreply.text.startsWith(
        `${settings.autoresponderMessage.trimEnd()}\n\nSee where your request stands, and send us more photos: http`,
      ),
    ).toBe(true);
    const [token] = jobTokensIn(autoreply.text);
    expect(jobTokensIn(autoreply.text)).toHaveLength(1);
    expect(pageOwner(token)).toBe("Kim Hoang");
    // Before the sale the page says the request is in hand.
    const page = open(token);
    expect(page.kind === "job" && page.view.status.headline).toBe("We are on it");
    // The owner's notification names who, where and what; a staff mail: no job page link in it.
    expect(notification.subject).toBe("New quote request: Kim Hoang, Derby — Roof Repairs");
    expect(notification.text).not.toMatch(/\/job\//);
  });
});

describe("the proposal mail", () => {
  it("carries the proposal's link first, then the job's one job page link, the same on every attempt", async () => {
    const id = newLead("Mia Chen", "mia@example.com");
    const now = new Date();
    const content = {
      validUntil: "2099-12-31",
      company: {
        name: "Prairie Ridge Framing & Roofing",
        phone: "(620) 555-0142",
        email: "hello@example.com",
        address: "",
      },
      customer: { name: "Mia Chen", address: "412 N Main St", email: "mia@example.com", phone: "" },
      totalCents: 1_234_500,
    };
    const proposal = db()
      .insert(proposals)
      .values({
        leadId: id,
        content,
        totalCents: content.totalCents,
        expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      })
      .returning()
      .get();
    const office = { id: null, name: "Dana Brooks" };
    await emailProposal(id, proposal.id, office);
    await emailProposal(id, proposal.id, office);
    // Each mailing is in the lead's history, by who mailed it, for every role alike.
    const { listLeadNotes } = await import("~/models/lead-history.server");
    for (const role of ["owner", "crew"] as const)
      expect(listLeadNotes(id, role).map((n) => [n.author, n.text])).toEqual([
        ["Dana Brooks", "Proposal emailed to mia@example.com"],
        ["Dana Brooks", "Proposal emailed to mia@example.com"],
      ]);
    const mails = fake.sent.filter((m) => m.subject.startsWith("Your proposal from"));
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => jobTokensIn(m.text));
    expect(first).toHaveLength(1);
    expect(second).toEqual(first);
    expect(pageOwner(first[0])).toBe("Mia Chen");
    // Before the sale the page says the proposal waits (its own link is the mail's, not the page's).
    const page = open(first[0]);
    expect(page.kind === "job" && page.view.status.headline).toBe("Your proposal is ready");
    expect(page.kind === "job" && page.view.proposal).toBeNull();
    const { text, html } = mails[0];
    expect(text.indexOf("/proposal/")).toBeLessThan(text.indexOf("/job/"));
    expect(html).toMatch(/<a href="http:\/\/\S+\/job\/[A-Za-z0-9_-]{43}">Open your job page<\/a>/);
    // The first link of the HTML stays the proposal's (what the homeowner is asked to open).
    expect(/href="([^"]+)"/.exec(html ?? "")![1]).toMatch(/\/proposal\//);
  });
});

describe("the review request", () => {
  it("carries a link to this lead's job page after the review's own", async () => {
    const id = newLead("Dana Brooks", "dana@example.com");
    db().update(leads).set({ status: "won", completedAt: new Date() }).where(eq(leads.id, id)).run();
    await askForReview(id);
    const mail = fake.sent.find((m) => m.subject.startsWith("How did we do?"))!;
    const [token] = jobTokensIn(mail.text);
    expect(pageOwner(token)).toBe("Dana Brooks");
    expect(mail.text.indexOf("/review/")).toBeLessThan(mail.text.indexOf("/job/"));
  });
});

describe("one job page link per job", () => {
  it("is the same link in every mail of the job until staff turn it off, then the next mail carries a new one", async () => {
    const id = newLead("Jane Doe", "jane@example.com");
    await mailNewLead(id);
    db().update(leads).set({ status: "won", completedAt: new Date() }).where(eq(leads.id, id)).run();
    await askForReview(id);
    const autoreply = fake.sent.find(
      (m) => m.to.join().includes("jane@example.com") && m.text.includes("See where your request stands"),
    )!;
    const review = fake.sent.find((m) => m.subject.startsWith("How did we do?"))!;
    const [token] = jobTokensIn(autoreply.text);
    expect(jobTokensIn(review.text)).toEqual([token]);
    expect(db().select().from(jobPageLinks).where(eq(jobPageLinks.leadId, id)).all()).toHaveLength(1);

    expect(revokeJobPageLinks(id, systemActor("Test"))).toBe(1);
    expect(open(token).kind).toBe("unknown");
    await askForReview(id);
    const again = fake.sent.filter((m) => m.subject.startsWith("How did we do?")).at(-1)!;
    const [fresh] = jobTokensIn(again.text);
    expect(fresh).not.toBe(token);
    expect(pageOwner(fresh)).toBe("Jane Doe");
    expect(open(token).kind).toBe("unknown");
  });
});
