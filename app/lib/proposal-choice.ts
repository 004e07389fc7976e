/**
 * The homeowner's choice on a proposal with options (decision 0108): one of the shingle lines
 * offered and any of the add-ons, and what it comes to. One function works the total out for
 * the page's live figure (scripts on), the server's last look and the acceptance; the server
 * never takes a total from the browser, it only checks that the one shown is the one it gets.
 * No zod here: the homeowner's page imports it.
 */
import type { ShingleTier } from "./estimate";
import { taxCents } from "./money-format";
import { hasChoices, shingleLine, type ProposalAddOn, type ProposalContent, type ProposalOption } from "./proposal";

/** The choice form's fields and its two steps: "See my total" (review) and "Accept" (accept). */
export const CHOICE_FIELDS = { option: "option", addOn: "addOn", total: "total", intent: "intent" } as const;
export const CHOICE_INTENTS = { review: "review", accept: "accept" } as const;

export const CHOICE_MESSAGES = {
  noOption: "Please choose one of the options.",
  unknownOption: "That option is not part of this proposal: please choose one of those shown.",
  unknownAddOn: "That extra is not part of this proposal: please choose from those shown.",
  totalChanged: "The total is not the one you were shown: please look at it again before accepting.",
} as const;

/** The most add-ons a proposal offers (and a choice may name). */
export const MAX_ADD_ONS = 10;

export type ProposalChoice = { option: ShingleTier; addOns: string[] };
/** A choice as a form posts it: the option's value, the add-ons ticked, and the total shown (cents). */
export type PostedChoice = { option: string | null; addOns: readonly string[]; total: string | null };

type Choosable = Pick<
  ProposalContent,
  | "tier"
  | "shingleName"
  | "lines"
  | "subtotalCents"
  | "taxCents"
  | "totalCents"
  | "taxRateBasisPoints"
  | "options"
  | "addOns"
>;

/** The options a proposal offers: its own, or (one option, an older copy) its lines as the one. */
export function proposalOptions(c: Choosable): ProposalOption[] {
  if (c.options?.length) return c.options;
  const { tier, lines, subtotalCents, taxCents, totalCents } = c;
  return [{ tier, name: shingleLine(c) ?? "", lines, subtotalCents, taxCents, totalCents }];
}

/** What the page starts with: the default option (the top-level lines'), no add-ons. */
export const defaultChoice = (c: Choosable): ProposalChoice => ({ option: c.tier, addOns: [] });

export type ChoiceTotals = {
  option: ProposalOption;
  addOns: ProposalAddOn[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/**
 * What a choice comes to: the option's subtotal and the add-ons', taxed together at the
 * proposal's rate (as an estimate's lines are). Without add-ons, the option's own figures.
 * Null for an option or an add-on the proposal does not offer.
 */
export function choiceTotals(c: Choosable, choice: ProposalChoice): ChoiceTotals | null {
  const option = proposalOptions(c).find((o) => o.tier === choice.option);
  if (!option) return null;
  const offered = c.addOns ?? [];
  const addOns = offered.filter((a) => choice.addOns.includes(a.id));
  if (choice.addOns.length !== addOns.length) return null;
  if (addOns.length === 0)
    return {
      option,
      addOns,
      subtotalCents: option.subtotalCents,
      taxCents: option.taxCents,
      totalCents: option.totalCents,
    };
  const subtotalCents = option.subtotalCents + addOns.reduce((sum, a) => sum + a.cents, 0);
  const tax = taxCents(subtotalCents, c.taxRateBasisPoints);
  return { option, addOns, subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/**
 * The choice a form posted, checked against what the proposal offers: an option it has
 * (none posted is the only one, when there is one), add-ons it has. A message otherwise.
 */
export function readChoice(
  c: Choosable,
  posted: { option: string | null; addOns: readonly string[] },
): ProposalChoice | { error: string } {
  const options = proposalOptions(c);
  const option = posted.option ?? (options.length === 1 ? options[0].tier : null);
  if (option === null) return { error: CHOICE_MESSAGES.noOption };
  const found = options.find((o) => o.tier === option);
  if (!found) return { error: CHOICE_MESSAGES.unknownOption };
  const addOns = [...new Set(posted.addOns)];
  const ids = new Set((c.addOns ?? []).map((a) => a.id));
  if (addOns.length > MAX_ADD_ONS || addOns.some((id) => !ids.has(id))) return { error: CHOICE_MESSAGES.unknownAddOn };
  return { option: found.tier, addOns };
}

/**
 * The acceptance's choice, checked: what was posted must be offered, and the total the
 * homeowner was shown (posted back with it, on a proposal with choices) must be what the
 * choice comes to now. The figures are worked out here, never read from the post.
 */
export function checkedChoice(
  c: Choosable,
  posted: PostedChoice,
): { choice: ProposalChoice; totals: ChoiceTotals } | { error: string } {
  const choice = readChoice(c, posted);
  if ("error" in choice) return choice;
  const totals = choiceTotals(c, choice);
  if (!totals) return { error: CHOICE_MESSAGES.unknownOption };
  if (hasChoices(c) && posted.total !== String(totals.totalCents)) return { error: CHOICE_MESSAGES.totalChanged };
  return { choice, totals };
}

/** The choice's figures read back from the form's own fields (the browser's live total). */
export function choiceFromForm(c: Choosable, form: FormData): ChoiceTotals | null {
  const option = form.get(CHOICE_FIELDS.option);
  const choice = readChoice(c, {
    option: typeof option === "string" ? option : null,
    addOns: form.getAll(CHOICE_FIELDS.addOn).filter((v): v is string => typeof v === "string"),
  });
  return "error" in choice ? null : choiceTotals(c, choice);
}

type StoredChoice = { chosenOption: ShingleTier | null; chosenAddOns: string[] | null };

/** The stored acceptance's choice (an acceptance from before options chose the only option). */
export const storedChoice = (c: Choosable, stored: StoredChoice): ProposalChoice => ({
  option: stored.chosenOption ?? c.tier,
  addOns: stored.chosenAddOns ?? [],
});

/** What the stored acceptance comes to. */
export const acceptedChoice = (c: Choosable, stored: StoredChoice) => choiceTotals(c, storedChoice(c, stored));
