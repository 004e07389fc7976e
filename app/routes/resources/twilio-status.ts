import { href } from "react-router";
import { notFound } from "~/server/responses.server";
import { receiveTextStatus } from "~/services/text-webhooks.server";
import type { Route } from "./+types/twilio-status";

/** Twilio posts here; there is nothing to see. */
export function loader(): never {
  notFound();
}

/** What became of a text we sent, from Twilio's status callback (services/text-webhooks.server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const { status, body, type } = await receiveTextStatus(request, href("/webhooks/twilio/status"));
  return new Response(body, {
    status,
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" },
  });
}
