import { requireAccess } from "~/services/access.server";
import { toCsv } from "~/lib/csv";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { listAllLeads } from "~/models/lead.server";
import { photoCounts } from "~/models/lead-photo.server";
import type { MailView } from "~/lib/outbox";
import { leadMails } from "~/services/lead-mail.server";
import type { Route } from "./+types/leads-csv";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/leads-csv");
  const messages = listAllLeads();
  const photos = photoCounts(messages.map((m) => m.id));
  const mails = leadMails(messages.map((m) => m.id));
  // As older exports had it: a lead staff added was never mailed ("skipped").
  const state = (m: (typeof messages)[number], mail: MailView | null) => mail?.state ?? (m.source === "website" ? "pending" : "skipped");
  const rows = messages.map((m) => [
    m.createdAt,
    m.name,
    m.email,
    m.phone,
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
    m.preferredContact,
    photos.get(m.id) ?? 0,
    // Where each stands as a lead.
    LEAD_STATUS_LABELS[m.status],
    m.followUpOn,
    m.lostReason,
  ]);
  const header = ["received", "name", "email", "phone", "message", "notification", "autoresponder", "read", "archived"];
  const csv = toCsv([...header, "service", "street", "city", "zip", "preferred contact", "photos", "status", "follow up on", "lost reason"], rows);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
