import type { SessionUser } from "~/models/session.server";

// Issue 33 scaffold (being written this session): what the lead page shows of this part.
export type LeadHomeownerLinkView = { leadId: number };

export async function leadHomeownerLinkView(_request: Request, leadId: number, _user: SessionUser): Promise<LeadHomeownerLinkView | null> {
  void leadId;
  return null;
}
