import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // The owner finds broken inbound links in the server log.
  console.warn(`404 Not Found: ${pathname}`);
  return data({ pathname }, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
