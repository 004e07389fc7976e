import { requireAdmin } from "~/lib/auth.server";
import type { Route } from "./+types/testimonials";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminTestimonials() {
  return <h1 className="text-2xl font-bold">Testimonials</h1>;
}

export const meta: Route.MetaFunction = () => [{ title: "Testimonials | Admin" }, { name: "robots", content: "noindex" }];
