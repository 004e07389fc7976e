import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import type { JobPageView } from "~/services/job-page.server";
import { jpegMagicHtml, picture, truncatedPng } from "./test-images";

const { getDb } = await import("~/server/db.server");
const { invoices, jobPageLinks, leads, payments, proposals, visits } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { listPhotos } = await import("~/models/lead-photo.server");
const { hashLinkToken } = await import("~/server/link-token.server");
const { jobPageLinkUrl, findJobByToken } = await import("~/services/job-page-link.server");
const { addJobPageLink, jobPageLinkSummary } = await import("~/models/job-page-link.server");
const { readFlash } = await import("~/services/flash.server");
const { startSession } = await import("~/services/auth.server");
const { upsertUser } = await import("~/models/user.server");
const { users } = await import("~/db/schema");
const { PAGE_CACHE_PATHS } = await import("~/lib/page-cache-paths");
const { cacheKey } = await import("~/server/page-cache.server");
const { signedInOwner, routeArgs } = await import("./admin-session");
const jobRoute = await import("~/routes/job");
const linkRoute = await import("~/routes/admin/lead-job-page-link");
const invoicePdf = await import("~/routes/resources/job-invoice-pdf");
const proposalPdf = await import("~/routes/resources/job-proposal-pdf");
const payRoute = await import("~/routes/resources/job-invoice-pay");
const leadRoute = await import("~/routes/admin/lead");

const db = () => getDb();
const tokenOf = (url: string) => url.split("/job/")[1];
const newLead = (name: string, email: string) =>
  createLead({
    name,
    email,
    phone: "316-555-0188",
    message: "Hail",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
  }).id;

/** A won lead with its accepted proposal, a sent deposit invoice partly paid, a draft, and a work day to come. */
function wonJob(name: string, totalCents = 1_000_000) {
  const id = newLead(name, `${name.split(" ")[0].toLowerCase()}@example.com`);
  const now = new Date();
  db().update(leads).set({ status: "won" }).where(eq(leads.id, id)).run();
  const proposal = db()
    .insert(proposals)
    .values({
      leadId: id,
      content: { validUntil: "2026-12-31", totalCents },
      totalCents,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      acceptedAt: now,
      acceptedName: name,
    })
    .returning()
    .get();
  const number =
    (db()
      .select({ n: invoices.number })
      .from(invoices)
      .all()
      .reduce((m, r) => Math.max(m, r.n ?? 0), 0) ?? 0) + 1;
  const deposit = db()
    .insert(invoices)
    .values({
      leadId: id,
      proposalId: proposal.id,
      number,
      kind: "deposit",
      state: "partly_paid",
      lines: [{ description: "Deposit", amountCents: totalCents * 0.3 }],
      subtotalCents: totalCents * 0.3,
      totalCents: totalCents * 0.3,
      paidCents: 100_000,
      dueOn: "2026-12-11",
      sentAt: now,
    })
    .returning()
    .get();
  db()
    .insert(invoices)
    .values({
      leadId: id,
      proposalId: proposal.id,
      kind: "final",
      state: "draft",
      lines: [],
      subtotalCents: 123_456,
      totalCents: 123_456,
    })
    .run();
  db()
    .insert(payments)
    .values({
      invoiceId: deposit.id,
      method: "check",
      amountCents: 100_000,
      checkNumber: "1042",
      receivedOn: "2026-11-20",
    })
    .run();
  db()
    .insert(visits)
    .values({ leadId: id, kind: "work_day", startsAt: new Date(now.getTime() + 3 * 86_400_000), durationMinutes: 480 })
    .run();
  return { id, deposit, token: tokenOf(jobPageLinkUrl(id)) };
}

type Page =
  | { kind: "job"; view: JobPageView; notice: { type: string; message: string } | null }
  | { kind: "unknown"; phone: string };
type Answer<T> = { data: T; init: ResponseInit | null };
const args = (request: Request, token: string, ip = "203.0.113.9") =>
  ({ request, params: { token }, context: requestContext(ip) }) as never;
