/** What a scheduled visit is for: db/schema.ts `visits.kind`. */
// "adjuster_meeting": on the roof with the insurance carrier's adjuster (decision 0109).
export const VISIT_KINDS = ["estimate_visit", "inspection", "adjuster_meeting", "work_day"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const VISIT_KIND_LABELS: Record<VisitKind, string> = {
  estimate_visit: "Estimate visit",
  inspection: "Inspection",
  adjuster_meeting: "Adjuster meeting",
  work_day: "Work day",
};

export const isVisitKind = (value: unknown): value is VisitKind =>
  typeof value === "string" && (VISIT_KINDS as readonly string[]).includes(value);
