import { clientIp } from "~/server/client-ip.server";
import { receiveContactRequest } from "~/services/contact-request.server";
import type { Route } from "./+types/contact-send";

/**
 * The contact form as the page's script sends it (XMLHttpRequest, for upload progress):
 * the same request handling as /contact, answered as JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await receiveContactRequest(request, clientIp(context));
  return Response.json(answer.result, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
