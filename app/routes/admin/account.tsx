import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/account";

// Scaffold for issue 29: filled in by its own change.

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <header>
      <h1 className="text-2xl font-bold">Your account</h1>
      <p className="mt-1 text-ink-soft">Your password, email and where you are signed in.</p>
    </header>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Your account | Admin" }, { name: "robots", content: "noindex" }];
