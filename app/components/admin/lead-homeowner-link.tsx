import type { LeadHomeownerLinkView } from "~/services/lead-homeowner-link-view.server";

// Issue 33 scaffold (being written this session).
export function LeadHomeownerLink({ view }: { view: LeadHomeownerLinkView | null }) {
  if (!view) return null;
  return null;
}
