import { redirect } from "react-router";
import { redirectForOldTab } from "~/lib/admin-sections";
import { requireAdmin } from "~/services/auth.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Projects lived here before decision 0044: its old links (bookmarks, mails) still land.
  const moved = redirectForOldTab(new URL(request.url));
  if (moved) throw redirect(moved);
  return null;
}

export default function Page() {
  return (
    <header>
      <h1 className="text-2xl font-bold">Today</h1>
      <p className="mt-1 text-ink-soft">What needs you today.</p>
    </header>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Today | Admin" }, { name: "robots", content: "noindex" }];
