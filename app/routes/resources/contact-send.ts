import { clientIp } from "~/server/client-ip.server";
import { receiveContactRequest } from "~/services/contact-request.server";
import type { Route } from "./+types/contact-send";

/** Only ever posted to; a GET (a crawler, a curious visitor) is told so, without a stack trace in the log. */
export function loader() {
  return new Response("Please send the form from this website.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The contact form as the page's script sends it (XMLHttpRequest, for upload progress):
 * the same request handling as /contact, answered as JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await receiveContactRequest(request, clientIp(context));
  return Response.json(answer.result, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
