import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { leads, users, visits } from "~/db/schema";
import type { Role } from "~/lib/roles";
import { CLAIM_INTENTS, SaveClaimSchema } from "~/lib/insurance-claim";
import { saveClaim } from "~/models/insurance-claim.server";
import { createLead } from "~/models/lead.server";
import { addVisit, cancelVisit } from "~/models/visit.server";
import { upsertUser } from "~/models/user.server";
import { getDb } from "~/server/db.server";
import { startSession } from "~/services/auth.server";
import { myDayView } from "~/services/my-day.server";
import { scheduleView } from "~/services/visit-schedule.server";
import * as route from "~/routes/admin/my-day";
import { routeArgs } from "./admin-session";
import { startApp } from "./started-app";

// A person's own next visits (My day): today's first, then the coming ones by day, not by
// calendar week; and a visit stays with the person it is given to whatever the lead's state.

// Saturday, November 28, 2026, 10:00 AM in Kansas (CST).
const SATURDAY_10AM = new Date("2026-11-28T16:00:00Z");
const at = (iso: string) => new Date(iso);

const team: Record<string, { userId: number; role: Role; cookie: string }> = {};
let done = 0;
let open = 0;

beforeAll(async () => {
  await startApp();
  for (const [key, role, name] of [
    ["office", "office", "Olive Office"],
    ["kim", "crew", "Kim Crew"],
    ["sam", "crew", "Sam Crew"],
  ] as const) {
    const { user } = await upsertUser(`${key}@example.com`, `${key}-password-123`);
    getDb().update(users).set({ role, name }).where(eq(users.id, user.id)).run();
    team[key] = { userId: user.id, role, cookie: (await startSession(user.id)).split(";")[0]! };
  }
  const lead = (name: string) =>
    createLead({
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      phone: "316-555-0142",
      message: "Roof",
      street: "412 N Main St",
      city: "Wellington",
      zip: "67152",
    }).id;
  const book = (leadId: number, who: number, startsAt: Date, durationMinutes: number, note: string | null = null) => {
    const visit = addVisit(
      { leadId, kind: "work_day", startsAt, durationMinutes, assigneeId: who, note, createdBy: team.office!.userId },
      { id: team.office!.userId, name: "Olive Office" },
      at("2026-11-20T15:00:00Z"),
    );
    if (typeof visit === "string") throw new Error(visit);
    return visit;
  };
  open = lead("Open Job Homeowner");
  // A job the office keeps, already marked completed, on which Kim has a work day.
  done = lead("Finished Job Homeowner");
  getDb()
    .update(leads)
    .set({ assigneeId: team.office!.userId, completedAt: at("2026-11-27T20:00:00Z"), status: "won" })
    .where(eq(leads.id, done))
    .run();
  // Under way since 8 AM today, ends 4 PM.
  book(
    done,
    team.kim!.userId,
    at("2026-11-28T14:00:00Z"),
    480,
    "Tear-off 1 layer, dumpster on driveway. Bring ladder jacks.",
  );
  // Monday (next calendar week), then the week after.
  book(open, team.kim!.userId, at("2026-11-30T15:00:00Z"), 120);
  book(open, team.kim!.userId, at("2026-12-08T15:00:00Z"), 60);
  // Sam's, and one of Kim's canceled, and one that ended yesterday.
  book(open, team.sam!.userId, at("2026-11-28T18:00:00Z"), 60);
  const canceled = book(open, team.kim!.userId, at("2026-12-01T15:00:00Z"), 60);
  cancelVisit(open, canceled.id, { id: team.office!.userId, name: "Olive Office" }, at("2026-11-21T15:00:00Z"));
  book(open, team.kim!.userId, at("2026-11-27T15:00:00Z"), 60);
}, 60_000);

