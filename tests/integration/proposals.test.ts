import { systemActor } from "~/lib/actor";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { ProposalContent } from "~/lib/proposal";
import { requestContext } from "~/server/client-ip.server";
import { fakeResendForApp } from "./fake-mail";

const fake = await fakeResendForApp();

const { getDb } = await import("~/server/db.server");
const { leads, estimates, proposals, roofCustomers } = await import("~/db/schema");
const { createLead, updateLead } = await import("~/models/lead.server");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { getSetting } = await import("~/models/settings.server");
const { processOutbox } = await import("~/services/outbox.server");
const { findMail } = await import("~/models/outbox.server");
const { findProposalByTokenHash } = await import("~/models/proposal.server");
const { hashLinkToken } = await import("~/server/link-token.server");
const { findJobByToken } = await import("~/services/job-page-link.server");
const { readFlash } = await import("~/services/flash.server");
const { signedInOwner, routeArgs } = await import("./admin-session");
const leadRoute = await import("~/routes/admin/lead");
const proposalRoute = await import("~/routes/proposal");
const publicPdf = await import("~/routes/resources/proposal-pdf");
const adminPdf = await import("~/routes/resources/admin-proposal-pdf");
const { buildProposalPdf } = await import("~/services/proposal-pdf.server");

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const db = () => getDb();
const lead = (id: number) => db().select().from(leads).where(eq(leads.id, id)).get()!;
const proposalRows = (leadId: number) => db().select().from(proposals).where(eq(proposals.leadId, leadId)).all();
/** The proposal a link's token opens. */
const idOf = (token: string) => findProposalByTokenHash(hashLinkToken(token))!.id;
/** The owner's mail when the lead's proposal was accepted, from the outbox. */
const ownerMail = (leadId: number) => findMail("proposal-accepted", { leadId });

/** A measured lead with an estimate, as the estimate screen will store it (written straight to the table here). */
function measuredLeadWithEstimate(name = "Karen Miller") {
  const { id } = createLead({
    name,
    email: "karen@example.com",
    phone: "316-555-0188",
    message: "Hail",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
  });
  db().update(leads).set({ status: "measured" }).where(eq(leads.id, id)).run();
  const drawing = {
    top: {
      scale: 0.1,
      scaleSource: "typed",
      facets: [
        {
          points: [
            { x: 100, y: 100 },
            { x: 500, y: 100 },
            { x: 500, y: 400 },
            { x: 100, y: 400 },
          ],
          pitch: 6,
        },
      ],
      lines: [{ a: { x: 100, y: 100 }, b: { x: 500, y: 100 }, kind: "eave" }],
      pitchLine: null,
      map: null,
    },
  };
  db()
    .insert(roofCustomers)
    .values({
      customerName: name,
      street: "412 N Main St",
      city: "Derby",
      state: "KS",
      area: 1342,
      pitch: 6,
      drawing,
      leadId: id,
    })
    .run();
  db()
    .insert(estimates)
    .values({
      leadId: id,
      tier: "better",
      taxRateBasisPoints: 750,
      lines: [
        {
          key: "shingles",
          label: "Architectural shingles",
          quantity: 45,
          unit: "bundles",
          unitPriceCents: 4150,
          totalCents: 186750,
          adjusted: false,
        },
        {
          key: "labor",
          label: "Labor, 7-9/12",
          quantity: 15,
          unit: "squares",
          unitPriceCents: 9000,
          totalCents: 135000,
          adjusted: true,
        },
      ],
      subtotalCents: 321750,
      taxCents: 24131,
      totalCents: 345881,
    })
    .run();
  return id;
}

