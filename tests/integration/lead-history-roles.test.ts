import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
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
import { leads, users } from "~/db/schema";
import { actorOf } from "~/lib/actor";
import { formatInvoiceNumber } from "~/lib/invoice";
import { formatCents } from "~/lib/money-format";
import { upsertUser } from "~/models/user.server";
import * as layout from "~/routes/admin/layout";
import * as lead from "~/routes/admin/lead";
import { requestContext } from "~/server/client-ip.server";
import { getDb } from "~/server/db.server";
import { startSession } from "~/services/auth.server";
import { fromShapeBefore } from "./migration-shape";
import { routeArgs, signedInOwner } from "./admin-session";
import { leadWithPaidDeposit } from "./paid-deposit";

// A lead's history is worded per role (decision 0074): after an invoice is sent and paid, the
// crew's lead page says so without an amount, an invoice number or how it was paid, in its
// data as in its HTML; the office's page says all of it.

const cookies: Record<"owner" | "office" | "crew", string> = { owner: "", office: "", crew: "" };
let job = { leadId: 0, invoiceTotal: "", paid: "", number: "" };

async function teamMember(email: string, role: "office" | "crew", name: string) {
  const { user } = await upsertUser(email, `${role}-password-123`);
  getDb().update(users).set({ role, name }).where(eq(users.id, user.id)).run();
  return { user, cookie: (await startSession(user.id)).split(";")[0] };
}

beforeAll(async () => {
  cookies.owner = await signedInOwner();
  const office = await teamMember("office@example.com", "office", "Olive Office");
  const crew = await teamMember("crew@example.com", "crew", "Kim Alvarez");
  cookies.office = office.cookie;
  cookies.crew = crew.cookie;

  const by = actorOf({ userId: office.user.id, name: "Olive Office", email: "office@example.com" });
  const { leadId: id, invoice, paidCents } = leadWithPaidDeposit(by);
  // The crew member's own job: they may open its page.
  getDb().update(leads).set({ assigneeId: crew.user.id }).where(eq(leads.id, id)).run();
  job = {
    leadId: id,
    invoiceTotal: formatCents(invoice.totalCents),
    paid: formatCents(paidCents),
    number: formatInvoiceNumber(invoice.number),
  };
});

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
        Component: withData(lead.default as never),
      },
    ],
  },
];

/** The lead page's data as its loader returns it, for one reader. */
const loaderData = async (who: keyof typeof cookies) =>
  (await lead.loader(
    routeArgs(new Request(`http://site.test/admin/leads/${job.leadId}`, { headers: { Cookie: cookies[who] } }), {
      id: String(job.leadId),
    }),
  )) as {
    notes: { text: string | null; author: string }[];
  };

/** The lead page as the server renders it for one reader (a browser without scripts gets this). */
async function pageHtml(who: keyof typeof cookies) {
  const request = new Request(`http://site.test/admin/leads/${job.leadId}`, { headers: { Cookie: cookies[who] } });
  const handler = createStaticHandler(routes);
  const context = await handler.query(request, { requestContext: requestContext("127.0.0.1") as never });
  if (context instanceof Response) throw new Error(`redirected to ${context.headers.get("Location")}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

describe("a lead's history after an invoice and a payment", () => {
  it("tells the crew an invoice went out and a payment came in, with no amount in its data or its page", async () => {
    const data = await loaderData("crew");
    expect(data.notes.map((n) => n.text)).toEqual(
      expect.arrayContaining(["Deposit invoice sent", "Payment received on the deposit invoice"]),
    );
    const html = await pageHtml("crew");
    expect(html).toContain("Deposit invoice sent");
    expect(html).toContain("Payment received on the deposit invoice");
    for (const seen of [JSON.stringify(data), html]) {
      expect(seen).not.toContain(job.invoiceTotal);
      expect(seen).not.toContain(job.paid);
      expect(seen).not.toContain(job.number);
      expect(seen).not.toContain("check 1042");
    }
  });

  it("gives the office and the owner every amount, the invoice and how it was paid", async () => {
    const sent = `Invoice ${job.number} (deposit, ${job.invoiceTotal}) sent`;
    const paid = `${job.paid} received by check no. 1042 on invoice ${job.number}`;
    for (const who of ["office", "owner"] as const) {
      expect((await loaderData(who)).notes.map((n) => n.text)).toEqual(expect.arrayContaining([sent, paid]));
      const html = await pageHtml(who);
      expect(html).toContain(sent);
      expect(html).toContain(paid);
    }
    // Named by the person who did it, for everyone.
    expect((await loaderData("crew")).notes.filter((n) => n.author === "Olive Office")).toHaveLength(2);
  });
});

// The back-fill's own tag, whatever number it is given among the migrations.
const BACKFILL = (
  JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] }
).entries.find((e) => e.tag.endsWith("_lead_history_backfill"))!.tag;

describe("older entries (the back-fill migration)", () => {
  it("are sorted by kind and keep their words, with the invoice, payment and Stripe session they name", async () => {
    await fromShapeBefore(
      BACKFILL,
      (sqlite) => {
        sqlite.prepare("insert into leads (name, email, message) values ('Karen', 'k@example.com', 'Hail')").run();
        sqlite
          .prepare("insert into proposals (lead_id, content, total_cents, expires_at) values (1, '{}', 384387, 0)")
          .run();
        sqlite
          .prepare(
            "insert into invoices (lead_id, proposal_id, kind, number, state, lines, subtotal_cents, total_cents) values (1, 1, 'deposit', 1, 'sent', '[]', 115316, 115316)",
          )
          .run();
        sqlite
          .prepare(
            "insert into payments (invoice_id, method, amount_cents, received_on, created_at) values (1, 'cash', 50000, '2026-11-27', 1795000000000)",
          )
          .run();
        const note = sqlite.prepare("insert into lead_notes (lead_id, author, body, created_at) values (1, ?, ?, ?)");
        note.run("Pat", "Invoice INV-0001 (deposit, $1,153.16) sent", 1794000000000);
        note.run("Pat", "$500.00 received (cash) on invoice INV-0001", 1795000000000);
        note.run(
          "Online payment (Stripe)",
          "The online payment for invoice INV-0001 was $20.00 more than was owed: refund $20.00 from the Stripe dashboard (cs_test_1).",
          1795000000001,
        );
        note.run("Pat", "Called, left a voicemail", 1795000000002);
      },
      (sqlite) => {
        const rows = sqlite
          .prepare(
            "select kind, body, invoice_id as invoiceId, payment_id as paymentId, amount_cents as amountCents, reference from lead_notes order by id",
          )
          .all();
        expect(rows).toEqual([
          {
            kind: "invoice-sent",
            body: "Invoice INV-0001 (deposit, $1,153.16) sent",
            invoiceId: 1,
            paymentId: null,
            amountCents: 115316,
            reference: null,
          },
          {
            kind: "payment-received",
            body: "$500.00 received (cash) on invoice INV-0001",
            invoiceId: 1,
            paymentId: 1,
            amountCents: 50000,
            reference: null,
          },
          {
            kind: "online-payment-over",
            body: "The online payment for invoice INV-0001 was $20.00 more than was owed: refund $20.00 from the Stripe dashboard (cs_test_1).",
            invoiceId: 1,
            paymentId: null,
            amountCents: null,
            reference: "cs_test_1",
          },
          {
            kind: "note",
            body: "Called, left a voicemail",
            invoiceId: null,
            paymentId: null,
            amountCents: null,
            reference: null,
          },
        ]);
      },
    );
  });
});
