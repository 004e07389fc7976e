import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { upsertUser } from "~/models/user.server";

/** The app started on this file's own database, and the owner signed in: their Cookie header value. */
export async function signedInOwner(): Promise<string> {
  await startApp();
  const { user } = await upsertUser("owner@example.com", "owner-password");
  return (await startSession(user.id)).split(";")[0];
}

/** What React Router hands a loader or action, for calling one directly. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: requestContext("127.0.0.1") }) as never;
