import { href } from "react-router";
import { notFound } from "~/server/responses.server";
import { receiveText } from "~/services/text-webhooks.server";
import type { Route } from "./+types/twilio-sms";

/** Twilio posts here; there is nothing to see. */
export function loader(): never {
  notFound();
}

/** A text to the business's number, from Twilio (services/text-webhooks.server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const { status, body, type } = await receiveText(request, href("/webhooks/twilio/sms"));
  return new Response(body, {
    status,
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" },
  });
}
