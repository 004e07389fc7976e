import { requireAccess } from "~/services/access.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/admin-invoice-pdf";

// Issue 33 scaffold (being written this session).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/resources/admin-invoice-pdf");
  notFound();
}
