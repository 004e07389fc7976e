import type { TeamMember, TrustFacts } from "./site-words";

// What the public pages make of the owner's trust facts: the lines shown and the
// structured data. No zod here (types only): every public page renders these.

export type TrustFactKind = "license" | "insurance" | "warranty" | "founded" | "certification";
/** `tail` is the end of `text` that must not wrap apart ("#RC-20417" would break at its hyphen). */
export type TrustFactLine = { kind: TrustFactKind; text: string; tail?: string };

/**
 * The facts as a homeowner reads them, in the order he looks for them; a fact not
 * entered is no line at all (never "License: " or a placeholder).
 */
export function trustFactLines(trust: TrustFacts | undefined): TrustFactLine[] {
  if (!trust) return [];
  const lines: TrustFactLine[] = [];
  const number = trust.licenseNumber.trim().replace(/^#\s*/, "");
  const name = trust.licenseName.trim();
  if (number) lines.push({ kind: "license", text: `${name || "License"} #${number}`, tail: `#${number}` });
  else if (name) lines.push({ kind: "license", text: name });
  if (trust.insured === true) {
    const carrier = trust.insuranceCarrier.trim();
    lines.push({ kind: "insurance", text: carrier ? `Insured by ${carrier}` : "Insured" });
  }
  if (trust.warrantyYears) lines.push({ kind: "warranty", text: `${trust.warrantyYears}-year workmanship warranty` });
  if (trust.foundedYear) lines.push({ kind: "founded", text: `In business since ${trust.foundedYear}` });
  for (const c of trust.certifications) if (c.trim()) lines.push({ kind: "certification", text: c.trim() });
  return lines;
}

/**
 * The facts schema.org has a property for, to merge into the business's structured data:
 * foundingDate (Organization) and hasCredential (Organization: an
 * EducationalOccupationalCredential, its credentialCategory "license" or "certification").
 * Insurance has no property; the warranty belongs to an Offer (see warrantyJsonLd).
 */
export function trustJsonLd(trust: TrustFacts | undefined): Record<string, unknown> {
  if (!trust) return {};
  const credentials: object[] = [];
  const number = trust.licenseNumber.trim().replace(/^#\s*/, "");
  const name = trust.licenseName.trim();
  if (number || name) {
    credentials.push({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "license",
      name: name || "Contractor license",
      ...(number ? { identifier: number } : {}),
    });
  }
  for (const c of trust.certifications) {
    if (c.trim())
      credentials.push({
        "@type": "EducationalOccupationalCredential",
        credentialCategory: "certification",
        name: c.trim(),
      });
  }
  return {
    ...(trust.foundedYear ? { foundingDate: String(trust.foundedYear) } : {}),
    ...(credentials.length ? { hasCredential: credentials } : {}),
  };
}

/** An Offer's `warranty` (schema.org WarrantyPromise, its duration in years: UN/CEFACT code ANN). */
export function warrantyJsonLd(trust: TrustFacts | undefined): Record<string, unknown> {
  if (!trust?.warrantyYears) return {};
  return {
    warranty: {
      "@type": "WarrantyPromise",
      durationOfWarranty: { "@type": "QuantitativeValue", value: trust.warrantyYears, unitCode: "ANN" },
    },
  };
}

/** The About page's people as the business's `employee` (schema.org Person), with their photos' addresses. */
export function teamJsonLd(
  team: (Pick<TeamMember, "name" | "role"> & { photoUrl?: string | null })[],
): Record<string, unknown> {
  if (team.length === 0) return {};
  return {
    employee: team.map((m) => ({
      "@type": "Person",
      name: m.name,
      ...(m.role ? { jobTitle: m.role } : {}),
      ...(m.photoUrl ? { image: m.photoUrl } : {}),
    })),
  };
}

/** A compact row near a call to action: every fact, and the first two certifications only. */
export function trustBandLines(trust: TrustFacts | undefined, certifications = 2): TrustFactLine[] {
  let left = certifications;
  return trustFactLines(trust).filter((l) => l.kind !== "certification" || left-- > 0);
}

/** Where a page's words name the owner's workmanship warranty, in years (see `reasonsWithWarranty`). */
export const WARRANTY_YEARS = "{warrantyYears}";

/**
 * A page's reasons as a visitor reads them: a reason naming the warranty gets the owner's
 * number, or its `withoutWarranty` words when he has set none (left out if it has none), so a
 * page never promises a warranty the proposal's terms would not write.
 */
export function reasonsWithWarranty(
  reasons: readonly { title: string; text: string; withoutWarranty?: string }[],
  warrantyYears: number | null,
): { title: string; text: string }[] {
  return reasons.flatMap(({ title, text, withoutWarranty }) => {
    if (!text.includes(WARRANTY_YEARS)) return [{ title, text }];
    if (warrantyYears) return [{ title, text: text.replaceAll(WARRANTY_YEARS, String(warrantyYears)) }];
    return withoutWarranty ? [{ title, text: withoutWarranty }] : [];
  });
}
