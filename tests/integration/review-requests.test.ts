import { systemActor } from "~/lib/actor";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeResendForApp } from "./fake-mail";

// Two reviews from one address in 10 minutes, so the limit is reached within this file.
const fake = await fakeResendForApp({ CONTACT_RATE_LIMIT: "3" });

const { routeArgs, signedInOwner } = await import("./admin-session");
const { getDb } = await import("~/server/db.server");
const { reviewRequests, leads, testimonials } = await import("~/db/schema");
const { createLead, getLead, updateLead } = await import("~/models/lead.server");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { listPublicTestimonials } = await import("~/models/testimonial.server");
const { reviewPageFor } = await import("~/services/review-collection.server");
const { askForReview } = await import("~/services/review-asking.server");
const { processOutbox } = await import("~/services/outbox.server");
const { findMail } = await import("~/models/outbox.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { workForTown, highlightedWorkForAbout } = await import("~/services/related-work.server");
const { hashLinkToken } = await import("~/server/link-token.server");
const { createPageCache } = await import("~/server/page-cache.server");
const { PAGE_CACHE_PATHS } = await import("~/lib/page-cache-paths");
const { requestContext } = await import("~/server/client-ip.server");
const leadRoute = await import("~/routes/admin/lead");
const reviewRoute = await import("~/routes/review");
const testimonialsAdmin = await import("~/routes/admin/testimonial-list");
const testimonialsPage = await import("~/routes/testimonial-list");
const adminLayout = await import("~/routes/admin/layout");

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

type Reply<T = unknown> = { data: T; init: { status: number } };

const postLead = (id: number, intent: string) =>
  leadRoute.action(
    routeArgs(
      new Request(`http://site.test/admin/leads/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent }),
        headers: { Cookie: cookie },
      }),
      { id: String(id) },
    ),
  ) as Promise<Response>;
const openReview = (token: string) =>
  reviewRoute.loader(routeArgs(new Request(`http://site.test/review/${token}`), { token })) as unknown as Reply<{
    state: string;
    values?: Record<string, string>;
  }>;
const sendReview = (token: string, fields: Record<string, string>, ip = "203.0.113.7") =>
  reviewRoute.action({
    request: new Request(`http://site.test/review/${token}`, { method: "POST", body: new URLSearchParams(fields) }),
    params: { token },
    context: requestContext(ip),
  } as never) as Promise<
    Reply<{
      status: string;
      state?: string;
      reply?: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
    }>
  >;

type LeadPage = { job: { reviewLink: string | null; review: { mailStatus: string; state: string } } };
const leadPage = async (id: number, setCookies: string[] = []) => {
  const sent = [cookie, ...setCookies.map((c) => c.split(";")[0])].join("; ");
  return (await leadRoute.loader(
    routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: sent } }), { id: String(id) }),
  )) as unknown as LeadPage;
};
const { readFlash } = await import("~/services/flash.server");
const flashIn = async (setCookies: string[]) =>
  (
    await readFlash(
      new Request("http://site.test/", { headers: { Cookie: setCookies.map((c) => c.split(";")[0]).join("; ") } }),
    )
  ).flash;

const requestOf = (leadId: number) =>
  getDb().select().from(reviewRequests).where(eq(reviewRequests.leadId, leadId)).get()!;
/** The lead's review request mail, from the outbox. */
const mailOf = (leadId: number) => findMail("review-request", { leadId })!;
const tokenIn = (text: string) => /\/review\/([A-Za-z0-9_-]{43})/.exec(text)![1];

/** A won job in Derby, from a quote request. */
function wonLead(name = "Karen Miller", email = "karen@example.com") {
  const lead = createLead({
    name,
    email,
    phone: "(316) 555-0188",
    message: "Hail damage",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
    service: "Roof Repairs",
  });
  updateLead(
    lead.id,
    { status: "won", lostReason: null, followUpOn: null, note: null },
    systemActor("owner@example.com"),
  );
  return lead.id;
}

async function completedWithReviewMail(name?: string, email?: string) {
  const id = wonLead(name, email);
  await postLead(id, "complete");
  fake.sent.length = 0;
  expect((await postLead(id, "ask-review")).status).toBe(302);
  await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
  return { id, token: tokenIn(fake.sent[0].text) };
}