const leadPost = (id: number, fields: Record<string, string> | URLSearchParams) =>
  leadRoute.action(
    routeArgs(
      new Request(`http://site.test/admin/leads/${id}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie },
      }),
      { id: String(id) },
    ),
  ) as Promise<Response | { data: unknown; init: ResponseInit }>;

/**
 * Staff send a proposal; the token comes from the one-shot cookie the redirect carries.
 * `ticked`: boxes ticked, each posting its name once (the options and add-ons offered).
 */
async function send(id: number, fields: Record<string, string> = {}, ticked: [string, string][] = []) {
  const body = new URLSearchParams({
    intent: "send-proposal",
    terms: "Pay on completion.",
    validDays: "30",
    ...fields,
  });
  for (const [name, value] of ticked) body.append(name, value);
  const res = (await leadPost(id, body)) as Response;
  expect(res.status).toBe(302);
  const setCookies = res.headers.getSetCookie();
  const linkCookie = setCookies.find((c) => c.startsWith("__new_link="))!.split(";")[0];
  const page = await leadRoute.loader(
    routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: `${cookie}; ${linkCookie}` } }), {
      id: String(id),
    }),
  );
  const url = page.proposals!.newLink!.url;
  return { token: url.split("/proposal/")[1], url, page };
}

/** A loader's or action's answer made with data(): its body and status. */
type Answer<T = Record<string, unknown>> = { data: T; init: ResponseInit };
const publicArgs = (request: Request, token: string, address = "127.0.0.1") =>
  ({ request, params: { token }, context: requestContext(address) }) as never;
const openPage = (token: string) =>
  proposalRoute.loader(publicArgs(new Request(`http://site.test/proposal/${token}`), token)) as unknown as Answer;
const accept = (token: string, fields: Record<string, string>, address = "203.0.113.7") =>
  proposalRoute.action(
    publicArgs(
      new Request(`http://site.test/proposal/${token}`, { method: "POST", body: new URLSearchParams(fields) }),
      token,
      address,
    ),
  ) as unknown as Promise<
    Answer<{ reply: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null }>
  >;

describe("sending a proposal", () => {
  it("freezes the estimate into a proposal, keeps only the token's hash, and moves the lead to Quoted", async () => {
    const id = measuredLeadWithEstimate();
    const { token, url, page } = await send(id);
    expect(url).toMatch(/\/proposal\/[A-Za-z0-9_-]{43}$/);
    const [row] = proposalRows(id);
    expect(idOf(token)).toBe(row.id);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.totalCents).toBe(345881);
    expect(row.content).toMatchObject({
      company: { name: "Prairie Ridge Framing & Roofing", phone: "(620) 555-0142" },
      customer: { name: "Karen Miller", address: "412 N Main St, Derby, KS 67037" },
      totalCents: 345881,
      terms: "Pay on completion.",
      lines: [{ label: "Architectural shingles", totalCents: 186750 }, { label: "Labor, 7-9/12" }],
    });
    expect((row.content as { roof: { figures: { label: string }[] } }).roof.figures.map((f) => f.label)).toContain(
      "Roof area",
    );
    // Valid for 30 days: open until the end of that day in Kansas.
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(30 * 86_400_000 - 86_400_000);
    expect(lead(id).status).toBe("quoted");
    expect(listLeadNotes(id, "owner").at(-1)).toMatchObject({
      statusFrom: "measured",
      statusTo: "quoted",
      author: "owner@example.com",
    });
    expect(listLeadNotes(id, "owner").at(-1)?.text).toContain("$3,458.81");
    expect(page.proposals!.list).toMatchObject([
      { total: "$3,458.81", state: "open", pdf: `/admin/leads/${id}/proposals/${row.id}.pdf` },
    ]);

    // The estimate changes later: the proposal sent stays as it was.
    db().update(estimates).set({ totalCents: 1 }).where(eq(estimates.leadId, id)).run();
    expect(proposalRows(id)[0].totalCents).toBe(345881);
  });

  it("shows the link only on the page right after, and never moves a Won or Lost lead back", async () => {
    const id = measuredLeadWithEstimate();
    updateLead(
      id,
      { status: "lost", lostReason: "Price", followUpOn: null, note: null },
      systemActor("owner@example.com"),
    );
    await send(id);
    expect(lead(id).status).toBe("lost");
    const later = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(later.proposals!.newLink).toBeNull();
    expect(later.proposals!.list).toHaveLength(1);
  });

  it("refuses without an estimate, or with empty terms or odd days, keeping what was typed", async () => {
    const { id } = createLead({ name: "No Estimate", email: "n@example.com", phone: null, message: "Hi" });
    type Refused = {
      data: { intent: string; reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: ResponseInit;
    };
    const none = (await leadPost(id, {
      intent: "send-proposal",
      terms: "Terms",
      validDays: "30",
    })) as unknown as Refused;
    expect(none.init.status).toBe(400);
    expect(none.data.intent).toBe("send-proposal");
    expect(none.data.reply.error[""]![0]).toMatch(/no estimate/i);
    const withEstimate = measuredLeadWithEstimate();
    const empty = (await leadPost(withEstimate, {
      intent: "send-proposal",
      terms: "  ",
      validDays: "30",
    })) as unknown as Refused;
    expect(empty.init.status).toBe(400);
    expect(empty.data.reply.error.terms![0]).toMatch(/terms/);
    const days = (await leadPost(withEstimate, {
      intent: "send-proposal",
      terms: "Fine",
      validDays: "9999",
    })) as unknown as Refused;
    expect(days.data.reply.error.validDays).toEqual(["Please give a number of days from 1 to 365."]);
    expect(days.data.reply.initialValue.validDays).toBe("9999");
    expect(proposalRows(withEstimate)).toHaveLength(0);
    expect(lead(withEstimate).status).toBe("measured");
  });

  it("saves the terms and days as the owner's defaults when asked", async () => {
    const id = measuredLeadWithEstimate();
    await send(id, { terms: "Half up front.", validDays: "14", saveDefaults: "on" });
    expect(getSetting("proposal")).toEqual({ terms: "Half up front.", validDays: 14 });
  });
});

describe("the homeowner's page", () => {
  it("shows an open proposal, not cached, for its token only; an unknown token is not found", async () => {
    const id = measuredLeadWithEstimate();
    const { token } = await send(id);
    const page = openPage(token);
    expect(page).toMatchObject({
      init: { status: 200 },
      data: { kind: "proposal", accepted: null, pdf: `/proposal/${token}/proposal.pdf` },
    });
    expect(new Headers(page.init.headers).get("Cache-Control")).toBe("no-store");
    // One character changed (a token that already ends in "A" gets a "B": once in 64 runs the test used to open the real one).
    expect(openPage(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`).init.status).toBe(404);
    expect(openPage("short").init.status).toBe(404);
  });

  it("records the acceptance (name, time, address), moves the lead to Won, and mails the owner through the SDK", async () => {
    const id = measuredLeadWithEstimate("Dana Ortiz");
    const { token } = await send(id);
    const before = Date.now();
    const res = await accept(token, { fullName: "  Dana   Ortiz ", agree: "on" });
    expect(res.init?.status ?? 200).toBe(200);
    const [row] = proposalRows(id);
    expect(row).toMatchObject({ acceptedName: "Dana Ortiz", acceptedIp: "203.0.113.7" });
    expect(row.acceptedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(lead(id).status).toBe("won");
    expect(listLeadNotes(id, "owner").at(-1)).toMatchObject({
      text: "Accepted by Dana Ortiz",
      statusFrom: "quoted",
      statusTo: "won",
    });
    await expect.poll(() => ownerMail(id)?.state).toBe("sent");
    const mail = fake.sent.find((m) => m.subject.startsWith("Proposal accepted: Dana Ortiz"))!;
    expect(mail).toMatchObject({
      to: ['"Prairie Ridge Framing & Roofing" <hello@example.com>'],
      reply_to: "karen@example.com",
    });
    expect(mail.text).toContain("$3,458.81");
    expect(mail.text).toContain("203.0.113.7");
    expect(mail.text).toContain(`/admin/leads/${id}`);

    // The page says accepted; a second accept changes nothing.
    expect(openPage(token).data).toMatchObject({ kind: "proposal", accepted: { name: "Dana Ortiz" } });
    await accept(token, { fullName: "Somebody Else", agree: "on" }, "198.51.100.1");
    expect(proposalRows(id)[0]).toMatchObject({ acceptedName: "Dana Ortiz", acceptedIp: "203.0.113.7" });
    expect(listLeadNotes(id, "owner").filter((n) => n.text?.startsWith("Accepted by"))).toHaveLength(1);
  });

  it("sends the homeowner a confirmation with the signed proposal attached and their job page link", async () => {
    const id = measuredLeadWithEstimate("Jane Doe");
    const { token } = await send(id);
    await accept(token, { fullName: "Jane Doe", agree: "on" });
    await expect.poll(() => findMail("proposal-signed", { leadId: id })?.state, { timeout: 10_000 }).toBe("sent");
    const signed = () =>
      fake.sent.filter(
        (m) =>
          m.subject === "Your signed proposal from Prairie Ridge Framing & Roofing" &&
          m.text.startsWith("Hi Jane Doe,"),
      );
    const [mail] = signed();
    expect(mail.to).toEqual(['"Jane Doe" <karen@example.com>']);
    expect(mail.text).toContain("signed online by Jane Doe on ");
    expect(mail.text).toContain("$3,458.81");
    const attachments =
      (mail as unknown as { attachments?: { filename: string; content: string }[] }).attachments ?? [];
    expect(attachments.map((a) => a.filename)).toEqual([`proposal-${proposalRows(id)[0].id}-jane-doe.pdf`]);
    const pdf = Buffer.from(attachments[0].content, "base64");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain("Accepted online by Jane Doe on");
    // Signed, it no longer runs out.
    expect(text).not.toContain("valid until");
    // The job page link in it opens this job, where the same signed PDF is offered.
    const jobToken = /\/job\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    expect(findJobByToken(jobToken)).toBe(id);
    // Staff's notice is separate, and only one confirmation goes however often the page is posted.
    await accept(token, { fullName: "Jane Doe", agree: "on" });
    expect(signed()).toHaveLength(1);
  });

  it("tells a homeowner who chose to be texted that we will text them, on the page and in the mail", async () => {
    const id = measuredLeadWithEstimate("Tex Reyes");
    db().update(leads).set({ preferredContact: "text" }).where(eq(leads.id, id)).run();
    const { token } = await send(id);
    expect(openPage(token).data).toMatchObject({ kind: "proposal", reach: "We will text you" });
    // An address of its own: the default one is counted by the rate limit test further down.
    await accept(token, { fullName: "Tex Reyes", agree: "on" }, "198.51.100.23");
    await expect.poll(() => findMail("proposal-signed", { leadId: id })?.state, { timeout: 10_000 }).toBe("sent");
    const mail = fake.sent.find(
      (m) =>
        m.subject === "Your signed proposal from Prairie Ridge Framing & Roofing" && m.text.startsWith("Hi Tex Reyes,"),
    )!;
    expect(mail.text).toContain("Your signed proposal is attached as a PDF. We will text you to book the work day.");
    expect(mail.text).not.toContain("We will call you");
  });

  it("tells a homeowner who gave no phone and chose no way that we will email them, never call", async () => {
    const id = measuredLeadWithEstimate("Em Nophone");
    db().update(leads).set({ preferredContact: null, phone: null }).where(eq(leads.id, id)).run();
    const { token } = await send(id);
    expect(openPage(token).data).toMatchObject({ kind: "proposal", reach: "We will email you" });
  });

  it("keeps the acceptance when the mail fails, and the background retry sends it later", async () => {
    fake.failWhen(() => true);
    const id = measuredLeadWithEstimate("Retry Person");
    const { token } = await send(id);
    await accept(token, { fullName: "Retry Person", agree: "on" });
    await expect.poll(() => ownerMail(id)?.attempts).toBe(1);
    expect(proposalRows(id)[0]).toMatchObject({ acceptedName: "Retry Person" });
    expect(ownerMail(id)).toMatchObject({ state: "pending", lastError: expect.stringContaining("Provider is down") });
    expect(ownerMail(id)!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(lead(id).status).toBe("won");

    fake.failWhen(null);
    await processOutbox(undefined, new Date(Date.now() + 61_000));
    expect(ownerMail(id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(fake.sent.filter((m) => m.subject.startsWith("Proposal accepted: Retry Person"))).toHaveLength(1);
  });

  it("refuses a missing name or agreement with what was typed kept, and huge fields with a 4xx", async () => {
    const id = measuredLeadWithEstimate();
    const { token } = await send(id);
    const noName = await accept(token, { fullName: "   ", agree: "on" });
    expect(noName.init.status).toBe(400);
    expect(noName.data.reply?.error).toEqual({ fullName: ["Please type your full name to accept."] });
    const noAgree = await accept(token, { fullName: "Karen Miller" });
    expect(noAgree.init.status).toBe(400);
    expect(noAgree.data.reply).toMatchObject({
      error: { agree: ["Please check the box to agree to the terms."] },
      initialValue: { fullName: "Karen Miller" },
    });
    const long = await accept(token, { fullName: "x".repeat(5000), agree: "on" });
    expect(long.init.status).toBe(400);
    await expect(accept(token, { fullName: "x".repeat(100_000), agree: "on" })).rejects.toMatchObject({ status: 413 });
    expect(proposalRows(id)[0].acceptedAt).toBeNull();
    expect(lead(id).status).toBe("quoted");
  });

  it("says an expired proposal has expired (410) with the phone number, and refuses to accept it", async () => {
    const id = measuredLeadWithEstimate();
    const { token } = await send(id);
    db()
      .update(proposals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proposals.leadId, id))
      .run();
    const page = openPage(token);
    expect(page).toMatchObject({ init: { status: 410 }, data: { kind: "expired", phone: "(620) 555-0142" } });
    const res = await accept(token, { fullName: "Karen Miller", agree: "on" });
    expect(res.init.status).toBe(410);
    expect(proposalRows(id)[0].acceptedAt).toBeNull();
    expect(lead(id).status).toBe("quoted");
  });

  it("answers a closed proposal's post with 410 even when the form is empty (review L1)", async () => {
    const id = measuredLeadWithEstimate();
    const first = await send(id);
    const second = await send(id);
    expect(await accept(first.token, {})).toMatchObject({
      init: { status: 410 },
      data: { reply: { error: { "": ["This proposal was replaced by a newer one"] } } },
    });
    db()
      .update(proposals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proposals.id, idOf(second.token)))
      .run();
    expect(await accept(second.token, { fullName: "" })).toMatchObject({
      init: { status: 410 },
      data: { reply: { error: { "": ["This proposal has expired."] } } },
    });
  });

  it("limits how often one address may post", async () => {
    const id = measuredLeadWithEstimate();
    const { token } = await send(id);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await accept(token, { fullName: "" }, "192.0.2.99")).init.status ?? 200);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("the proposal PDF", () => {
  const text = async (res: Response) => {
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
  };

  it("is a PDF with the customer, the total, the terms and the signature lines, for staff and for the token", async () => {
    const id = measuredLeadWithEstimate("Lee Pham");
    const { token } = await send(id);
    const res = (await publicPdf.loader(
      publicArgs(new Request(`http://site.test/proposal/${token}/proposal.pdf`), token),
    )) as Response;
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const body = await text(res);
    for (const words of [
      "Lee Pham",
      "412 N Main St",
      "$3,458.81",
      "Pay on completion.",
      "Homeowner signature",
      "Roof area",
      "Prairie Ridge Framing & Roofing",
    ]) {
      expect(body).toContain(words);
    }
    const [row] = proposalRows(id);
    const staff = (await adminPdf.loader(
      routeArgs(
        new Request(`http://site.test/admin/leads/${id}/proposals/${row.id}.pdf`, { headers: { Cookie: cookie } }),
        { id: String(id), pid: String(row.id) },
      ),
    )) as Response;
    expect(await text(staff)).toContain("$3,458.81");
    // Another lead's id with this proposal: not found.
    await expect(
      adminPdf.loader(
        routeArgs(new Request("http://site.test/x", { headers: { Cookie: cookie } }), {
          id: String(id + 1),
          pid: String(row.id),
        }),
      ),
    ).rejects.toMatchObject({ status: 404 });
    // Signed out: refused.
    await expect(
      adminPdf.loader(routeArgs(new Request("http://site.test/x"), { id: String(id), pid: String(row.id) })),
    ).rejects.toMatchObject({ status: 401 });
  });

  it("keeps the signature block on one page when signed, wherever the priced lines end", async () => {
    const id = measuredLeadWithEstimate("Ana Ruiz");
    await send(id);
    const [row] = proposalRows(id);
    const content = row.content as ProposalContent;
    const pagesOf = async (proposal: typeof row) =>
      (await extractText(await getDocumentProxy(new Uint8Array(await buildProposalPdf(proposal))))).text;
    // One more line of terms at a time moves the end of the text down the page, line by line,
    // so some of these copies end just above the foot of a page, where the signed copy used to
    // spill its last lines onto pages of their own.
    for (let extra = 0; extra < 60; extra++) {
      const terms = [content.terms, ...Array.from({ length: extra }, (_, i) => `Exclusion ${i + 1}.`)].join("\n");
      const unsigned = { ...row, content: { ...content, terms } };
      const signed = {
        ...unsigned,
        acceptedAt: new Date("2026-11-20T17:30:00Z"),
        acceptedName: "Ana Ruiz",
      };
      const pages = await pagesOf(signed);
      const page = pages.find((p) => p.includes("Accepted online by Ana Ruiz"));
      expect(page, `${extra} more lines of terms`).toBeDefined();
      expect(page).toContain("Homeowner signature");
      expect(page).toContain("For Prairie Ridge Framing & Roofing");
      // The homeowner's date and the business's date: both on the page with the names.
      expect(page!.match(/Date/g)?.length, `${extra} more lines of terms`).toBe(2);
      expect(pages.indexOf(page!), "the signatures close the paper").toBe(pages.length - 1);
      expect(pages.length, `${extra} more lines of terms`).toBeLessThanOrEqual((await pagesOf(unsigned)).length);
    }
  });
});

describe("one live proposal per lead", () => {
  const pdfOf = (token: string) =>
    publicPdf.loader(
      publicArgs(new Request(`http://site.test/proposal/${token}/proposal.pdf`), token),
    ) as Promise<Response>;

  it("withdraws the open one when a newer one is made: its page, its acceptance and its PDF answer 410 with the phone number", async () => {
    const id = measuredLeadWithEstimate("Old Link");
    const first = await send(id);
    const second = await send(id);
    expect(openPage(first.token)).toMatchObject({
      init: { status: 410 },
      data: { kind: "replaced", phone: "(620) 555-0142" },
    });
    const accepted = await accept(first.token, { fullName: "Old Link", agree: "on" });
    expect(accepted).toMatchObject({
      init: { status: 410 },
      data: { reply: { error: { "": ["This proposal was replaced by a newer one"] } } },
    });
    const pdf = await pdfOf(first.token);
    expect(pdf.status).toBe(410);
    expect(await pdf.text()).toMatch(/^This proposal was replaced by a newer one\..*\(620\) 555-0142/);
    expect(proposalRows(id).find((p) => p.id === idOf(first.token))).toMatchObject({ acceptedAt: null });
    expect(lead(id).status).toBe("quoted");
    // The newer one is the live one; staff see which was replaced, and the history says what happened.
    expect(openPage(second.token).init.status).toBe(200);
    expect((await pdfOf(second.token)).status).toBe(200);
    expect(second.page.proposals!.list.map((p) => p.state)).toEqual(["open", "withdrawn"]);
    const notes = listLeadNotes(id, "owner").map((n) => n.text);
    expect(notes.at(-2)).toMatch(/^Proposal link created: \$3,458\.81, valid until \w+ \d+, \d{4}$/);
    expect(notes.at(-1)).toMatch(
      /^Proposal link created: \$3,458\.81, valid until .*; it replaces the earlier proposal$/,
    );
    expect(notes.some((n) => n?.startsWith("Proposal sent"))).toBe(false);
  });

  it("once one is accepted, answers every other with the same 410 and sends no new one", async () => {
    const id = measuredLeadWithEstimate("Two Open");
    const older = await send(id);
    const newer = await send(id);
    // Two open at once, as proposals made before this rule may be.
    db().update(proposals).set({ withdrawnAt: null }).where(eq(proposals.leadId, id)).run();
    expect(openPage(older.token).init.status).toBe(200);
    expect((await accept(newer.token, { fullName: "Two Open", agree: "on" })).init?.status ?? 200).toBe(200);
    expect(openPage(older.token)).toMatchObject({ init: { status: 410 }, data: { kind: "replaced" } });
    expect((await accept(older.token, { fullName: "Two Open", agree: "on" })).init.status).toBe(410);
    expect((await pdfOf(older.token)).status).toBe(410);
    expect(proposalRows(id).filter((p) => p.acceptedAt)).toHaveLength(1);
    // The accepted one stays open to its homeowner.
    expect(openPage(newer.token)).toMatchObject({ init: { status: 200 }, data: { accepted: { name: "Two Open" } } });
    const refused = (await leadPost(id, { intent: "send-proposal", terms: "Again", validDays: "30" })) as unknown as {
      data: { reply: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.reply.error[""]![0]).toBe(
      "The homeowner has accepted a proposal for this job: it stands, and no other can be sent.",
    );
    expect(proposalRows(id)).toHaveLength(2);
  });

  it("leaves an expired proposal expired when a newer one is sent: its PDF stays the homeowner's (review L2)", async () => {
    const id = measuredLeadWithEstimate("Ran Out");
    const old = await send(id);
    db()
      .update(proposals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(proposals.id, idOf(old.token)))
      .run();
    const fresh = await send(id);
    expect(openPage(old.token)).toMatchObject({ init: { status: 410 }, data: { kind: "expired" } });
    expect((await pdfOf(old.token)).status).toBe(200);
    expect(fresh.page.proposals!.list.map((p) => p.state)).toEqual(["open", "expired"]);
    expect(listLeadNotes(id, "owner").at(-1)?.text).not.toMatch(/replaces/);
  });

  it("answers an open proposal of a lead that accepted another as replaced, as older data may hold one (review H2)", async () => {
    const id = measuredLeadWithEstimate("Left Open");
    const older = await send(id);
    const newer = await send(id);
    await accept(newer.token, { fullName: "Left Open", agree: "on" });
    db()
      .update(proposals)
      .set({ withdrawnAt: null })
      .where(eq(proposals.id, idOf(older.token)))
      .run();
    expect(openPage(older.token)).toMatchObject({ init: { status: 410 }, data: { kind: "replaced" } });
    expect((await accept(older.token, { fullName: "Left Open", agree: "on" })).init.status).toBe(410);
    expect((await pdfOf(older.token)).status).toBe(410);
  });

  it("locks a Won lead's estimate: saving or making it again is refused with the way forward, and it stays as signed", async () => {
    const id = measuredLeadWithEstimate("Locked In");
    const { token } = await send(id);
    await accept(token, { fullName: "Locked In", agree: "on" });
    const accepted = db().select().from(estimates).where(eq(estimates.leadId, id)).get()!;
    expect(accepted.lockedAt).toBeInstanceOf(Date);
    const page = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(page.estimate).toMatchObject({
      locked: true,
      estimate: { lockedAt: expect.stringMatching(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/) },
    });

    const fields: Record<string, string> = { intent: "save-estimate" };
    accepted.lines.forEach((l, i) =>
      Object.assign(fields, {
        [`lines[${i}].key`]: l.key,
        [`lines[${i}].label`]: l.label,
        [`lines[${i}].quantity`]: String(l.quantity),
        [`lines[${i}].unit`]: l.unit,
        [`lines[${i}].unitPrice`]: (l.unitPriceCents / 100).toFixed(2),
      }),
    );
    fields["lines[0].quantity"] = "50";
    const refused = (await leadPost(id, fields)) as unknown as {
      data: { intent: string; reply: { error: Record<string, string[]> } };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.reply.error[""]![0]).toMatch(
      /^The homeowner accepted this estimate, so it stays as signed\. Bill a change as a change order/,
    );
    const again = (await leadPost(id, {
      intent: "make-estimate",
      tier: "best",
      wastePercent: "12",
      tearOffLayers: "1",
    })) as unknown as { init: ResponseInit };
    expect(again.init.status).toBe(400);
    // One estimate, as accepted.
    expect(db().select().from(estimates).where(eq(estimates.leadId, id)).all()).toEqual([accepted]);
    const after = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(after.proposals!.blocked).toMatch(/accepted a proposal/);
  });

  it("withdraws the open proposal when the estimate changes, so an acceptance locks what the homeowner saw (review H1)", async () => {
    const id = measuredLeadWithEstimate("Changed Mind");
    const first = await send(id);
    const before = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    // Said before the change: saving withdraws the proposal.
    expect(before.estimate!.openProposal).toBe(true);

    const current = db().select().from(estimates).where(eq(estimates.leadId, id)).get()!;
    const fields: Record<string, string> = { intent: "save-estimate" };
    current.lines.forEach((l, i) =>
      Object.assign(fields, {
        [`lines[${i}].key`]: l.key,
        [`lines[${i}].label`]: l.label,
        [`lines[${i}].quantity`]: String(l.quantity),
        [`lines[${i}].unit`]: l.unit,
        [`lines[${i}].unitPrice`]: (l.unitPriceCents / 100).toFixed(2),
      }),
    );
    fields["lines[0].quantity"] = "60";
    const saved = (await leadPost(id, fields)) as Response;
    expect(saved.status).toBe(302);
    const { flash } = await readFlash(
      new Request("http://site.test/", { headers: { Cookie: saved.headers.getSetCookie().join("; ") } }),
    );
    expect(flash?.message).toBe("Estimate saved. The open proposal was withdrawn: send a new one.");
    expect(listLeadNotes(id, "owner").at(-1)?.text).toBe("The estimate changed: the open proposal was withdrawn");

    // The homeowner's old link is replaced: the old figure can no longer be accepted, and nothing is locked.
    expect(openPage(first.token)).toMatchObject({ init: { status: 410 }, data: { kind: "replaced" } });
    expect((await accept(first.token, { fullName: "Changed Mind", agree: "on" })).init.status).toBe(410);
    expect(db().select().from(estimates).where(eq(estimates.leadId, id)).get()!.lockedAt).toBeNull();
    const after = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(after.estimate!.openProposal).toBe(false);
    expect(after.proposals!.list.map((p) => p.state)).toEqual(["withdrawn"]);

    // The new proposal carries the new figure, and accepting it locks exactly that.
    const second = await send(id);
    await accept(second.token, { fullName: "Changed Mind", agree: "on" });
    const locked = db().select().from(estimates).where(eq(estimates.leadId, id)).get()!;
    const acceptedRow = proposalRows(id).find((p) => p.acceptedAt)!;
    expect(locked.lockedAt).toBeInstanceOf(Date);
    expect(acceptedRow.totalCents).toBe(locked.totalCents);
    expect(locked.totalCents).not.toBe(345881);
  });
});

describe("the proposal mailed to the homeowner (decisions 0037, 0038)", () => {
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
  const emailIt = async (id: number, proposalId = proposalRows(id).at(-1)!.id) =>
    (await leadPost(id, { intent: "email-proposal", proposalId: String(proposalId) })) as Response;
  const card = async (id: number) =>
    (
      await leadRoute.loader(
        routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), {
          id: String(id),
        }),
      )
    ).proposals!.list[0];
  const proposalMails = () => fake.sent.filter((m) => m.subject.startsWith("Your proposal from"));
  const mailedToken = (html: string) => /href="[^"]*\/proposal\/([A-Za-z0-9_-]{43})"/.exec(html)![1];

  it("goes through the SDK with a link of its own, and the homeowner accepts by the link in the mailed HTML", async () => {
    const id = measuredLeadWithEstimate("Mia Chen");
    const { token: copied } = await send(id);
    expect((await card(id)).emailTo).toEqual({ name: "Mia Chen", email: "karen@example.com" });
    // Created, not mailed: nobody has it yet, so it is not waiting for the homeowner.
    expect((await card(id)).standingLabel).toBe("Not sent yet");

    const res = await emailIt(id);
    expect(res.status).toBe(302);
    expect(await flashOf(res)).toEqual({ type: "success", message: "Proposal emailed to karen@example.com" });
    const [mail] = proposalMails();
    expect(mail).toMatchObject({
      to: ['"Mia Chen" <karen@example.com>'],
      reply_to: "hello@example.com",
      subject: "Your proposal from Prairie Ridge Framing & Roofing: $3,458.81",
    });
    const mailed = mailedToken(mail.html!);
    expect(mail.text).toContain(`/proposal/${mailed}`);
    // One token a link: the mailed one is new, and the copied one still opens the same proposal.
    expect(mailed).not.toBe(copied);
    expect(idOf(mailed)).toBe(idOf(copied));
    expect(openPage(copied).init.status).toBe(200);
    expect(await card(id)).toMatchObject({
      homeownerMail: {
        state: "sent",
        line: expect.stringMatching(/^Emailed to karen@example\.com: Sent \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/),
      },
      standingLabel: "Waiting for the homeowner",
    });

    expect((await accept(mailed, { fullName: "Mia Chen", agree: "on" })).init?.status ?? 200).toBe(200);
    expect(lead(id).status).toBe("won");
    expect(openPage(copied).data).toMatchObject({ kind: "proposal", accepted: { name: "Mia Chen" } });
    // Accepted: there is nothing left to mail.
    expect((await card(id)).emailTo).toBeNull();
    expect(await flashOf(await emailIt(id))).toEqual({
      type: "error",
      message: "This proposal is no longer open: send a new one.",
    });
  });

  it("says when the provider refused it, retries it, and a newer proposal closes every link of the one before", async () => {
    const id = measuredLeadWithEstimate("Ray Diaz");
    const { token: copied } = await send(id);
    fake.failWhen(() => true);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = await emailIt(id);
    errors.mockRestore();
    expect(await flashOf(refused)).toEqual({
      type: "error",
      message: "The mail provider refused the proposal: it will be tried again. Its state shows on the proposal.",
    });
    expect(await card(id)).toMatchObject({
      homeownerMail: { state: "pending", line: "Emailed to karen@example.com: Failed, will retry", attempts: 1 },
    });

    fake.failWhen(null);
    await processOutbox(undefined, new Date(Date.now() + 61_000));
    expect(await card(id)).toMatchObject({ homeownerMail: { state: "sent", attempts: 2 } });
    const mailed = mailedToken(proposalMails().at(-1)!.html!);
    expect(openPage(mailed).init.status).toBe(200);

    // A newer proposal withdraws the old one: its copied and its mailed link both say so.
    await send(id);
    for (const token of [copied, mailed])
      expect(openPage(token)).toMatchObject({ init: { status: 410 }, data: { kind: "replaced" } });
  });

  it("is not mailed once replaced while it waits for its retry, and its card says it did not go", async () => {
    const id = measuredLeadWithEstimate("Lou Park");
    await send(id);
    fake.failWhen(() => true);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await emailIt(id);
    errors.mockRestore();
    fake.failWhen(null);
    const mailsBefore = proposalMails().length;
    // A newer proposal replaces it before its retry comes.
    await send(id);
    await processOutbox(undefined, new Date(Date.now() + 61_000));
    expect(proposalMails()).toHaveLength(mailsBefore);
    const replaced = (
      await leadRoute.loader(
        routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), {
          id: String(id),
        }),
      )
    ).proposals!.list[1];
    expect(replaced).toMatchObject({
      state: "withdrawn",
      homeownerMail: {
        state: "skipped",
        line: expect.stringMatching(/: Not sent \(the proposal was no longer open\)$/),
      },
    });
  });

  it("is not offered when the lead has no email: staff copy the link, as before", async () => {
    const id = measuredLeadWithEstimate("No Mail");
    db().update(leads).set({ email: "" }).where(eq(leads.id, id)).run();
    const { url } = await send(id);
    expect(url).toMatch(/\/proposal\/[A-Za-z0-9_-]{43}$/);
    expect((await card(id)).emailTo).toBeNull();
    expect(await flashOf(await emailIt(id))).toEqual({
      type: "error",
      message: "This lead has no email address: send the homeowner the proposal's link yourself.",
    });
    expect(proposalMails()).toHaveLength(0);
  });

  it("answers a post for another lead's proposal or no proposal with 404, never a 500", async () => {
    const id = measuredLeadWithEstimate("Other Lead");
    await send(id);
    const other = measuredLeadWithEstimate("Someone Else");
    for (const proposalId of ["", "abc", String(proposalRows(id)[0].id)]) {
      const res = await leadPost(other, { intent: "email-proposal", proposalId }).catch((r: Response) => r);
      expect((res as Response).status).toBe(404);
    }
  });
});

