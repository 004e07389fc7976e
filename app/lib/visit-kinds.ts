/** What a scheduled visit is for: db/schema.ts `visits.kind`. */
export const VISIT_KINDS = ["estimate_visit", "inspection", "work_day"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export const VISIT_KIND_LABELS: Record<VisitKind, string> = {
  estimate_visit: "Estimate visit",
  inspection: "Inspection",
  work_day: "Work day",
};

export const isVisitKind = (value: unknown): value is VisitKind =>
  typeof value === "string" && (VISIT_KINDS as readonly string[]).includes(value);
