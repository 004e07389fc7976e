import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/schedule";

// Issue 33 scaffold: the week calendar and today's agenda (being written this session).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/schedule");
  return null;
}

export default function Schedule() {
  return <h1 className="text-2xl font-bold">Schedule</h1>;
}
