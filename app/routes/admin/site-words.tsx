import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/site-words";

// Scaffold for issue 29: filled in by its own change.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <header>
      <h1 className="text-2xl font-bold">Words & trust facts</h1>
      <p className="mt-1 text-ink-soft">The headlines, the About page and the facts homeowners look for.</p>
    </header>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Words & trust facts | Admin" }, { name: "robots", content: "noindex" }];
