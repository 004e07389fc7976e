import { proposals } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { listLeadInvoices, sendInvoice } from "~/models/invoice.server";
import { createLead } from "~/models/lead.server";
import { recordPayment } from "~/models/payment.server";
import { recordAcceptance } from "~/models/proposal.server";
import { getDb } from "~/server/db.server";

/**
 * A job part-way through its money: Karen Miller's lead, her accepted proposal of $3,843.87
 * (written straight to the table), its deposit invoice sent and $500.00 of it paid by check
 * 1042. What a test of the lead page, history or backups needs of "a job with money on it".
 */
export function leadWithPaidDeposit(by: Actor) {
  const { id } = createLead({
    name: "Karen Miller",
    email: "karen@example.com",
    phone: "316-555-0188",
    message: "Hail",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
  });
  const totalCents = 384_387;
  const content = {
    customer: { name: "Karen Miller", email: "karen@example.com", phone: "", address: "" },
    company: { name: "Prairie Ridge", phone: "", email: "", address: "" },
    totalCents,
    validUntil: "2026-12-31",
    lines: [],
  };
  const proposal = getDb()
    .insert(proposals)
    .values({ leadId: id, content, totalCents, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning()
    .get();
  recordAcceptance(proposal.id, { name: "Karen Miller", ip: "127.0.0.1" }, new Date());
  const [deposit] = listLeadInvoices(id);
  const sent = sendInvoice(id, deposit!.id, by);
  if (!sent || "refused" in sent) throw new Error("the deposit was not sent");
  const paid = recordPayment({
    invoiceId: deposit!.id,
    method: "check",
    checkNumber: "1042",
    amountCents: 50_000,
    receivedOn: "2026-11-27",
    by,
  });
  if (paid.status !== "recorded") throw new Error("the payment was not recorded");
  return { leadId: id, invoice: sent.invoice, paidCents: 50_000 };
}