describe("a completed job", () => {
  it("is marked completed only once Won, can be undone, and says so in its history", async () => {
    const id = wonLead();
    getDb().update(leads).set({ status: "quoted" }).where(eq(leads.id, id)).run();
    await postLead(id, "complete");
    expect(getLead(id)?.completedAt).toBeNull();
    getDb().update(leads).set({ status: "won" }).where(eq(leads.id, id)).run();
    expect((await postLead(id, "complete")).headers.get("Location")).toBe(`/admin/leads/${id}`);
    expect(getLead(id)?.completedAt).toBeInstanceOf(Date);
    await postLead(id, "reopen");
    expect(getLead(id)?.completedAt).toBeNull();
    expect(
      listLeadNotes(id, "owner")
        .map((n) => n.text)
        .slice(-2),
    ).toEqual(["Job completed", "Job marked not completed"]);
  });

  it("cannot be asked for a review before it is completed", async () => {
    const id = wonLead();
    await postLead(id, "ask-review");
    expect(getDb().select().from(reviewRequests).where(eq(reviewRequests.leadId, id)).all()).toEqual([]);
  });
});

describe("a review request", () => {
  it("is stored, then mailed to the homeowner through the resend SDK with a link whose token only its hash is kept of", async () => {
    const { id, token } = await completedWithReviewMail();
    const [mail] = fake.sent;
    expect(mail).toMatchObject({
      to: ['"Karen Miller" <karen@example.com>'],
      from: '"Prairie Ridge Framing & Roofing" <web@example.com>',
      reply_to: "hello@example.com",
      subject: "How did we do? A quick review for Prairie Ridge Framing & Roofing",
    });
    expect(mail.text).toContain(`http://localhost:3000/review/${token}`);
    const row = requestOf(id);
    expect(row).toMatchObject({ tokenHash: hashLinkToken(token), submittedAt: null });
    expect(mailOf(id)).toMatchObject({
      state: "sent",
      attempts: 1,
      recipient: "karen@example.com",
      providerId: expect.stringMatching(/^fake-/),
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
    // The lead page shows it.
    const page = (await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    )) as {
      job: { review: { mailStatus: string; state: string } };
    };
    expect(page.job.review).toMatchObject({ mailStatus: "sent", state: "open" });
  });

  it("says when the provider refused it, and shows its link to copy (once) instead of retrying it into a new one", async () => {
    fake.failWhen(() => true);
    const id = wonLead("Sam Ortiz", "sam@example.com");
    await postLead(id, "complete");
    const asked = await postLead(id, "ask-review");
    expect(asked.status).toBe(302);
    const cookies = asked.headers.getSetCookie();
    // The toast says what happened, not "on its way".
    expect(await flashIn(cookies)).toEqual({
      type: "error",
      message:
        "Review request not sent: the mail provider refused it. Copy its link below and send it yourself, or send it again.",
    });
    expect(mailOf(id)).toMatchObject({
      state: "failed",
      attempts: 1,
      nextAttemptAt: null,
      lastError: expect.stringContaining("Provider is down"),
    });
    expect(fake.sent).toHaveLength(0);

    // The lead page shows the link the homeowner can use, once.
    const page = await leadPage(id, cookies);
    const link = page.job.reviewLink!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/review\//);
    expect(page.job.review).toMatchObject({ mailStatus: "failed" });
    expect((await leadPage(id)).job.reviewLink).toBeNull();
    const token = tokenIn(link);
    expect(requestOf(id).tokenHash).toBe(hashLinkToken(token));
    expect(openReview(token).init.status).toBe(200);

    // Nothing retries it behind staff's back (that would kill the link they were given).
    fake.failWhen(null);
    await processOutbox(undefined, new Date(Date.now() + 3_600_000));
    const reviewMailsToSam = () =>
      fake.sent.filter((m) => m.to[0].includes("sam@example.com") && m.subject.startsWith("How did we do"));
    expect(reviewMailsToSam()).toHaveLength(0);
    expect(openReview(token).init.status).toBe(200);

    // "Send the request again" mails a new link; the one shown before stops working.
    const again = await postLead(id, "ask-review");
    expect(await flashIn(again.headers.getSetCookie())).toEqual({
      type: "success",
      message: "Review request sent to the homeowner",
    });
    const toSam = reviewMailsToSam();
    expect(toSam).toHaveLength(1);
    expect(mailOf(id)).toMatchObject({ state: "sent", attempts: 1, lastError: null });
    expect(openReview(tokenIn(toSam[0].text)).init.status).toBe(200);
    expect(openReview(token).init.status).toBe(404);
  });
});

describe("a review request with the owner's Google review page", () => {
  const GOOGLE = "https://g.page/r/CdEfGh123/review";
  const useGoogle = (ask: "after" | "instead" | null) =>
    setSetting("business", { ...getSetting("business"), googleReviews: ask && { link: GOOGLE, ask } });
  afterAll(() => useGoogle(null));

  it("links straight to Google when the owner chose it instead of our form, with no link of ours to expire", async () => {
    useGoogle("instead");
    const id = wonLead("Dana Fox", "dana@example.com");
    await postLead(id, "complete");
    fake.sent.length = 0;
    await postLead(id, "ask-review");
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    const { text } = fake.sent[0]!;
    expect(text).toContain("Would you tell other homeowners how it went on Google?");
    expect(text).toContain(GOOGLE);
    expect(text).not.toContain("/review/");
    expect(text).not.toContain("works until");
  });

  it("keeps our own form first when Google comes after it", async () => {
    useGoogle("after");
    const { token } = await completedWithReviewMail("Lee Park", "lee@example.com");
    expect(fake.sent[0]!.text).not.toContain(GOOGLE);
    expect((await openReview(token)).data.state).toBe("open");
  });
});

describe("a review request the provider does not answer (review M1)", () => {
  it("gives up waiting, hands staff the link, and does not retry it into a new one", async () => {
    const id = wonLead("Lee Park", "lee@example.com");
    await postLead(id, "complete");
    // A provider that never answers: staff must not wait on it.
    const hanging = { name: "hanging", delivers: true, sendBatch: () => new Promise<never>(() => {}) };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await askForReview(id, hanging, new Date(), 50);
    errors.mockRestore();
    expect(outcome).toMatchObject({
      status: "not-mailed",
      why: "timeout",
      reason: "The mail provider did not answer within 1 second",
    });
    const url = (outcome as { url: string }).url;
    expect(requestOf(id)).toMatchObject({ tokenHash: hashLinkToken(tokenIn(url)) });
    expect(mailOf(id)).toMatchObject({ state: "failed", nextAttemptAt: null });
    // The link works: the provider may still deliver the same one.
    expect(openReview(tokenIn(url)).init.status).toBe(200);
  });
});

describe("the public review page", () => {
  it("opens the form with the name and town filled in, refuses a form with gaps keeping what was typed, then takes the review as pending", async () => {
    const { id, token } = await completedWithReviewMail("Dee Wallace", "dee@example.com");
    const opened = openReview(token);
    expect(opened.init.status).toBe(200);
    // Published with the review: offered as first name and initial, not the lead's full name.
    expect(opened.data).toMatchObject({
      state: "open",
      values: { name: "Dee W.", location: "Derby, KS", rating: "", quote: "" },
    });
    // The service itself offers the name as it would be published (review L6), not only the page.
    expect(reviewPageFor(token)).toMatchObject({ state: "open", values: { name: "Dee W." } });

    const refused = await sendReview(token, {
      rating: "",
      quote: "Great crew, tidy site.",
      name: "Dee W.",
      location: "Derby, KS",
    });
    expect(refused.init.status).toBe(400);
    expect(refused.data.reply?.error).toEqual({ rating: ["Please choose a rating from 1 to 5 stars"] });
    expect(refused.data.reply?.initialValue).toMatchObject({ quote: "Great crew, tidy site.", name: "Dee W." });

    const done = await sendReview(token, {
      rating: "5",
      quote: "Great crew, tidy site.",
      name: "Dee W.",
      location: "Derby, KS",
    });
    expect(done.init.status).toBe(200);
    expect(done.data.status).toBe("success");
    const review = getDb().select().from(testimonials).where(eq(testimonials.leadId, id)).get()!;
    expect(review).toMatchObject({
      status: "pending",
      rating: 5,
      quote: "Great crew, tidy site.",
      name: "Dee W.",
      location: "Derby, KS",
    });
    expect(requestOf(id)).toMatchObject({ testimonialId: review.id });
    expect(requestOf(id).submittedAt).toBeInstanceOf(Date);

    // One review per link: a second post and a second visit are told kindly.
    const again = await sendReview(token, { rating: "1", quote: "Changed my mind", name: "Dee", location: "" });
    expect(again.init.status).toBe(410);
    expect(again.data).toMatchObject({ status: "gone", state: "used" });
    expect(openReview(token)).toMatchObject({ init: { status: 410 }, data: { state: "used" } });
    expect(getDb().select().from(testimonials).where(eq(testimonials.leadId, id)).all()).toHaveLength(1);
  });

  it("says an expired link expired (410) and an unknown one does not open (404), never a server error", async () => {
    const { id, token } = await completedWithReviewMail("Ed Park", "ed@example.com");
    getDb()
      .update(reviewRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reviewRequests.id, requestOf(id).id))
      .run();
    expect(openReview(token)).toMatchObject({ init: { status: 410 }, data: { state: "expired" } });
    expect((await sendReview(token, { rating: "5", quote: "x", name: "Ed", location: "" })).init.status).toBe(410);
    const unknown = "A".repeat(43);
    for (const t of [unknown, "short", "../../etc/passwd", "%00"]) {
      expect(openReview(t)).toMatchObject({ init: { status: 404 }, data: { state: "unknown" } });
      expect((await sendReview(t, { rating: "5", quote: "x", name: "Ed", location: "" })).init.status).toBe(404);
    }
  });

  it("limits how many reviews one address sends", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const { token } = await completedWithReviewMail(`Neighbor ${i}`, `n${i}@example.com`);
      statuses.push(
        (await sendReview(token, { rating: "4", quote: "Good work", name: `N ${i}`, location: "" }, "198.51.100.9"))
          .init.status,
      );
    }
    const { token } = await completedWithReviewMail("One too many", "late@example.com");
    const limited = await sendReview(
      token,
      { rating: "4", quote: "Good work", name: "Late", location: "" },
      "198.51.100.9",
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(limited.init.status).toBe(429);
    expect(limited.data.reply?.error).toEqual({
      "": ["Too many reviews from your connection. Please try again in a few minutes, or give us a call."],
    });
    expect(limited.data.reply?.initialValue).toMatchObject({ quote: "Good work" });
  });
});