const open = (token: string, query = "") =>
  jobRoute.loader(args(new Request(`http://site.test/job/${token}${query}`), token)) as unknown as Answer<Page>;
const headersOf = (init: ResponseInit | null) => new Headers(init?.headers);

function upload(token: string, files: { bytes: Uint8Array | Buffer | string; name: string; type?: string }[]) {
  const body = new FormData();
  for (const f of files)
    body.append(
      "photos",
      new File([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)], f.name, {
        type: f.type ?? "image/jpeg",
      }),
    );
  return jobRoute.action(
    args(new Request(`http://site.test/job/${token}`, { method: "POST", body }), token),
  ) as unknown as Promise<Response | Answer<{ error: string }>>;
}

describe("job-page links", () => {
  it("are one link per job, the same every time, kept only as its hash, each opening its lead", () => {
    const id = newLead("Karen Miller", "karen@example.com");
    const other = newLead("Bob Other", "bob@example.com");
    const a = jobPageLinkUrl(id);
    const b = jobPageLinkUrl(id);
    const c = jobPageLinkUrl(other);
    expect(a).toMatch(/^https?:\/\/[^/]+\/job\/[A-Za-z0-9_-]{43}$/);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    const rows = db().select().from(jobPageLinks).where(eq(jobPageLinks.leadId, id)).all();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(a));
    expect(rows[0].tokenHash).toBe(hashLinkToken(tokenOf(a)));
    expect(findJobByToken(tokenOf(a))).toBe(id);
    expect(findJobByToken(tokenOf(c))).toBe(other);
  });

  it("keep a link from before (a random token, no salt) working, while mails carry the derived one", () => {
    const id = newLead("Old Link", "old-link@example.com");
    const old = "o".repeat(43);
    addJobPageLink(id, hashLinkToken(old), null);
    const fresh = jobPageLinkUrl(id);
    expect(tokenOf(fresh)).not.toBe(old);
    expect(jobPageLinkUrl(id)).toBe(fresh);
    expect(findJobByToken(old)).toBe(id);
    expect(jobPageLinkSummary(id).count).toBe(2);
  });

  it("open nothing for an unknown or malformed token", () => {
    for (const t of ["", "short", "a".repeat(43), `${"a".repeat(42)}/`, "../../etc/passwd", hashLinkToken("x")])
      expect(findJobByToken(t)).toBeNull();
  });
});

