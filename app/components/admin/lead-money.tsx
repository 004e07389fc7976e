import type { LeadMoneyView } from "~/services/lead-money-view.server";

// Issue 33 scaffold (being written this session).
export function LeadMoney({ view }: { view: LeadMoneyView | null }) {
  if (!view) return null;
  return null;
}
