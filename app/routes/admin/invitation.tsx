import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/invitation";

// Scaffold for issue 30: filled in by its own change. Answers 404 until then.

export function loader(_: Route.LoaderArgs): never {
  notFound();
}

export default function Page() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
