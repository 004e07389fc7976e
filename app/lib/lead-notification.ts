/**
 * The subject of the owner's mail about a new lead: who, where and what, so the inbox
 * says which job it is before it is opened ("New quote request: Jane Doe, Derby — Roof
 * Repairs"). A message that names neither a town nor a kind of work reads as a message.
 */
export function newLeadSubject(lead: { name: string; city?: string | null; service?: string | null }): string {
  const city = lead.city?.trim();
  const service = lead.service?.trim();
  const who = [lead.name.trim(), city].filter(Boolean).join(", ");
  if (!city && !service) return `New message from ${who}`;
  return `New quote request: ${who}${service ? ` — ${service}` : ""}`;
}
