import { href, redirect } from "react-router";
import type { Route } from "./+types/moved-leads";

// The lead pages lived under /admin/messages until decision 0036, and mails already sent
// (the owner's notifications, daily summaries, acceptance notices) link there. Each old
// address answers a permanent redirect to the same place under /admin/leads, query
// included, before any sign-in check: the new address asks for the session itself.
// 301 for a GET or HEAD; 308 otherwise, so a form posted to an old address is posted
// again, with its body, to the new one.

// The old prefix, from the route that still matches it (an empty splat ends it with "/").
const OLD_PREFIX = href("/admin/messages/*", { "*": "" }).replace(/\/$/, "");

function movedTo(request: Request): string {
  const { pathname, search } = new URL(request.url);
  // The path as it came (still percent-encoded), its old prefix swapped for the new. The
  // route matched it, so it starts with the prefix, in whatever letter case it came.
  return `${href("/admin/leads")}${pathname.slice(OLD_PREFIX.length)}${search}`;
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(movedTo(request), 301);
}

export function action({ request }: Route.ActionArgs) {
  return redirect(movedTo(request), 308);
}