describe("the homeowner's job page", () => {
  it("shows the job in plain words, only this lead's, never cached, indexed or leaked by referrer", () => {
    const mine = wonJob("Karen Miller");
    const theirs = wonJob("Other Person", 2_000_000);
    const { data, init } = open(mine.token);
    expect(init?.status ?? 200).toBe(200);
    const headers = headersOf(init);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.get("X-Robots-Tag")).toContain("noindex");
    expect(headers.get("Referrer-Policy")).toBe("same-origin");
    expect(jobRoute.headers()).toMatchObject({
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
    });
    if (data.kind !== "job") throw new Error("no page");
    const { view } = data;
    expect(view.customer.name).toBe("Karen Miller");
    expect(view.status.headline).toMatch(/^Work day booked for \w+day, \w+ \d+ at \d+:\d\d [AP]M$/);
    expect(view.proposal).toMatchObject({ total: "$10,000.00" });
    // The draft is not the homeowner's to see; the sent deposit is, with what is owed.
    expect(view.invoices).toEqual([
      expect.objectContaining({
        id: mine.deposit.id,
        kind: "Deposit",
        state: "Partly paid",
        total: "$3,000.00",
        owed: "$2,000.00",
        pay: null,
      }),
    ]);
    expect(view.receipts).toEqual([expect.objectContaining({ amount: "$1,000.00", method: "by check no. 1042" })]);
    // Nothing of the other lead's job.
    const text = JSON.stringify(view);
    expect(text).not.toContain("Other Person");
    expect(text).not.toContain("$20,000.00");
    expect(text).not.toContain(`/invoices/${theirs.deposit.id}`);
    expect(text).not.toContain(theirs.token);
  });

  it("says a lost lead's request is closed, not that we are on it", () => {
    const id = newLead("Went Elsewhere", "elsewhere@example.com");
    const token = tokenOf(jobPageLinkUrl(id));
    const before = open(token).data;
    expect(before.kind === "job" && before.view.status.headline).toBe("We are on it");
    db().update(leads).set({ status: "lost" }).where(eq(leads.id, id)).run();
    const after = open(token).data;
    expect(after.kind === "job" && after.view.status).toMatchObject({
      headline: "This request is closed",
      detail: expect.stringContaining("give us a call"),
    });
  });

  it("asks for photos while the work is ahead, and stops asking once the job is done", async () => {
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const { createRoutesStub } = await import("react-router");
    const { pageText } = await import("../page-text");
    const { id, token } = wonJob("Done Dunn");
    const pageReads = () => {
      const { data } = open(token);
      const Page = jobRoute.default as unknown as React.FC<{ loaderData: unknown }>;
      const Stub = createRoutesStub([{ path: "/", Component: () => createElement(Page, { loaderData: data }) }]);
      return pageText(renderToString(createElement(Stub, { initialEntries: ["/"] })));
    };
    expect(pageReads()).toContain("Send us more photos");
    expect(pageReads()).toContain("photos help our crew come prepared");
    db().update(leads).set({ completedAt: new Date() }).where(eq(leads.id, id)).run();
    const done = pageReads();
    expect(done).toContain("Work done");
    expect(done).not.toContain("Send us more photos");
    expect(done).not.toContain("come prepared");
  });

  it("answers an unknown or malformed token with a friendly 404, never a 500", async () => {
    for (const t of ["nope", "a".repeat(43), "%00", hashLinkToken("x")]) {
      const { data, init } = open(t);
      expect(init?.status).toBe(404);
      expect(data.kind).toBe("unknown");
      expect(headersOf(init).get("Cache-Control")).toBe("private, no-store");
      const posted = (await upload(t, [
        { bytes: await picture("png", 200), name: "roof.png", type: "image/png" },
      ])) as Answer<{ error: string }>;
      expect(posted.init?.status).toBe(404);
    }
  });

  it("is never kept by the page cache", () => {
    const { token } = wonJob("Cache Check");
    expect(PAGE_CACHE_PATHS.skipped(`/job/${token}`)).toBe(true);
    expect(cacheKey(PAGE_CACHE_PATHS, "GET", `/job/${token}`, undefined)).toBeNull();
    expect(cacheKey(PAGE_CACHE_PATHS, "GET", `/job/${token}?photos=2`, undefined)).toBeNull();
  });

  it("says so when Stripe sends the homeowner back", () => {
    const { token, deposit } = wonJob("Paying Person");
    const back = open(token, `?paid=${deposit.id}`).data;
    expect(back.kind === "job" && back.notice?.message).toMatch(/being recorded/);
    const cancelled = open(token, "?payment=canceled").data;
    expect(cancelled.kind === "job" && cancelled.notice?.message).toMatch(/nothing was charged/);
  });
});

