import { describe, expect, it } from "vitest";
import {
  AddVisitSchema,
  CancelVisitSchema,
  DEFAULT_VISIT_LENGTHS,
  defaultVisitKind,
  isVisitIntent,
  MoveVisitSchema,
  VisitLengthsFormSchema,
  VisitLengthsSchema,
} from "./visit-form";

const add = (fields: Record<string, string>) =>
  AddVisitSchema.safeParse({
    intent: "add-visit",
    kind: "work_day",
    day: "2026-03-09",
    time: "09:00",
    lengthMinutes: "480",
    ...fields,
  });

describe("the visit forms", () => {
  it("books a day and a time in Kansas as the instant they name", () => {
    const parsed = add({ assignee: "3", note: " Bring the tear-off crew " });
    expect(parsed.success && parsed.data).toMatchObject({
      kind: "work_day",
      startsAt: new Date("2026-03-09T14:00:00Z"),
      lengthMinutes: 480,
      assignee: 3,
      note: "Bring the tear-off crew",
    });
  });

  it("refuses 2:30 AM on 2026-03-08 on the time field, saying why", () => {
    const parsed = add({ day: "2026-03-08", time: "02:30" });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual(["time"]);
    expect(issue?.message).toBe(
      "2:30 AM does not happen on Sunday, March 8, 2026: the clocks in Kansas jump from 2:00 to 3:00 AM that night. Choose another time.",
    );
  });

  it("refuses a day that is not one, a length not offered, an unknown kind, a bad assignee", () => {
    expect(add({ day: "2026-02-30" }).error?.issues[0]?.path).toEqual(["day"]);
    expect(add({ lengthMinutes: "7" }).error?.issues[0]?.path).toEqual(["lengthMinutes"]);
    expect(add({ kind: "party" }).error?.issues[0]?.path).toEqual(["kind"]);
    expect(add({ assignee: "0" }).error?.issues[0]?.path).toEqual(["assignee"]);
    expect(add({ note: "x".repeat(1001) }).error?.issues[0]?.path).toEqual(["note"]);
  });

  it("moves and cancels a visit by its id", () => {
    const moved = MoveVisitSchema.safeParse({
      intent: "move-visit",
      visitId: "12",
      day: "2026-11-02",
      time: "09:00",
      lengthMinutes: "60",
    });
    expect(moved.success && moved.data).toMatchObject({ visitId: 12, startsAt: new Date("2026-11-02T15:00:00Z") });
    expect(CancelVisitSchema.safeParse({ intent: "cancel-visit", visitId: "x" }).success).toBe(false);
    expect(isVisitIntent("cancel-visit")).toBe(true);
    expect(isVisitIntent("toString")).toBe(false);
  });
});

describe("what a new booking starts as", () => {
  it("is an estimate visit of an hour for a lead not yet won, and a day's work day for a won job", () => {
    for (const status of ["new", "contacted", "visit_scheduled", "measured", "quoted", "lost"] as const)
      expect(defaultVisitKind(status)).toBe("estimate_visit");
    expect(defaultVisitKind("won")).toBe("work_day");
    expect(DEFAULT_VISIT_LENGTHS).toEqual({ estimate_visit: 60, inspection: 60, adjuster_meeting: 60, work_day: 480 });
  });

  it("takes the owner's lengths only from the form's choices, one per kind", () => {
    const saved = VisitLengthsFormSchema.safeParse({
      intent: "visit-lengths",
      estimate_visit: "90",
      inspection: "30",
      adjuster_meeting: "90",
      work_day: "600",
    });
    expect(saved.success && saved.data).toEqual({
      intent: "visit-lengths",
      estimate_visit: 90,
      inspection: 30,
      adjuster_meeting: 90,
      work_day: 600,
    });
    const refused = VisitLengthsFormSchema.safeParse({
      intent: "visit-lengths",
      estimate_visit: "45",
      inspection: "30",
    });
    expect(refused.error?.issues.map((i) => i.path[0])).toEqual(["estimate_visit", "adjuster_meeting", "work_day"]);
    expect(VisitLengthsSchema.safeParse({ estimate_visit: 60, inspection: 60 }).success).toBe(false);
    // Lengths saved before adjuster meetings were a kind still read, that one at its default.
    expect(VisitLengthsSchema.parse({ estimate_visit: 90, inspection: 30, work_day: 600 })).toEqual({
      estimate_visit: 90,
      inspection: 30,
      adjuster_meeting: 60,
      work_day: 600,
    });
  });
});
