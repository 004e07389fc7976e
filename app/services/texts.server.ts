import type { OutboxItem } from "~/db/schema";
import { STOP_FOOTER } from "~/lib/texts";
import { getLead } from "~/models/lead.server";
import { isOptedOut, leadWasTexted } from "~/models/outbox.server";
import type { Text } from "~/server/texts.server";
import type { MailKind } from "~/services/mail/mail-kind.server";

/**
 * The text a row of the outbox sends, written as it goes, or null when it may no longer go:
 * the lead is gone, never agreed, or the number said STOP since it was queued (nothing is
 * texted to a number that said STOP, whatever was waiting). The first text a lead gets says
 * how to stop them.
 */
export function textFor(item: OutboxItem, kind: MailKind, now: Date): { text: Text; link?: string } | null {
  const lead = item.leadId === null ? undefined : getLead(item.leadId);
  if (!lead?.textConsentAt || !kind.text || isOptedOut(item.recipient)) return null;
  const written = kind.text(item, now);
  if (written === null) return null;
  const { body, link } = typeof written === "string" ? { body: written, link: undefined } : written;
  const first = !leadWasTexted(lead.id, item.id);
  return { text: { to: item.recipient, body: first ? `${body} ${STOP_FOOTER}` : body }, link };
}
