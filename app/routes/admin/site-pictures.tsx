import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/site-pictures";

// Scaffold for issue 29: filled in by its own change.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <header>
      <h1 className="text-2xl font-bold">Pictures & video</h1>
      <p className="mt-1 text-ink-soft">The pictures and video on the public pages.</p>
    </header>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Pictures & video | Admin" }, { name: "robots", content: "noindex" }];
