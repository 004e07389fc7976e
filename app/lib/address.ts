import { SERVICE_AREA_STATE } from "./service-area";

/** Address parts as the roof tool keeps them. */
export type AddressParts = { street: string; city: string; state: string; zipCode: string };

const STATE_ZIP = /\b([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\b/;

/**
 * Free text like "412 N Main St, Wellington, KS 67152" (or a Places suggestion,
 * "412 N Main St, Wellington, KS 67152, USA"): street is the first comma part, city the
 * second, state and ZIP from the part that holds them. Fewer than three parts: null.
 */
export function parseAddress(text: string): AddressParts | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 3) return null;
  const stateZipPart = [...parts.slice(2)].reverse().find((p) => STATE_ZIP.test(p)) ?? parts[2];
  const match = stateZipPart.match(STATE_ZIP);
  const stateOnly = stateZipPart.match(/^([A-Z]{2})$/);
  return {
    street: parts[0],
    city: parts[1],
    state: match?.[1] ?? stateOnly?.[1] ?? "",
    zipCode: match?.[2] ?? "",
  };
}

/**
 * "412 N Main St, Wellington, KS 67152", leaving out whatever is empty: the one way an
 * address is written on every screen, mail, PDF and calendar invitation.
 */
export function formatAddressLine(a: {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}): string {
  return [a.street, a.city, [a.state, a.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/**
 * A lead's address as one line. A lead keeps no state: every town the business serves is in
 * SERVICE_AREA_STATE, which follows the town ("12 Elm St, Derby, KS 67037"). Empty when
 * nothing was given.
 */
export function leadAddressLine(lead: { street?: string | null; city?: string | null; zip?: string | null }): string {
  return formatAddressLine({
    street: lead.street,
    city: lead.city,
    state: lead.city ? SERVICE_AREA_STATE : null,
    zipCode: lead.zip,
  });
}

/**
 * Directions to an address on a phone: Google's maps link opens the Maps app on Android and
 * iPhone (or the web page), and needs no key.
 */
export const mapsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
