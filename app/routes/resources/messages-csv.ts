import { requireAdmin } from "~/services/auth.server";
import { toCsv } from "~/lib/csv";
import { listAllMessages } from "~/models/contact-message.server";
import type { Route } from "./+types/messages-csv";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, { resource: true });
  const rows = listAllMessages().map((m) => [
    m.createdAt,
    m.name,
    m.email,
    m.phone,
    m.message,
    m.notifyStatus,
    m.autoreplyStatus,
    m.readAt ? "yes" : "no",
    m.archivedAt ? "yes" : "no",
  ]);
  const csv = toCsv(["received", "name", "email", "phone", "message", "notification", "autoresponder", "read", "archived"], rows);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contact-messages-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