describe("My day", () => {
  it("lists today's work first, under way included, then the next by day across the week's end", () => {
    const view = myDayView(team.kim!, SATURDAY_10AM);
    expect(view.today.label).toBe("Saturday, November 28, 2026");
    expect(view.today.items.map((i) => [i.lead.name, i.time])).toEqual([
      ["Finished Job Homeowner", "8:00 AM – 4:00 PM"],
    ]);
    expect(view.today.items[0]!.note).toBe("Tear-off 1 layer, dumpster on driveway. Bring ladder jacks.");
    expect(view.today.items[0]!.lead).toMatchObject({
      place: "412 N Main St, Wellington, KS 67152",
      phone: "316-555-0142",
    });
    expect(view.coming.map((g) => [g.label, g.items.map((i) => i.start)])).toEqual([
      ["Monday, November 30, 2026", ["9:00 AM"]],
      ["Tuesday, December 8, 2026", ["9:00 AM"]],
    ]);
  });

  it("shows only the person's own visits", () => {
    const view = myDayView(team.sam!, SATURDAY_10AM);
    expect(view.today.items.map((i) => i.start)).toEqual(["12:00 PM"]);
    expect(view.coming).toEqual([]);
  });

  it("keeps a work day on the crew member's schedule when the office completed the job, and the lead opens for them", () => {
    const week = scheduleView(team.kim!, "2026-11-28", SATURDAY_10AM);
    const saturday = week.days.find((d) => d.day === "2026-11-28")!;
    const kept = saturday.items.find((i) => i.lead.name === "Finished Job Homeowner");
    // Sent there by the visit: the homeowner's name links the job (its note, photos, roof).
    expect(kept).toMatchObject({ mine: true, lead: { open: true } });
    expect(myDayView(team.kim!, SATURDAY_10AM).today.items.find((i) => i.lead.id === done)?.lead.open).toBe(true);
    expect(scheduleView(team.office!, "2026-11-28", SATURDAY_10AM).days[5]!.items.map((i) => i.lead.open)).toEqual([
      true,
      true,
    ]);
  });

  it("keeps a visit under way past midnight among today's work", () => {
    // 11 PM Saturday to 1 AM Sunday, Kansas time; looked at at half past midnight.
    getDb()
      .insert(visits)
      .values({
        leadId: open,
        kind: "inspection",
        startsAt: at("2026-11-29T05:00:00Z"),
        durationMinutes: 120,
        assigneeId: team.sam!.userId,
      })
      .run();
    const view = myDayView(team.sam!, at("2026-11-29T06:30:00Z"));
    expect(view.today.label).toBe("Sunday, November 29, 2026");
    expect(view.today.items.map((i) => i.time)).toEqual(["11:00 PM – 1:00 AM"]);
    expect(view.coming).toEqual([]);
  });

  it("answers the page for every role, each with their own", async () => {
    const page = await route.loader(
      routeArgs(new Request("http://site.test/admin/my-day", { headers: { Cookie: team.sam!.cookie } })),
    );
    expect(page.today.items.every((i) => i.mine)).toBe(true);
    expect(getDb().select().from(visits).all().length).toBeGreaterThan(0);
  });

  it("shows a meeting with the adjuster the claim and who to call, never its money", () => {
    const leadId = createLead({
      name: "Hail Claim Homeowner",
      email: "hail@example.com",
      phone: null,
      message: "Hail",
    }).id;
    const office = { id: team.office!.userId, name: "Olive Office" };
    const { intent: _, ...claim } = SaveClaimSchema.parse({
      intent: CLAIM_INTENTS.save,
      carrier: "State Farm",
      claimNumber: "12-345",
      adjusterName: "Pat Adjuster",
      adjusterPhone: "316-555-0199",
      deductible: "1,000",
      approved: "18,450",
    });
    expect(saveClaim(leadId, claim, office)).toBe("created");
    for (const [kind, startsAt] of [
      ["adjuster_meeting", "2026-12-02T16:00:00Z"],
      ["work_day", "2026-12-03T15:00:00Z"],
    ] as const)
      addVisit(
        {
          leadId,
          kind,
          startsAt: at(startsAt),
          durationMinutes: 60,
          assigneeId: team.sam!.userId,
          note: null,
          createdBy: office.id,
        },
        office,
        at("2026-11-20T15:00:00Z"),
      );
    const items = myDayView(team.sam!, SATURDAY_10AM).coming.flatMap((g) => g.items);
    const meeting = items.find((i) => i.kind === "adjuster_meeting")!;
    expect(meeting.claim).toMatchObject({
      carrier: "State Farm",
      claimNumber: "12-345",
      adjusterName: "Pat Adjuster",
      adjusterPhoneHref: "tel:+13165550199",
      money: null,
    });
    // Another visit to the same job is not about the claim.
    expect(items.find((i) => i.kind === "work_day" && i.lead.id === leadId)!.claim).toBeNull();
  });
});
