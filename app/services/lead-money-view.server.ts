import type { SessionUser } from "~/models/session.server";

// Issue 33 scaffold (being written this session): what the lead page shows of this part.
export type LeadMoneyView = { leadId: number };

export async function leadMoneyView(_request: Request, leadId: number, _user: SessionUser): Promise<LeadMoneyView | null> {
  void leadId;
  return null;
}
