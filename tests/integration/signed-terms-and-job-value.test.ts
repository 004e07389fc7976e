import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { fakeResendForApp } from "./fake-mail";

// One fact, one place (decision 0073): the terms a homeowner signs state the owner's deposit
// and warranty, frozen when sent; the deposit invoice follows what was signed; the job's
// value is one figure on the lead page, the Leads list, the pipeline and the leads CSV.
await fakeResendForApp();

const { getDb } = await import("~/server/db.server");
const { leads, estimates, proposals } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { listLeadInvoices, saveInvoiceDraft } = await import("~/models/invoice.server");
const { termsText } = await import("~/lib/proposal");
const { signedInOwner, routeArgs } = await import("./admin-session");
const leadRoute = await import("~/routes/admin/lead");
const leadListRoute = await import("~/routes/admin/lead-list");
const pipelineRoute = await import("~/routes/admin/pipeline");
const leadsCsv = await import("~/routes/resources/leads-csv");
const proposalRoute = await import("~/routes/proposal");
const publicPdf = await import("~/routes/resources/proposal-pdf");

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const db = () => getDb();
const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://site.test${path}`, { headers: { Cookie: cookie } }), params);

/** A quoted lead with an estimate of $3,843.85, the figure from the owner's report. */
function leadWithEstimate(name: string) {
  const { id } = createLead({
    name,
    email: "dana@example.com",
    phone: "316-555-0111",
    message: "Hail",
    street: "18 Elm St",
    city: "Derby",
    zip: "67037",
  });
  db().update(leads).set({ status: "measured" }).where(eq(leads.id, id)).run();
  db()
    .insert(estimates)
    .values({
      leadId: id,
      tier: "better",
      taxRateBasisPoints: 0,
      lines: [
        {
          key: "labor",
          label: "Labor, up to 6/12",
          quantity: 1,
          unit: "job",
          unitPriceCents: 384_385,
          totalCents: 384_385,
          adjusted: true,
        },
      ],
      subtotalCents: 384_385,
      taxCents: 0,
      totalCents: 384_385,
    })
    .run();
  return id;
}

async function sendProposal(id: number) {
  const res = (await leadRoute.action(
    routeArgs(
      new Request(`http://site.test/admin/leads/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "send-proposal", terms: "Cleanup every day.", validDays: "30" }),
        headers: { Cookie: cookie },
      }),
      { id: String(id) },
    ),
  )) as Response;
  expect(res.status).toBe(302);
  const linkCookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__new_link="))!
    .split(";")[0];
  const page = await leadRoute.loader(
    routeArgs(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: `${cookie}; ${linkCookie}` } }), {
      id: String(id),
    }),
  );
  return page.proposals!.newLink!.url.split("/proposal/")[1]!;
}

const publicArgs = (request: Request, token: string) =>
  ({ request, params: { token }, context: requestContext("203.0.113.9") }) as never;
const accept = (token: string, name: string) =>
  proposalRoute.action(
    publicArgs(
      new Request(`http://site.test/proposal/${token}`, {
        method: "POST",
        body: new URLSearchParams({ fullName: name, agree: "on" }),
      }),
      token,
    ),
  );

describe("the signed terms", () => {
  it("state the owner's deposit and warranty, frozen when sent; the deposit invoice bills what was signed", async () => {
    setSetting("pricing", { ...getSetting("pricing"), depositBasisPoints: 3000 });
    setSetting("trust", { ...getSetting("trust"), warrantyYears: 10 });
    const id = leadWithEstimate("Dana Frozen");
    // Before sending, the form shows the lines the terms will start with.
    const before = await leadRoute.loader(get(`/admin/leads/${id}`, { id: String(id) }));
    expect(before.proposals!.factLines).toEqual([
      "Payment: a deposit of 30% of the total ($1,153.16) on signing, the balance when the work is done and you have looked it over.",
      "Workmanship is guaranteed for 10 years from completion.",
    ]);
    const token = await sendProposal(id);

    // The owner changes his settings after sending: the proposal keeps what it said.
    setSetting("pricing", { ...getSetting("pricing"), depositBasisPoints: 1000 });
    setSetting("trust", { ...getSetting("trust"), warrantyYears: 5 });
    const row = db().select().from(proposals).where(eq(proposals.leadId, id)).get()!;
    const signed = termsText(row.content as Parameters<typeof termsText>[0]);
    expect(signed).toContain("a deposit of 30% of the total ($1,153.16) on signing");
    expect(signed).toContain("guaranteed for 10 years");
    expect(signed).toContain("Cleanup every day.");
    const pdf = (await publicPdf.loader(
      publicArgs(new Request(`http://site.test/proposal/${token}/proposal.pdf`), token),
    )) as Response;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, " ")).toContain("a deposit of 30% of the total ($1,153.16) on signing");

    await accept(token, "Dana Frozen");
    const [deposit] = listLeadInvoices(id);
    expect(deposit).toMatchObject({ kind: "deposit", totalCents: 115_316 });
    expect(deposit!.lines[0]!.description).toBe("Deposit: 30% of the $3,843.85 accepted proposal");
  });
});