describe("the PDFs behind the job page", () => {
  const pdf = (token: string, iid: number | string) =>
    invoicePdf
      .loader({
        request: new Request(`http://site.test/job/${token}/invoices/${iid}.pdf`),
        params: { token, iid: String(iid) },
      } as never)
      .catch((r: unknown) => r) as Promise<Response>;

  it("gives an invoice of this lead's, never a draft's or another lead's", async () => {
    const mine = wonJob("Pdf Owner");
    const theirs = wonJob("Pdf Stranger");
    const own = await pdf(mine.token, mine.deposit.id);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toContain("no-store");
    const draft = db()
      .select()
      .from(invoices)
      .where(eq(invoices.leadId, mine.id))
      .all()
      .find((i) => i.state === "draft")!;
    for (const [token, iid] of [
      [mine.token, theirs.deposit.id],
      [mine.token, draft.id],
      [theirs.token, mine.deposit.id],
      ["x".repeat(43), mine.deposit.id],
      [mine.token, "abc"],
    ] as const) {
      const res = await pdf(token, iid);
      expect(res.status, `${iid}`).toBe(404);
    }
  });

  it("has no proposal PDF for an unknown token or a lead without an accepted proposal", async () => {
    const token = tokenOf(jobPageLinkUrl(newLead("No Proposal", "np@example.com")));
    for (const t of [token, "y".repeat(43)]) {
      const res = (await proposalPdf
        .loader({ request: new Request(`http://site.test/job/${t}/proposal.pdf`), params: { token: t } } as never)
        .catch((r: unknown) => r)) as Response;
      expect(res.status).toBe(404);
    }
  });
});

