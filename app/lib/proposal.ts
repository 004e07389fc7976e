import { href } from "react-router";

/**
 * A proposal: the estimate as it was sent to the homeowner, frozen, with the
 * words around it, opened by a link and accepted by typing a name. Pure rules, shared by
 * the server, the homeowner's page and the admin's. No zod here: the public page imports it
 * (the acceptance form's schema is lib/proposal-schema.ts, decision 0039).
 */
import type { EstimateLine, ShingleTier } from "./estimate";
import type { Figure } from "./roof-summary";
import type { ViewDrawing } from "./roof-drawing";
import { addDays } from "./business-time";
import { leadAddressLine } from "./address";
import { addressLine } from "./business";
import { formatBasisPoints, formatCents, percentOfCents } from "./money-format";

/** A priced line as the homeowner reads it (no takeoff keys or "adjusted" marks). */
export type ProposalLine = Pick<EstimateLine, "label" | "quantity" | "unit" | "unitPriceCents" | "totalCents">;

/**
 * One of the shingle lines offered (decision 0108): the estimate's lines with the shingles and
 * ridge cap of that line (lib/estimate.ts linesAtTier), named as the owner names it, and its totals.
 */
export type ProposalOption = {
  tier: ShingleTier;
  name: string;
  lines: ProposalLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/** Something extra the homeowner may add (the owner's list on the Pricing page), taxed like the lines. */
export type ProposalAddOn = { id: string; label: string; cents: number };

/** What was sent, exactly as sent: later edits to the lead, estimate or settings never change it. */
export type ProposalContent = {
  version: 1;
  /** When it was made (ISO). */
  issuedAt: string;
  /** The last day it can be accepted (YYYY-MM-DD, Kansas). */
  validUntil: string;
  company: { name: string; phone: string; email: string; address: string };
  customer: { name: string; address: string; email: string; phone: string };
  /** The measurement's figures (roof area, squares, pitch) and the traced top view, if the roof was measured. */
  roof: { figures: Figure[]; drawing: ViewDrawing | null } | null;
  tier: ShingleTier;
  /** The shingle line as the owner names it to homeowners ("Architectural"); older copies lack it. */
  shingleName?: string;
  /** The default option's lines and totals (the only option of a proposal without `options`). */
  lines: ProposalLine[];
  subtotalCents: number;
  taxRateBasisPoints: number;
  taxCents: number;
  totalCents: number;
  /** The owner's own wording (exclusions, decking, and the like). */
  terms: string;
  /**
   * The facts the terms state, from the owner's settings when it was sent (decision 0073):
   * the deposit asked on signing (Pricing) and the workmanship warranty (the site's trust
   * facts; null when the site names none). Older copies lack them: their terms said it all.
   */
  deposit?: { basisPoints: number; cents: number };
  warrantyYears?: number | null;
  /**
   * The insurance claim the job is, when it was sent (decision 0109): nothing is asked on
   * signing; the terms say the carrier pays what it approves and the homeowner his deductible.
   */
  claim?: ProposalClaim;
  /**
   * The shingle lines offered, one to three (decision 0108); the top-level lines and totals are
   * the default one's. Older copies, and a proposal of one option, lack them.
   */
  options?: ProposalOption[];
  /** The extras offered, each the homeowner may tick. */
  addOns?: ProposalAddOn[];
  /** False: the page and the PDF show each line's label and each option's total, no quantities or unit prices. */
  showUnitPrices?: boolean;
};

/** The claim as a proposal's terms state it. */
export type ProposalClaim = { carrier: string; claimNumber: string; deductibleCents: number };

/** The facts a proposal's terms are built from, as the owner's settings (and the lead's claim) hold them. */
export type TermsFacts = { depositBasisPoints: number; warrantyYears: number | null; claim?: ProposalClaim | null };

/** What a proposal of this total freezes from the facts: the deposit (in cents, half up, as the deposit invoice bills it) and the warranty. */
export function frozenFacts(
  totalCents: number,
  facts: TermsFacts,
): Required<Pick<ProposalContent, "deposit" | "warrantyYears">> & Pick<ProposalContent, "claim"> {
  // An insurance job asks no deposit: the homeowner's part is his deductible, billed apart.
  const basisPoints = facts.claim ? 0 : facts.depositBasisPoints;
  return {
    deposit: { basisPoints, cents: percentOfCents(totalCents, basisPoints) },
    warrantyYears: facts.warrantyYears,
    ...(facts.claim && { claim: facts.claim }),
  };
}

/**
 * The lines of the terms made from the owner's facts, above the owner's own wording: what is
 * paid on signing and when the rest is due, and the workmanship warranty. Fixed sentences, so
 * a figure the homeowner signs can only be the one the deposit invoice and the site use.
 */
export function factTermsLines(c: TermsContent, chosenTotalCents?: number): string[] {
  const lines: string[] = [];
  if (c.claim) {
    lines.push(
      `Payment: nothing on signing. This is an insurance job: ${c.claim.carrier} (claim ${c.claim.claimNumber}) pays what it approves for the work, as it releases it; you pay your deductible of ${formatCents(c.claim.deductibleCents)}, and anything you choose beyond what it approves, when we bill it.`,
    );
  } else if (c.deposit) {
    // With options, the deposit is of the total the homeowner chooses (decision 0108).
    const cents =
      chosenTotalCents !== undefined
        ? percentOfCents(chosenTotalCents, c.deposit.basisPoints)
        : hasChoices(c)
          ? null
          : c.deposit.cents;
    lines.push(
      c.deposit.basisPoints === 0
        ? "Payment: nothing on signing; the total when the work is done and you have looked it over."
        : cents === null
          ? `Payment: a deposit of ${formatBasisPoints(c.deposit.basisPoints)} of the total you choose on signing, the balance when the work is done and you have looked it over.`
          : `Payment: a deposit of ${formatBasisPoints(c.deposit.basisPoints)} of the total (${formatCents(cents)}) on signing, the balance when the work is done and you have looked it over.`,
    );
  }
  if (c.warrantyYears)
    lines.push(
      `Workmanship is guaranteed for ${c.warrantyYears} ${c.warrantyYears === 1 ? "year" : "years"} from completion.`,
    );
  return lines;
}

/**
 * Every term the homeowner agrees to, as the page and the PDF print them: the facts' lines
 * (the deposit on the chosen total, once there is one), then the owner's wording.
 */
export const termsText = (c: TermsContent & Pick<ProposalContent, "terms">, chosenTotalCents?: number) =>
  [...factTermsLines(c, chosenTotalCents), c.terms].join("\n");

type TermsContent = Pick<ProposalContent, "deposit" | "warrantyYears" | "options" | "addOns" | "claim">;

/** Whether the homeowner picks what he buys: more than one option, or add-ons (decision 0108). */
export const hasChoices = (c: Pick<ProposalContent, "options" | "addOns">) =>
  (c.options?.length ?? 0) > 1 || (c.addOns?.length ?? 0) > 0;

/** The shingle line a homeowner reads: the owner's product name, never the good/better/best tier. */
export const shingleLine = (c: Pick<ProposalContent, "shingleName" | "lines">) =>
  c.shingleName ?? c.lines.find((l) => l.label.endsWith(" shingles"))?.label.replace(/ shingles$/, "") ?? null;

// Units as suppliers sell them, and how they read for more than one; anything else is shown as typed.
const UNIT_PLURALS: Record<string, string> = {
  bundle: "bundles",
  roll: "rolls",
  piece: "pieces",
  sheet: "sheets",
  box: "boxes",
  tube: "tubes",
  hour: "hours",
  day: "days",
  kit: "kits",
  square: "squares",
};

/** "37 bundles", "1 roll", "13.42 sq": the quantity with its unit as a person reads it. */
export function quantityWithUnit(quantity: number, unit: string): string {
  const word = unit.trim();
  const plural = quantity === 1 ? undefined : UNIT_PLURALS[word.toLowerCase()];
  return `${formatQuantity(quantity)} ${plural ?? word}`.trim();
}

/**
 * The owner's defaults for a new proposal: its own wording and how many days it stays open.
 * The deposit and the warranty are not in this text: they are built from Pricing and the
 * trust facts when a proposal is sent (factTermsLines).
 */
export type ProposalSettings = { terms: string; validDays: number };
export const VALID_DAYS = { min: 1, max: 365 } as const;
export const TERMS_MAX = 5000;
export const DEFAULT_PROPOSAL_SETTINGS: ProposalSettings = {
  terms: [
    "Price includes materials, labor, tear-off of the layers listed, disposal and cleanup.",
    "Rotten decking found during tear-off is replaced at $85 per sheet, only with your OK.",
    "Shingles carry the manufacturer's warranty.",
  ].join("\n"),
  validDays: 30,
};

/** A quantity as a supplier counts it: whole numbers plain, else up to two decimals. */
export const formatQuantity = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString("en-US") : Number(n.toFixed(2)).toLocaleString("en-US");

export type ProposalState = "open" | "accepted" | "expired" | "withdrawn";

/**
 * Accepted stays accepted; one withdrawn (a newer one was sent, or another accepted) is
 * withdrawn for good; otherwise open until its expiry, expired from then on.
 */
export function proposalState(
  p: { acceptedAt: Date | null; expiresAt: Date; withdrawnAt?: Date | null },
  now = new Date(),
): ProposalState {
  if (p.acceptedAt) return "accepted";
  if (p.withdrawnAt) return "withdrawn";
  return now.getTime() < p.expiresAt.getTime() ? "open" : "expired";
}

/** Where a proposal stands as staff read it: an open one not emailed yet is not sent yet. */
export type ProposalStanding = ProposalState | "unsent";

export const PROPOSAL_STANDING_LABELS: Record<ProposalStanding, string> = {
  unsent: "Not sent yet",
  open: "Waiting for the homeowner",
  accepted: "Accepted",
  expired: "Expired",
  withdrawn: "Replaced",
};

/**
 * A link made by "Create proposal" reaches nobody by itself: an open proposal waits for the
 * homeowner only once its mail is sent or on its way.
 */
export function proposalStanding(state: ProposalState, emailed: boolean): ProposalStanding {
  return state === "open" && !emailed ? "unsent" : state;
}

/** The acceptance form's fields. */
export const ACCEPT_FIELDS = { name: "fullName", agree: "agree" } as const;
export const NAME_MAX = 120;

export const PROPOSAL_MESSAGES = {
  nameMissing: "Please type your full name to accept.",
  nameTooLong: `Please keep your name under ${NAME_MAX} characters.`,
  agreeMissing: "Please check the box to agree to the terms.",
  tooMany: "Too many tries from your connection. Please wait a few minutes or give us a call.",
  expired: "This proposal has expired.",
  replaced: "This proposal was replaced by a newer one",
  sent: "Proposal created",
  noEstimate: "This lead has no estimate yet: make one before sending a proposal.",
  alreadyAccepted: "The homeowner has accepted a proposal for this job: it stands, and no other can be sent.",
  termsMissing: "Please write the terms the homeowner agrees to.",
  termsTooLong: `Please keep the terms under ${TERMS_MAX.toLocaleString("en-US")} characters.`,
  badDays: `Please give a number of days from ${VALID_DAYS.min} to ${VALID_DAYS.max}.`,
} as const;

/** What a replaced proposal's page (and its PDF link) says under the title. */
export const PROPOSAL_REPLACED_TEXT =
  "We have changed this proposal, so this copy can no longer be accepted. Please use the link in our newest message (or the one we send you shortly), or give us a call.";

/** Where the homeowner opens a proposal, and its PDF. */
export const proposalPath = (token: string) => href("/proposal/:token", { token });
export const proposalPdfPath = (token: string) => href("/proposal/:token/proposal.pdf", { token });

/** What a proposal is made from, as plain values: the lead, its estimate, its roof, the business. */
export type ProposalSources = {
  lead: {
    name: string;
    email: string;
    phone: string | null;
    street: string | null;
    city: string | null;
    zip: string | null;
  };
  estimate: {
    tier: ShingleTier;
    lines: EstimateLine[];
    subtotalCents: number;
    taxRateBasisPoints: number;
    taxCents: number;
    totalCents: number;
  };
  roof: { figures: Figure[]; drawing: ViewDrawing | null } | null;
  business: {
    company: string;
    phone: string;
    email: string;
    street: string;
    city: string;
    region: string;
    postalCode: string;
  };
  terms: string;
  facts: TermsFacts;
  validDays: number;
  /** The estimate's shingle line as the owner names it. */
  shingleName: string;
  /** The options and add-ons offered (lib/proposal-offer.ts buildOffer); none: the estimate alone. */
  offer?: { options: ProposalOption[]; addOns: ProposalAddOn[]; showUnitPrices: boolean };
  /** Today in Kansas (YYYY-MM-DD) and the moment, so tests can fix both. */
  today: string;
  now: Date;
};

/**
 * The frozen copy a proposal keeps: who, where, what and for how much, as it stood when it
 * was sent. The lines keep what the homeowner needs (no takeoff keys or "adjusted" marks);
 * a traced outline without facets or lines is no diagram.
 */
export function buildProposalContent(s: ProposalSources): ProposalContent {
  const { lead, estimate, business } = s;
  // The default option: the estimate's own shingle line when it is offered, else the first.
  const own: ProposalOption = {
    tier: estimate.tier,
    name: s.shingleName,
    lines: estimate.lines.map(({ label, quantity, unit, unitPriceCents, totalCents }) => ({
      label,
      quantity,
      unit,
      unitPriceCents,
      totalCents,
    })),
    subtotalCents: estimate.subtotalCents,
    taxCents: estimate.taxCents,
    totalCents: estimate.totalCents,
  };
  const options = s.offer?.options.length ? s.offer.options : [own];
  const main = options.find((o) => o.tier === estimate.tier) ?? options[0];
  const drawing =
    s.roof?.drawing && (s.roof.drawing.facets.length > 0 || s.roof.drawing.lines.length > 0) ? s.roof.drawing : null;
  return {
    version: 1,
    issuedAt: s.now.toISOString(),
    validUntil: addDays(s.today, s.validDays),
    company: {
      name: business.company,
      phone: business.phone,
      email: business.email,
      address: addressLine(business),
    },
    customer: { name: lead.name, address: leadAddressLine(lead), email: lead.email, phone: lead.phone ?? "" },
    roof: s.roof ? { figures: s.roof.figures, drawing } : null,
    tier: main.tier,
    shingleName: main.name,
    lines: main.lines,
    subtotalCents: main.subtotalCents,
    taxRateBasisPoints: estimate.taxRateBasisPoints,
    taxCents: main.taxCents,
    totalCents: main.totalCents,
    terms: s.terms,
    ...frozenFacts(main.totalCents, s.facts),
    ...(options.length > 1 && { options }),
    ...(s.offer?.addOns.length && { addOns: s.offer.addOns }),
    ...(s.offer && !s.offer.showUnitPrices && { showUnitPrices: false }),
  };
}
