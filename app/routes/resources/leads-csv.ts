import { requireAccess } from "~/services/access.server";
import { csvHeaders, csvStream } from "~/lib/csv";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { leadBatchesNewestFirst } from "~/models/lead-export.server";
import { photoCounts } from "~/models/lead-photo.server";
import type { MailView } from "~/lib/outbox";
import type { Lead } from "~/db/schema";
import { leadMails } from "~/services/lead-mail.server";
import { dollars } from "~/lib/export-files";
import { moneyByLead } from "~/models/invoice.server";
import { jobValuesOf } from "~/models/job-value.server";
import { formatPhone } from "~/lib/business";
import { PREFERRED_CONTACT } from "~/lib/contact-form";
import type { Route } from "./+types/leads-csv";

const HEADER = ["received", "name", "email", "phone", "message", "notification", "autoresponder", "read", "archived"];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/leads-csv");
  const date = new Date().toISOString().slice(0, 10);
  // Written as it is read, a batch of leads at a time: flat memory with years of leads. The
  // byte-order mark makes Excel on Windows read it as UTF-8 (a name like "José" stays whole),
  // as the export's CSV files do.
  const header = [
    ...HEADER,
    "service",
    "street",
    "city",
    "zip",
    "preferred contact",
    "photos",
    "status",
    "follow up on",
    "lost reason",
    "invoiced",
    "paid",
    "owed",
    "job value",
  ];
  return new Response(csvStream(header, rows(), { bom: true }), {
    headers: csvHeaders(`leads-${date}.csv`),
  });
}

function* rows() {
  for (const batch of leadBatchesNewestFirst()) {
    const ids = batch.map((m) => m.id);
    const photos = photoCounts(ids);
    const mails = leadMails(ids);
    const money = moneyByLead(ids);
    const values = jobValuesOf(ids);
    // As older exports had it: a lead staff added was never mailed ("skipped").
    const state = (m: Lead, mail: MailView | null) => mail?.state ?? (m.source === "website" ? "pending" : "skipped");
    for (const m of batch) {
      yield [
        m.createdAt,
        m.name,
        m.email,
        // As the admin, the mails and the papers print it: a person reads this file.
        m.phone && formatPhone(m.phone),
        m.message,
        state(m, mails.get(m.id)!.notification),
        state(m, mails.get(m.id)!.autoreply),
        m.readAt ? "yes" : "no",
        m.archivedAt ? "yes" : "no",
        // What a quote request adds, after the columns older exports had.
        m.service,
        m.street,
        m.city,
        m.zip,
        m.preferredContact && PREFERRED_CONTACT[m.preferredContact],
        photos.get(m.id) ?? 0,
        // Where each stands as a lead.
        LEAD_STATUS_LABELS[m.status],
        m.followUpOn,
        m.lostReason,
        // Sent invoices, in dollars (the office's file: never the crew's).
        dollars(money.get(m.id)?.invoicedCents),
        dollars(money.get(m.id)?.paidCents),
        dollars(money.get(m.id)?.owedCents),
        // The job's one value (lib/job-value.ts), as the Leads list and the pipeline show it.
        dollars(values.get(m.id)),
      ];
    }
  }
}