describe("photos from the job page", () => {
  it("adds pictures to the lead's private photos, with a history entry, and goes back to the page", async () => {
    const { id, token } = wonJob("Photo Sender");
    const res = (await upload(token, [
      { bytes: await picture("jpeg", 640), name: "ceiling.jpg" },
      { bytes: await picture("png", 400), name: "gutter.png", type: "image/png" },
    ])) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/job/${token}?photos=2`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(listPhotos(id).map((p) => p.originalName)).toEqual(["ceiling.jpg", "gutter.png"]);
    expect(listLeadNotes(id, "owner").at(-1)).toMatchObject({
      author: "Homeowner (job page)",
      text: "Added 2 photos from the job page",
    });
    const after = open(token, "?photos=2").data;
    expect(after.kind === "job" && after.notice?.message).toBe("Thank you! We got your 2 photos.");
  });

  it("refuses disguised files, too many, too large or none with a 4xx and keeps nothing", async () => {
    const { id, token } = wonJob("Careful Sender");
    const png = await picture("png", 200);
    const cases: [string, { bytes: Uint8Array | Buffer | string; name: string; type?: string }[], RegExp][] = [
      [
        "a web page named .jpg",
        [{ bytes: jpegMagicHtml(), name: "roof.jpg" }],
        /roof\.jpg: Please upload a valid image/,
      ],
      ["a text file", [{ bytes: "hello", name: "notes.jpg" }], /notes\.jpg: Please upload a valid image/],
      [
        "a picture cut short",
        [{ bytes: await truncatedPng(300), name: "half.png", type: "image/png" }],
        /half\.png: Please upload a valid image/,
      ],
      [
        "a GIF",
        [{ bytes: await picture("gif", 100), name: "anim.gif", type: "image/gif" }],
        /anim\.gif: Please upload a valid image/,
      ],
      [
        "six photos",
        Array.from({ length: 6 }, (_, i) => ({ bytes: png, name: `p${i}.png`, type: "image/png" })),
        /up to 5 photos/,
      ],
      [
        "a photo over 10 MB",
        [
          { bytes: png, name: "ok.png", type: "image/png" },
          { bytes: new Uint8Array(10 * 1024 * 1024 + 1), name: "huge.jpg" },
        ],
        /huge\.jpg: Image size should be less than 10MB/,
      ],
      ["no photo", [], /choose at least one photo/],
    ];
    for (const [what, files, message] of cases) {
      const answer = (await upload(token, files)) as Answer<{ error: string }>;
      expect(answer.init?.status, what).toBe(400);
      expect(answer.data.error, what).toMatch(message);
    }
    expect(listPhotos(id)).toEqual([]);
  });
});

describe("the lead page's job page link", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signedInOwner();
  });
  const post = (id: number, fields: Record<string, string>, as = cookie) =>
    linkRoute
      .action(
        routeArgs(
          new Request(`http://site.test/admin/leads/${id}/job-page-link`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: { Cookie: as },
          }),
          { id: String(id) },
        ),
      )
      .catch((r: unknown) => r) as Promise<Response>;

  it("shows a won job's one link to copy on the lead page, the same its mails carry, and it opens the page", async () => {
    const { id, token } = wonJob("Link Maker");
    const res = await post(id, { intent: "new-job-page-link" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/leads/${id}`);
    const linkCookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__new_link="))!
      .split(";")[0];
    const page = await leadRoute.loader(
      routeArgs(
        new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: `${cookie}; ${linkCookie}` } }),
        { id: String(id) },
      ),
    );
    const url = page.jobPageLink!.newLink!;
    expect(url).toMatch(/\/job\/[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(url)).toBe(token);
    expect(page.jobPageLink!.linkCount).toBe(1);
    const opened = open(tokenOf(url)).data;
    expect(opened.kind === "job" && opened.view.customer.name).toBe("Link Maker");
    // Without the cookie (the next visit) the link is not shown again.
    const again = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(again.jobPageLink!.newLink).toBeNull();
  });

  it("refuses a lead not won yet and an unknown intent", async () => {
    const open_ = newLead("Not Won", "notwon@example.com");
    const res = await post(open_, { intent: "new-job-page-link" });
    expect(res.status).toBe(302);
    expect(db().select().from(jobPageLinks).where(eq(jobPageLinks.leadId, open_)).all()).toEqual([]);
    const page = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${open_}`, { headers: { Cookie: cookie } }), {
        id: String(open_),
      }),
    );
    expect(page.jobPageLink).toBeNull();
    const { id } = wonJob("Intent Check");
    expect((await post(id, { intent: "something-else" })).status).toBe(400);
  });

  const statusOf = (r: unknown) =>
    r instanceof Response ? r.status : ((r as { init?: ResponseInit }).init?.status ?? 200);
  const flashOf = async (res: Response) =>
    (
      await readFlash(
        new Request("http://site.test/", {
          headers: {
            Cookie: res.headers
              .getSetCookie()
              .map((c) => c.split(";")[0])
              .join("; "),
          },
        }),
      )
    ).flash;
  const panel = async (id: number) =>
    (
      await leadRoute.loader(
        routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), {
          id: String(id),
        }),
      )
    ).jobPageLink;
  const caught = (run: () => unknown) =>
    Promise.resolve()
      .then(run)
      .catch((r: unknown) => r);

  it("turns every link off at once: page, PDFs, pay and upload answer the page's not-found, then a new link works", async () => {
    const job = wonJob("Wrong Address");
    // A link from before every mail carried the same one: it is turned off with the rest.
    const second = "s".repeat(43);
    addJobPageLink(job.id, hashLinkToken(second), null);
    const other = wonJob("Bystander Job");
    expect(open(job.token).init?.status ?? 200).toBe(200);
    expect(
      statusOf(
        await caught(() => payRoute.loader({ params: { token: job.token, iid: String(job.deposit.id) } } as never)),
      ),
    ).toBe(302);
    expect(await panel(job.id)).toMatchObject({ linkCount: 2, revokedCount: 0, mayRevoke: true });

    const res = await post(job.id, { intent: "revoke-job-page-links" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/leads/${job.id}`);
    expect(await flashOf(res)).toEqual({
      type: "success",
      message: "2 links to the job page turned off. The next mail they get carries a new one.",
    });

    // The history says who turned how many off.
    expect(listLeadNotes(job.id, "owner").at(-1)).toMatchObject({
      author: "owner@example.com",
      text: "Turned off 2 links to the job page",
    });
    for (const token of [job.token, second]) {
      expect(findJobByToken(token)).toBeNull();
      const { data, init } = open(token);
      expect(init?.status).toBe(404);
      // The same answer as a mistyped link: nothing of the job, and the way to a new link.
      expect(data).toEqual({ kind: "unknown", phone: expect.any(String) });
      const invoice = await invoicePdf
        .loader({ request: new Request("http://site.test/"), params: { token, iid: String(job.deposit.id) } } as never)
        .catch((r: unknown) => r);
      expect(statusOf(invoice)).toBe(404);
      expect(
        statusOf(
          await proposalPdf
            .loader({ request: new Request("http://site.test/"), params: { token } } as never)
            .catch((r: unknown) => r),
        ),
      ).toBe(404);
      expect(
        statusOf(await caught(() => payRoute.loader({ params: { token, iid: String(job.deposit.id) } } as never))),
      ).toBe(404);
      expect(
        statusOf(
          await caught(() =>
            payRoute.action({
              request: new Request("http://site.test/", { method: "POST" }),
              params: { token, iid: String(job.deposit.id) },
            } as never),
          ),
        ),
      ).toBe(404);
      const posted = (await upload(token, [
        { bytes: await picture("png", 200), name: "roof.png", type: "image/png" },
      ])) as Answer<{ error: string }>;
      expect(posted.init?.status).toBe(404);
    }
    expect(listPhotos(job.id)).toEqual([]);
    // Another lead's links are not touched.
    expect(open(other.token).init?.status ?? 200).toBe(200);

    // The panel counts working links and says how many were turned off; nothing left to turn off.
    expect(jobPageLinkSummary(job.id)).toMatchObject({
      count: 0,
      newestAt: null,
      revoked: 2,
      revokedAt: expect.any(Date),
    });
    expect(await panel(job.id)).toMatchObject({ linkCount: 0, revokedCount: 2, mayRevoke: false, mayMake: true });
    const again = await post(job.id, { intent: "revoke-job-page-links" });
    expect(await flashOf(again)).toEqual({
      type: "info",
      message: "No job page link was working: nothing to turn off.",
    });
    expect(jobPageLinkSummary(job.id).revoked).toBe(2);
    expect(listLeadNotes(job.id, "owner").filter((n) => n.text?.startsWith("Turned off"))).toHaveLength(1);

    // A link made afterwards opens the page again; the old ones stay off.
    const made = await post(job.id, { intent: "new-job-page-link" });
    const linkCookie = made.headers
      .getSetCookie()
      .find((c) => c.startsWith("__new_link="))!
      .split(";")[0];
    const page = await leadRoute.loader(
      routeArgs(
        new Request(`http://site.test/admin/leads/${job.id}`, { headers: { Cookie: `${cookie}; ${linkCookie}` } }),
        { id: String(job.id) },
      ),
    );
    const fresh = open(tokenOf(page.jobPageLink!.newLink!)).data;
    expect(fresh.kind === "job" && fresh.view.customer.name).toBe("Wrong Address");
    expect(page.jobPageLink).toMatchObject({ linkCount: 1, revokedCount: 2, mayRevoke: true });
    expect(open(job.token).init?.status).toBe(404);
  });

  it("shows the panel, with the way to turn links off, for a lead not won that a mail linked", async () => {
    const id = newLead("Early Link", "early@example.com");
    jobPageLinkUrl(id);
    expect(await panel(id)).toMatchObject({ linkCount: 1, mayRevoke: true, mayMake: false });
    const res = await post(id, { intent: "revoke-job-page-links" });
    expect(await flashOf(res)).toMatchObject({
      type: "success",
      message: expect.stringMatching(/^1 link to the job page turned off/),
    });
    expect(await panel(id)).toMatchObject({ linkCount: 0, revokedCount: 1, mayRevoke: false, mayMake: false });
  });

  it("refuses the crew: they cannot turn links off (403), and the links keep working", async () => {
    const { user } = await upsertUser("crew-links@example.com", "crew-password-123");
    db().update(users).set({ role: "crew" }).where(eq(users.id, user.id)).run();
    const crew = (await startSession(user.id)).split(";")[0];
    const { id, token } = wonJob("Crew Check");
    for (const intent of ["revoke-job-page-links", "new-job-page-link"])
      expect(statusOf(await post(id, { intent }, crew)), intent).toBe(403);
    expect(findJobByToken(token)).toBe(id);
    expect(jobPageLinkSummary(id)).toMatchObject({ count: 1, revoked: 0 });
  });
});
