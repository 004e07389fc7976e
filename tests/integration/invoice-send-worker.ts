// A second (and third) process for tests/integration/invoices.test.ts: sends the deposit
// drafts of the leads named on the command line, one by one, against the same database
// file, while another process does the same; the numbers must still run without gaps.
import { systemActor } from "~/lib/actor";
import { listLeadInvoices, sendInvoice } from "~/models/invoice.server";

const by = systemActor("Worker");
for (const leadId of process.argv.slice(2).map(Number)) {
  const [draft] = listLeadInvoices(leadId);
  const sent = sendInvoice(leadId, draft.id, by);
  if (!sent || "refused" in sent) throw new Error(`lead ${leadId}: not sent`);
  // Give the other process a turn between writes.
  await new Promise((resolve) => setImmediate(resolve));
}
