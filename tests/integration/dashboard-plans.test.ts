import { beforeAll, describe, expect, it } from "vitest";
import { systemActor } from "~/lib/actor";
import { businessToday } from "~/lib/business-time";
import { getDashboard } from "~/models/dashboard.server";
import { visibleTo } from "~/models/lead-assignment.server";
import { createLead, setJobCompleted, updateLead, waitingLeads } from "~/models/lead.server";
import { getDb } from "~/server/db.server";
import { plansOf } from "../query-plans";

// The dashboard costs the same with years of finished jobs as with a few. Its
// "Jobs to complete" are read from their own small index, never from every won lead; the
// header's counts on every admin page are ranges of an index, not a pass over every lead.

beforeAll(() => {
  for (let i = 0; i < 30; i++) {
    const { id } = createLead({ name: `Won ${i}`, email: `won${i}@example.com`, phone: null, message: "Roof" });
    const by = systemActor("owner@example.com");
    updateLead(id, { status: "won", lostReason: null, followUpOn: null, note: null }, by);
    if (i >= 3) setJobCompleted(id, true, by);
  }
});

describe("the dashboard's jobs to complete", () => {
  it("lists the won jobs not yet done, oldest first, for the owner and for the crew", () => {
    const today = businessToday();
    const owner = getDashboard(today);
    expect(owner.jobs.count).toBe(3);
    expect(owner.jobs.items.map((j) => j.name)).toEqual(["Won 0", "Won 1", "Won 2"]);
    // Nobody's: the crew sees them too (decision 0053).
    const crew = getDashboard(today, new Date(), visibleTo({ role: "crew", userId: 999 }));
    expect(crew.jobs.items.map((j) => j.name)).toEqual(["Won 0", "Won 1", "Won 2"]);
  });

  it("are read from leads_jobs_open_idx, not from every won lead", () => {
    const jobs = plansOf(() => getDashboard(businessToday())).filter(
      (s) => s.sql.includes("'won'") && s.sql.includes("completed_at"),
    );
    expect(jobs).toHaveLength(2);
    for (const { plan } of jobs) expect(plan).toMatch(/leads USING (COVERING )?INDEX leads_jobs_open_idx/);
  });
});

describe("the header's new and due counts", () => {
  it("count the same leads for the owner and the crew, each by a range of leads_open_status_idx", () => {
    const today = businessToday();
    const statements = plansOf(() => waitingLeads(today, visibleTo({ role: "crew", userId: 999 })));
    expect(statements).toHaveLength(1);
    const { plan } = statements[0];
    expect(plan).not.toMatch(/SCAN leads/);
    expect(plan.match(/SEARCH leads USING (COVERING )?INDEX leads_open_status_idx/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

describe("the dashboard's new leads", () => {
  it("are the newest few, whether there are a few or more than a hundred, and the many are sought on leads_created_idx", () => {
    const newest = () =>
      getDb()
        .$client.prepare(
          "select name from leads where status = 'new' and archived_at is null order by created_at desc, id desc limit 5",
        )
        .pluck()
        .all();
    const today = businessToday();
    for (let i = 0; i < 3; i++)
      createLead({ name: `Few ${i}`, email: `few${i}@example.com`, phone: null, message: "Roof" });
    expect(getDashboard(today).newLeads.items.map((l) => l.name)).toEqual(newest());
    for (let i = 0; i < 120; i++)
      createLead({ name: `Many ${i}`, email: `many${i}@example.com`, phone: null, message: "Roof" });
    const statements = plansOf(() => expect(getDashboard(today).newLeads.items.map((l) => l.name)).toEqual(newest()));
    const sought = statements.find((s) => s.sql.includes("indexed by leads_created_idx"));
    expect(sought?.plan).toMatch(/SCAN leads USING INDEX leads_created_idx/);
  });
});

describe("the dashboard's proposals waiting for an answer", () => {
  it("are a range of proposals_waiting_idx, not a pass over every proposal ever sent", () => {
    const statements = plansOf(() => getDashboard(businessToday())).filter((s) => s.sql.includes('from "proposals"'));
    expect(statements).toHaveLength(2);
    for (const { plan } of statements)
      expect(plan).toMatch(/SEARCH proposals USING INDEX proposals_waiting_idx \(expires_at>\?\)/);
  });
});
