import type { LeadScheduleView } from "~/services/lead-schedule-view.server";

// Issue 33 scaffold (being written this session).
export function LeadSchedule({ view }: { view: LeadScheduleView | null }) {
  if (!view) return null;
  return null;
}
