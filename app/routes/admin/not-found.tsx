import { notFound } from "~/server/responses.server";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/not-found";

// An address under /admin that names no page (a mistyped or retired one): the admin's own
// not-found page, with its header, rather than the public site's. Like every admin loader
// it checks the visitor itself: a signed-out one is sent to sign in, not told what exists.
export async function loader({ request }: Route.LoaderArgs): Promise<never> {
  await requireAccess(request, "routes/admin/not-found");
  notFound();
}

// A page, not a resource route, so the thrown 404 is drawn by the admin layout's boundary;
// the loader always throws, so this never renders.
export default function AdminNotFound() {
  return null;
}