// ---- Options and add-ons (decision 0108) ----------------------------------------------------
// Three shingle lines from one estimate and two of the owner's add-ons; the homeowner picks the
// better line and one add-on. What the page showed is what the job is worth everywhere after.

const { jobValueOf } = await import("~/models/job-value.server");
const { createInvoiceDraft, listLeadInvoices } = await import("~/models/invoice.server");
const { setSetting: saveSetting } = await import("~/models/settings.server");
const { choiceTotals } = await import("~/lib/proposal-choice");
const { percentOfCents } = await import("~/lib/money-format");

type Page = { kind: string; content: ProposalContent; accepted: unknown };

/** Staff send the lead's estimate as all three shingle lines and the owner's first two add-ons. */
async function sendOptions(id: number) {
  saveSetting("proposalAddOns", {
    items: [
      { label: "Gutter guards", cents: 85000 },
      { label: "Ridge vent upgrade", cents: 45005 },
      { label: "Skylight flashing kit", cents: 27500 },
    ],
  });
  const { token, page } = await send(id, { terms: "Cleanup included." }, [
    ["tiers", "good"],
    ["tiers", "better"],
    ["tiers", "best"],
    ["addOns", "0"],
    ["addOns", "1"],
  ]);
  return { token, admin: page };
}

describe("a proposal with options and add-ons", () => {
  it("is accepted as the homeowner chose it, and every figure after is the one the page showed", async () => {
    const id = measuredLeadWithEstimate();
    const { token, admin } = await sendOptions(id);
    expect(admin.proposals!.list[0].choice).toBe("3 options, 2 add-ons");

    const page = openPage(token).data as unknown as Page;
    const c = page.content;
    expect(c.options!.map((o) => o.name)).toEqual(["3-tab", "Architectural", "Designer"]);
    expect(c.addOns!.map((a) => a.label)).toEqual(["Gutter guards", "Ridge vent upgrade"]);
    // The estimate's own line is the estimate, to the cent; the others differ only in their shingles and ridge cap.
    expect(c.options![1].totalCents).toBe(345881);
    expect(c.options![0].totalCents).toBeLessThan(345881);
    expect(c.options![2].totalCents).toBeGreaterThan(345881);

    // "See my total" with the better line and the ridge vent: the server's last look.
    const review = await accept(token, { intent: "review", option: "better", addOn: "2" }, "198.51.100.1");
    expect(review.init.status ?? 200).toBe(200);
    const shown = choiceTotals(
      c,
      (review.data as unknown as { review: { option: "better"; addOns: string[] } }).review,
    )!;
    // $3,217.50 + $450.05 taxed at 7.5 %: $3,667.55 + $275.07 (275.066…).
    expect(shown).toMatchObject({ subtotalCents: 366755, taxCents: 27507, totalCents: 394262 });

    // A tampered option, add-on or total is refused, and nothing is accepted.
    for (const fields of <Record<string, string>[]>[
      { option: "premium", addOn: "2", total: "394262" },
      { option: "better", addOn: "7", total: "394262" },
      { option: "better", addOn: "2", total: "100" },
      { option: "better", total: "394262" },
    ]) {
      const refused = await accept(
        token,
        { intent: "accept", fullName: "Karen Miller", agree: "on", ...fields },
        "198.51.100.2",
      );
      expect(refused.init.status).toBe(400);
      expect(refused.data.reply?.error?.[""]?.[0]).toMatch(/not part of this proposal|not the one you were shown/);
    }
    expect(proposalRows(id)[0].acceptedAt).toBeNull();

    const done = await accept(
      token,
      {
        intent: "accept",
        option: "better",
        addOn: "2",
        total: String(shown.totalCents),
        fullName: "Karen Miller",
        agree: "on",
      },
      "198.51.100.3",
    );
    expect(done.init.status ?? 200).toBe(200);
    const [row] = proposalRows(id);
    expect(row).toMatchObject({ chosenOption: "better", chosenAddOns: ["2"], totalCents: 394262 });
    expect(jobValueOf(id)).toBe(394262);
    const [deposit] = listLeadInvoices(id);
    expect(deposit).toMatchObject({ kind: "deposit", totalCents: percentOfCents(394262, 3000) });
    const final = createInvoiceDraft(id, "final", systemActor("owner@example.com"));
    expect("lines" in final && final.lines).toEqual([
      { description: "Roof work as accepted in the proposal", amountCents: 394262 },
    ]);

    // The signed PDF has the choice, the total and the deposit on it.
    const pdf = await buildProposalPdf(row);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain("Architectural shingles");
    expect(text).toContain("Ridge vent upgrade");
    expect(text).not.toContain("Gutter guards");
    expect(text).toContain("$3,942.62");
    expect(text).toContain(
      `($${(percentOfCents(394262, 3000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })})`,
    );
    expect(text).not.toContain("Designer shingles");

    // The page, opened again, shows it accepted at that total.
    const after = openPage(token).data as unknown as Page & { accepted: { choice: unknown } };
    expect(after.accepted.choice).toEqual({ option: "better", addOns: ["2"] });
    const later = await leadRoute.loader(
      routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(later.proposals!.list[0]).toMatchObject({
      total: "$3,942.62",
      choice: "Chose Architectural shingles, Ridge vent upgrade",
    });
  });

  it("shows every option and the add-ons on the PDF before a choice, and mails the lowest as 'from'", async () => {
    const id = measuredLeadWithEstimate("Dale Ortiz");
    const { token } = await sendOptions(id);
    const [row] = proposalRows(id);
    const pdf = await buildProposalPdf(row);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const words of ["Option 1: 3-tab shingles", "Option 2: Architectural shingles", "Option 3: Designer shingles"])
      expect(text).toContain(words);
    expect(text).toContain("Gutter guards");
    expect(text).toContain("of the total you choose");
    const c = row.content as ProposalContent;
    const { proposalMail } = await import("~/lib/proposal-mail");
    const mail = proposalMail(c, `http://site.test/proposal/${token}`, "http://site.test/job/x");
    const lowest = Math.min(...c.options!.map((o) => o.totalCents));
    expect(mail.subject).toContain(`from $${(lowest / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
  });

  it("keeps a proposal of one option without add-ons as it was: accepted by name alone", async () => {
    const id = measuredLeadWithEstimate("Lee Park");
    const { token } = await send(id);
    const row = proposalRows(id)[0];
    expect(row.content).not.toHaveProperty("options");
    const done = await accept(token, { fullName: "Lee Park", agree: "on" }, "198.51.100.4");
    expect(done.init.status ?? 200).toBe(200);
    expect(proposalRows(id)[0]).toMatchObject({ totalCents: 345881, chosenOption: "better", chosenAddOns: [] });
  });
});

describe("an insurance job's proposal", () => {
  it("asks no deposit: its terms name the carrier and the deductible, and acceptance makes no deposit draft", async () => {
    const { insuranceClaims } = await import("~/db/schema");
    const id = measuredLeadWithEstimate("Dana Whitfield");
    db()
      .insert(insuranceClaims)
      .values({ leadId: id, carrier: "State Farm", claimNumber: "12-345", deductibleCents: 100_000 })
      .run();
    const { token } = await send(id);
    const content = proposalRows(id)[0]!.content as ProposalContent;
    expect(content.deposit).toEqual({ basisPoints: 0, cents: 0 });
    const { termsText } = await import("~/lib/proposal");
    // The homeowner's page words its terms from the content it is given.
    const shown = (openPage(token).data as { content: ProposalContent }).content;
    const terms = termsText(shown);
    expect(terms).toContain(
      "Payment: nothing on signing. This is an insurance job: State Farm (claim 12-345) pays what it approves for the work, as it releases it; you pay your deductible of $1,000.00",
    );
    expect(terms).not.toContain("a deposit of");
    const done = await accept(token, { fullName: "Dana Whitfield", agree: "on" }, "198.51.100.9");
    expect(done.init?.status ?? 200).toBe(200);
    expect(lead(id).status).toBe("won");
    expect(listLeadInvoices(id)).toEqual([]);
  });
});
