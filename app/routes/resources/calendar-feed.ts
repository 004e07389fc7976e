import { notFound } from "~/server/responses.server";
import { calendarFeedFor } from "~/services/calendar-feed.server";
import type { Route } from "./+types/calendar-feed";

// One person's visits for their phone's calendar, opened by the private link alone (decision
// 0096). Never kept by a shared cache or indexed. Every token that opens nothing (mistyped,
// replaced, turned off, its person removed) gets the same short 404: none tells which.
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function loader({ params }: Route.LoaderArgs) {
  const feed = calendarFeedFor(params.token);
  if (feed === null) notFound("Not found", { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" });
  return new Response(feed, { headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8" } });
}
