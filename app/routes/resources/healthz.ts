import { pingDb } from "~/server/db.server";

/** For Docker's HEALTHCHECK: 200 only when the database answers a query. */
export function loader() {
  try {
    pingDb();
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Health check failed:", error);
    return new Response("database unavailable", { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
