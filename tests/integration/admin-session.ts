import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { upsertUser } from "~/models/user.server";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import type { Role } from "~/lib/roles";
import { getDb } from "~/server/db.server";

/** The app started on this file's own database, and the owner signed in: their Cookie header value. */
export async function signedInOwner(): Promise<string> {
  await startApp();
  const { user } = await upsertUser("owner@example.com", "owner-password");
  return (await startSession(user.id)).split(";")[0];
}

/** What React Router hands a loader or action, for calling one directly. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: requestContext("127.0.0.1") }) as never;

/**
 * The app started, and a team signed in, by key: each person's account (`<key>@example.com`,
 * with the role and name given) and their Cookie header value.
 */
export async function signInTeam(
  people: [key: string, role: Role, name: string][],
): Promise<Record<string, { id: number; cookie: string }>> {
  await startApp();
  const team: Record<string, { id: number; cookie: string }> = {};
  for (const [key, role, name] of people) {
    const { user } = await upsertUser(`${key}@example.com`, `${key}-password-123`);
    getDb().update(users).set({ role, name }).where(eq(users.id, user.id)).run();
    team[key] = { id: user.id, cookie: (await startSession(user.id)).split(";")[0] };
  }
  return team;
}

/** A form posted as a browser on http://site.test would post it, with this Cookie header. */
export const formPost = (path: string, fields: Record<string, string>, cookie: string) =>
  new Request(`http://site.test${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://site.test" },
    body: new URLSearchParams(fields),
  });

/**
 * What a loader or action answered, thrown or returned: its status, and its data (a refused
 * form's reply) or where it redirects (with the headers, for the flash cookie).
 */
export async function answer(
  run: () => unknown,
): Promise<{ status: number; data?: unknown; location?: string | null; headers?: Headers }> {
  try {
    const value = await run();
    if (value instanceof Response)
      return { status: value.status, location: value.headers.get("Location"), headers: value.headers };
    const d = value as { type?: string; data: unknown; init: { status?: number } | null };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 200, data: d.data };
    return { status: 200, data: value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const d = thrown as { type?: string; init: { status?: number } | null };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500 };
    throw thrown;
  }
}