describe("the job's value", () => {
  it("is the accepted proposal plus change orders on the lead page, the Leads list, the pipeline and the CSV", async () => {
    setSetting("pricing", { ...getSetting("pricing"), depositBasisPoints: 3000 });
    const id = leadWithEstimate("Dana Valued");
    await accept(await sendProposal(id), "Dana Valued");
    // A $255 change order on the deposit's draft.
    const [deposit] = listLeadInvoices(id);
    const saved = saveInvoiceDraft(id, {
      intent: "save-invoice",
      invoiceId: deposit!.id,
      basis: null,
      dueOn: null,
      note: null,
      changeOrders: [{ description: "Extra vent", amountCents: 25_500, changeOrder: true }],
    });
    expect(saved).toMatchObject({ totalCents: 115_316 + 25_500 });

    const page = await leadRoute.loader(get(`/admin/leads/${id}`, { id: String(id) }));
    expect(page.money!.figures.find((f) => f.label === "Job total")!.value).toBe("$4,098.85");
    const list = (await leadListRoute.loader(get("/admin/leads?q=Valued"))) as {
      leads: { name: string; valueCents: number | null }[];
    };
    expect(list.leads.find((m) => m.name === "Dana Valued")!.valueCents).toBe(409_885);
    const pipeline = (await pipelineRoute.loader(get("/admin/leads/pipeline"))) as {
      columns: { status: string; totalCents: number | null }[];
    };
    // The won jobs so far: the one signed above (no change orders) and this one.
    expect(pipeline.columns.find((c) => c.status === "won")!.totalCents).toBe(384_385 + 409_885);
    const csv = await ((await leadsCsv.loader(get("/admin/leads/export.csv"))) as Response).text();
    const line = csv.split("\r\n").find((l) => l.includes("Dana Valued"))!;
    expect(line.split(",").at(-1)).toBe("4098.85");
  });

  it("does not move when someone tries to change the accepted estimate", async () => {
    const id = leadWithEstimate("Dana Locked");
    await accept(await sendProposal(id), "Dana Locked");
    const refused = (await leadRoute.action(
      routeArgs(
        new Request(`http://site.test/admin/leads/${id}`, {
          method: "POST",
          body: new URLSearchParams({
            intent: "save-estimate",
            "lines[0].key": "labor",
            "lines[0].label": "Labor, up to 6/12",
            "lines[0].quantity": "1",
            "lines[0].unit": "job",
            "lines[0].unitPrice": "4474.00",
          }),
          headers: { Cookie: cookie },
        }),
        { id: String(id) },
      ),
    )) as unknown as { init: ResponseInit };
    expect(refused.init.status).toBe(400);
    const list = (await leadListRoute.loader(get("/admin/leads?q=Locked"))) as {
      leads: { name: string; valueCents: number | null }[];
    };
    expect(list.leads.find((m) => m.name === "Dana Locked")!.valueCents).toBe(384_385);
  });
});
