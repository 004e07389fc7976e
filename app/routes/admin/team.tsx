import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/team";

// Scaffold for issue 30: filled in by its own change.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-bold">team</h1>;
}

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
