import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/roof-measurement";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminRoofMeasurementTool() {
  return <h1 className="text-2xl font-bold">Roof Measurement Tool</h1>;
}

export const meta: Route.MetaFunction = () => [{ title: "Roof Measurement Tool | Admin" }, { name: "robots", content: "noindex" }];