describe("a pending review", () => {
  // The public pages as the server answers them: through the page cache, rendered by the testimonials route's own loader.
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const cache = createPageCache({
      render: async () =>
        Response.json(
          testimonialsPage
            .loader({ request: new Request("http://site.test/testimonials") } as never)
            .testimonials.map((t) => t.name),
        ),
      baseHeaders: {},
      paths: PAGE_CACHE_PATHS,
    });
    server = http.createServer((req, res) => {
      if (!cache.handle(req, res, () => res.writeHead(500).end())) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const publicNames = async () => (await (await fetch(`${base}/testimonials`)).json()) as string[];
  // The number beside "Testimonials" in the admin's header.
  const waitingReviews = async () =>
    (
      (await adminLayout.loader(
        routeArgs(new Request("http://site.test/admin", { headers: { Cookie: cookie } })),
      )) as unknown as Reply<{ reviews: number }>
    ).data.reviews;

  it("never shows publicly, is counted for the owner until approved, and shows on the very next request once approved", async () => {
    const { token } = await completedWithReviewMail("Fran Lee", "fran@example.com");
    expect(await publicNames()).not.toContain("Fran L.");
    const waitingBefore = await waitingReviews();
    await sendReview(
      token,
      { rating: "5", quote: "Our roof in Derby looks new.", name: "Fran L.", location: "Derby, KS" },
      "192.0.2.44",
    );
    expect(await waitingReviews()).toBe(waitingBefore + 1);
    const pending = getDb().select().from(testimonials).where(eq(testimonials.name, "Fran L.")).get()!;
    expect(pending.status).toBe("pending");
    expect(await publicNames()).not.toContain("Fran L.");
    expect(listPublicTestimonials().map((t) => t.name)).not.toContain("Fran L.");
    expect(workForTown("Derby").testimonial?.name).not.toBe("Fran L.");
    expect(highlightedWorkForAbout().testimonial?.name).not.toBe("Fran L.");

    const approved = (await testimonialsAdmin.action(
      routeArgs(
        new Request("http://site.test/admin/testimonials", {
          method: "POST",
          body: new URLSearchParams({ intent: "approve", id: String(pending.id) }),
          headers: { Cookie: cookie },
        }),
      ),
    )) as Response;
    expect(approved.status).toBe(302);
    expect(await waitingReviews()).toBe(waitingBefore);
    expect(await publicNames()).toContain("Fran L.");
    expect(workForTown("Derby").testimonial).toBeTruthy();
  });
});
