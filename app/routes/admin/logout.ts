import { redirect } from "react-router";
import { endSession } from "~/services/auth.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a POST does it; a GET just goes back to the admin.
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  return redirect("/admin/login", { headers: { "Set-Cookie": await endSession(request) } });
}
