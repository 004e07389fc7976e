import { href, redirect } from "react-router";
import { endSession } from "~/services/auth.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so only a POST does it; a GET just goes back to the admin.
export function loader() {
  return redirect(href("/admin"));
}

export async function action({ request }: Route.ActionArgs) {
  return redirect(href("/admin/login"), { headers: { "Set-Cookie": await endSession(request) } });
}
