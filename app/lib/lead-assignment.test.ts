import { describe, expect, it } from "vitest";
import {
  filterAssignee,
  assigneeOfNewLead,
  mayAssign,
  maySeeLead,
  parseWhoFilter,
  personName,
  whoParam,
} from "./lead-assignment";

const crew = { role: "crew" as const, userId: 7 };
const office = { role: "office" as const, userId: 2 };

describe("who sees and who assigns a lead (decision 0053)", () => {
  it("the crew sees their own and the open work nobody has; owner and office every lead", () => {
    const archived = new Date();
    const lead = { assigneeId: null, archivedAt: null, status: "new" as const, completedAt: null, visitorIds: [] };
    expect(maySeeLead(crew, { ...lead, assigneeId: 7, archivedAt: archived, status: "lost" })).toBe(true);
    expect(maySeeLead(crew, lead)).toBe(true);
    expect(maySeeLead(crew, { ...lead, status: "won" })).toBe(true);
    expect(maySeeLead(crew, { ...lead, status: "won", completedAt: archived })).toBe(false);
    expect(maySeeLead(crew, { ...lead, status: "lost" })).toBe(false);
    expect(maySeeLead(crew, { ...lead, archivedAt: archived })).toBe(false);
    expect(maySeeLead(crew, { ...lead, assigneeId: 8 })).toBe(false);
    expect(maySeeLead(office, { ...lead, assigneeId: 8, archivedAt: archived })).toBe(true);
  });

  it("the crew sees a lead they have a visit on, whoever keeps it and whatever became of it", () => {
    const done = new Date();
    const kept = { assigneeId: 2, archivedAt: null, status: "won" as const, completedAt: null, visitorIds: [7] };
    expect(maySeeLead(crew, kept)).toBe(true);
    expect(maySeeLead(crew, { ...kept, completedAt: done, archivedAt: done })).toBe(true);
    expect(maySeeLead(crew, { ...kept, visitorIds: [8, 9] })).toBe(false);
    expect(maySeeLead(crew, { ...kept, assigneeId: null, completedAt: done, visitorIds: [] })).toBe(false);
    expect(maySeeLead({ role: "crew", userId: 8 }, { ...kept, visitorIds: [7, 8] })).toBe(true);
  });

  it("a lead the crew adds is theirs; the office's is nobody's", () => {
    expect(assigneeOfNewLead(crew)).toBe(7);
    expect(assigneeOfNewLead(office)).toBeNull();
  });

  it("the crew takes a free lead or gives back their own, nothing else", () => {
    expect(mayAssign(crew, null, 7)).toBe(true);
    expect(mayAssign(crew, 7, null)).toBe(true);
    expect(mayAssign(crew, null, 8)).toBe(false);
    expect(mayAssign(crew, 8, 7)).toBe(false);
    expect(mayAssign(crew, 7, 8)).toBe(false);
    expect(mayAssign(office, 8, 3)).toBe(true);
  });

  it("reads the filter from the URL and writes it back", () => {
    for (const v of ["", "mine", "nobody", "12"]) expect(whoParam(parseWhoFilter(v))).toBe(v);
    expect(parseWhoFilter("0")).toEqual({ kind: "everyone" });
    expect(parseWhoFilter("1e3")).toEqual({ kind: "everyone" });
    expect(filterAssignee(parseWhoFilter("mine"), crew)).toBe(7);
    expect(filterAssignee(parseWhoFilter("nobody"), crew)).toBeNull();
    // Someone else's leads are not the crew's to list: the filter falls back to all they see.
    expect(filterAssignee(parseWhoFilter("8"), crew)).toBeUndefined();
    expect(filterAssignee(parseWhoFilter("8"), office)).toBe(8);
  });

  it("names people by name, else email", () => {
    expect(personName({ name: " ", email: "kim@example.com" })).toBe("kim@example.com");
  });
});
