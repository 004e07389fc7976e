import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/two-step";

// Scaffold for issue 30: filled in by its own change.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-bold">two-step</h1>;
}

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
