import type { SessionUser } from "~/models/session.server";

// Issue 33 scaffold (being written this session): what the lead page shows of this part.
export type LeadScheduleView = { leadId: number };

export async function leadScheduleView(_request: Request, leadId: number, _user: SessionUser): Promise<LeadScheduleView | null> {
  void leadId;
  return null;
}
