import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/projects";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminProjects() {
  return <h1 className="text-2xl font-bold">Projects</h1>;
}

export const meta: Route.MetaFunction = () => [{ title: "Projects | Admin" }, { name: "robots", content: "noindex" }];
