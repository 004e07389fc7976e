import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "~/lib/roles";
import { fakeResendForApp } from "./fake-mail";

// The schedule: visits booked, moved and canceled from the lead page in Kansas
// time across both daylight-saving changes of 2026, the homeowner's mails with their .ics
// (parsed by a calendar library), the day-before reminder once, and who sees what.

// The clock stands before the spring change, so both changes' visits are still to come
// (only Date is faked: the fake Resend still answers).
vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(new Date("2026-03-01T18:00:00Z"));
afterAll(() => vi.useRealTimers());

const fake = await fakeResendForApp({ SITE_URL: "https://roofs.example" });

const { getDb } = await import("~/server/db.server");
const { visits, leads: leadsTable } = await import("~/db/schema");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { createLead } = await import("~/models/lead.server");
const { processOutbox } = await import("~/services/outbox.server");
const { queueVisitReminders } = await import("~/services/visit-reminders.server");
const { findMail, recordAttempts } = await import("~/models/outbox.server");
const { outbox } = await import("~/db/schema");
const { scheduleView } = await import("~/services/visit-schedule.server");
const { leadScheduleView } = await import("~/services/lead-schedule-view.server");
const { routeArgs, signInTeam } = await import("./admin-session");
const visitsRoute = await import("~/routes/admin/lead-visits");
const scheduleRoute = await import("~/routes/admin/schedule");

const team: Record<string, { id: number; cookie: string }> = {};
beforeAll(async () => {
  const people: [string, Role, string][] = [
    ["owner", "owner", "Pat Owner"],
    ["crew", "crew", "Kim Crew"],
    ["crew2", "crew", "Sam Crew"],
  ];
  Object.assign(team, await signInTeam(people));
}, 60_000);

const newLead = (name: string, fields: { email?: string; assigneeId?: number } = {}) => {
  const { id } = createLead({
    name,
    email: fields.email ?? `${name.split(" ")[0].toLowerCase()}@example.com`,
    phone: "316-555-0100",
    message: "Roof",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
  });
  if (fields.assigneeId)
    getDb().update(leadsTable).set({ assigneeId: fields.assigneeId }).where(eq(leadsTable.id, id)).run();
  return id;
};

type Answer = Response | { data: { intent: string; reply: { error?: Record<string, string[]> } }; init: ResponseInit };
const post = async (who: string, leadId: number, fields: Record<string, string>): Promise<Answer> => {
  // The fake clock stands still: a minute on per post, so the outbox's pacing between requests never waits.
  vi.setSystemTime(new Date(Date.now() + 60_000));
  try {
    return (await visitsRoute.action(
      routeArgs(
        new Request(`http://site.test/admin/leads/${leadId}/visits`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: team[who].cookie },
        }),
        { id: String(leadId) },
      ),
    )) as Answer;
  } catch (thrown) {
    return thrown as Answer;
  }
};
const statusOf = (answer: Answer) => (answer instanceof Response ? answer.status : (answer.init?.status ?? 200));
const visitRows = (leadId: number) =>
  getDb().select().from(visits).where(eq(visits.leadId, leadId)).orderBy(visits.id).all();
const book = (leadId: number, fields: Record<string, string>) =>
  post("owner", leadId, {
    intent: "add-visit",
    kind: "work_day",
    lengthMinutes: "480",
    note: "",
    assignee: "",
    ...fields,
  });

/** The .ics attached to a recorded mail, parsed by ical.js. */
function calendarOf(mail: (typeof fake.sent)[number]) {
  const attachments =
    (
      mail as unknown as {
        attachments?: { filename: string; content: unknown; content_type?: string; contentType?: string }[];
      }
    ).attachments ?? [];
  expect(attachments).toHaveLength(1);
  const [file] = attachments;
  const content = file.content;
  const text =
    typeof content === "string"
      ? Buffer.from(content, "base64").toString("utf8")
      : Buffer.from((content as { data: number[] }).data ?? (content as number[])).toString("utf8");
  const component = new ICAL.Component(ICAL.parse(text));
  const event = component.getFirstSubcomponent("vevent")!;
  return {
    filename: file.filename,
    method: component.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue("organizer")),
    attendee: String(event.getFirstPropertyValue("attendee")),
    location: String(event.getFirstPropertyValue("location")),
  };
}
const mailsTo = (to: string) => fake.sent.filter((m) => [m.to].flat().some((address) => address.includes(to)));

describe("booking across the spring change (2026-03-08)", () => {
  it("a 9:00 work day on the day after the change is 9:00 CDT (14:00 UTC); the homeowner's mail has a valid invitation", async () => {
    const id = newLead("Ava Spring");
    const answer = await book(id, {
      day: "2026-03-09",
      time: "09:00",
      assignee: String(team.crew.id),
      note: "Tear-off first",
    });
    expect(statusOf(answer)).toBe(302);
    const [visit] = visitRows(id);
    expect(visit.startsAt.toISOString()).toBe("2026-03-09T14:00:00.000Z");
    expect(visit).toMatchObject({
      kind: "work_day",
      durationMinutes: 480,
      assigneeId: team.crew.id,
      note: "Tear-off first",
      sequence: 0,
    });
    const [mail] = mailsTo("ava@example.com");
    expect(mail.subject).toBe("Your work day with Prairie Ridge Framing & Roofing: Mon, Mar 9 at 9:00 AM");
    expect(mail.text).toContain("Monday, March 9, 2026 at 9:00 AM (Kansas time) at 412 N Main St, Derby, KS 67037");
    expect(mail.text).toContain("Kim Crew from Prairie Ridge Framing & Roofing will be there.");
    // The team's note stays with the team; the homeowner's page is linked.
    expect(mail.text).not.toContain("Tear-off");
    expect(mail.text).toMatch(/https:\/\/roofs\.example\/job\/[\w-]{43}/);
    const ics = calendarOf(mail);
    expect(ics).toMatchObject({
      filename: "invite.ics",
      method: "REQUEST",
      uid: `visit-${visit.id}@roofs.example`,
      sequence: 0,
      status: "CONFIRMED",
    });
    expect(ics.start).toBe("2026-03-09T14:00:00.000Z");
    expect(ics.end).toBe("2026-03-09T22:00:00.000Z");
    expect(ics.attendee.toLowerCase()).toBe("mailto:ava@example.com");
    // The same address line as the mail, the PDFs and the screens, state included.
    expect(ics.location).toBe("412 N Main St, Derby, KS 67037");
    // The history says what was booked, in Kansas time.
    expect(listLeadNotes(id, "owner").at(-1)?.text).toBe("Work day booked for Mon, Mar 9 at 9:00 AM");
  });

  it("9:00 on the change day itself is 14:00 UTC, and 9:00 the day before is 15:00 UTC", async () => {
    const id = newLead("Ben Spring");
    await book(id, { day: "2026-03-07", time: "09:00" });
    await book(id, { day: "2026-03-08", time: "09:00" });
    expect(visitRows(id).map((v) => v.startsAt.toISOString())).toEqual([
      "2026-03-07T15:00:00.000Z",
      "2026-03-08T14:00:00.000Z",
    ]);
  });

  it("refuses 2:30 AM on 2026-03-08 with a clear message on the time, and books nothing", async () => {
    const id = newLead("Cal Gap");
    const answer = await book(id, { day: "2026-03-08", time: "02:30" });
    expect(statusOf(answer)).toBe(400);
    expect((answer as Exclude<Answer, Response>).data.reply.error?.time).toEqual([
      "2:30 AM does not happen on Sunday, March 8, 2026: the clocks in Kansas jump from 2:00 to 3:00 AM that night. Choose another time.",
    ]);
    expect(visitRows(id)).toEqual([]);
    expect(mailsTo("cal@example.com")).toEqual([]);
  });
});

describe("booking across the fall change (2026-11-01)", () => {
  it("a 9:00 visit on the day after is 9:00 CST (15:00 UTC), on the day before 14:00 UTC", async () => {
    const id = newLead("Dee Fall");
    await book(id, { kind: "inspection", day: "2026-11-02", time: "09:00", lengthMinutes: "60" });
    await book(id, { kind: "estimate_visit", day: "2026-10-31", time: "09:00", lengthMinutes: "60" });
    expect(visitRows(id).map((v) => v.startsAt.toISOString())).toEqual([
      "2026-11-02T15:00:00.000Z",
      "2026-10-31T14:00:00.000Z",
    ]);
    const subjects = mailsTo("dee@example.com").map((m) => m.subject);
    expect(subjects).toEqual([
      "Your inspection with Prairie Ridge Framing & Roofing: Mon, Nov 2 at 9:00 AM",
      "Your estimate visit with Prairie Ridge Framing & Roofing: Sat, Oct 31 at 9:00 AM",
    ]);
    const [first] = mailsTo("dee@example.com");
    expect(calendarOf(first).start).toBe("2026-11-02T15:00:00.000Z");
  });

  it("1:30 AM on the change day, which happens twice, is the first one (CDT)", async () => {
    const id = newLead("Eve Twice");
    await book(id, { day: "2026-11-01", time: "01:30" });
    expect(visitRows(id)[0].startsAt.toISOString()).toBe("2026-11-01T06:30:00.000Z");
  });

  it("a visit moved across the change keeps its wall-clock time: 9:00 CDT in October to 9:00 CST in November", async () => {
    const id = newLead("Fay Move");
    await book(id, { day: "2026-10-30", time: "09:00", lengthMinutes: "60" });
    const [visit] = visitRows(id);
    fake.sent.length = 0;
    const answer = await post("owner", id, {
      intent: "move-visit",
      visitId: String(visit.id),
      day: "2026-11-02",
      time: "09:00",
      lengthMinutes: "60",
      assignee: "",
      note: "",
    });
    expect(statusOf(answer)).toBe(302);
    const [moved] = visitRows(id);
    expect(moved.startsAt.toISOString()).toBe("2026-11-02T15:00:00.000Z");
    expect(moved.sequence).toBe(1);
    const [mail] = mailsTo("fay@example.com");
    expect(mail.subject).toBe("Your work day has moved to Mon, Nov 2 at 9:00 AM");
    const ics = calendarOf(mail);
    expect(ics).toMatchObject({
      method: "REQUEST",
      uid: `visit-${visit.id}@roofs.example`,
      sequence: 1,
      start: "2026-11-02T15:00:00.000Z",
    });
  });
});

describe("moving and canceling", () => {
  it("a new note or person only saves (no mail, same sequence); canceling mails METHOD CANCEL with the next sequence", async () => {
    const id = newLead("Gus Cancel");
    await book(id, { day: "2026-04-14", time: "10:00" });
    const [visit] = visitRows(id);
    fake.sent.length = 0;
    const same = {
      intent: "move-visit",
      visitId: String(visit.id),
      day: "2026-04-14",
      time: "10:00",
      lengthMinutes: "480",
    };
    const saved = await post("owner", id, { ...same, assignee: String(team.crew2.id), note: "Bring the lift" });
    expect(statusOf(saved)).toBe(302);
    expect(visitRows(id)[0]).toMatchObject({ sequence: 0, assigneeId: team.crew2.id, note: "Bring the lift" });
    expect(fake.sent).toEqual([]);
    const cancelled = await post("owner", id, { intent: "cancel-visit", visitId: String(visit.id) });
    expect(statusOf(cancelled)).toBe(302);
    expect(visitRows(id)[0].cancelledAt).not.toBeNull();
    const [mail] = mailsTo("gus@example.com");
    expect(mail.subject).toBe("Your work day on Tue, Apr 14 at 10:00 AM is canceled");
    expect(calendarOf(mail)).toMatchObject({
      filename: "canceled.ics",
      method: "CANCEL",
      status: "CANCELLED",
      sequence: 1,
      uid: `visit-${visit.id}@roofs.example`,
    });
    // A second cancel changes nothing; a canceled visit cannot be moved.
    expect(statusOf(await post("owner", id, { intent: "cancel-visit", visitId: String(visit.id) }))).toBe(302);
    expect(mailsTo("gus@example.com")).toHaveLength(1);
    expect(statusOf(await post("owner", id, { ...same, assignee: "", note: "" }))).toBe(400);
  });

  it("refuses another lead's visit, an unknown intent, a person not on the team, and the crew", async () => {
    const id = newLead("Hal Guard");
    const other = newLead("Ivy Other");
    await book(other, { day: "2026-04-20", time: "08:00" });
    const [theirs] = visitRows(other);
    expect(statusOf(await post("owner", id, { intent: "cancel-visit", visitId: String(theirs.id) }))).toBe(400);
    expect(visitRows(other)[0].cancelledAt).toBeNull();
    expect(statusOf(await post("owner", id, { intent: "delete-everything" }))).toBe(400);
    expect(statusOf(await book(id, { day: "2026-04-20", time: "08:00", assignee: "999999" }))).toBe(400);
    expect(
      statusOf(
        await post("crew", id, {
          intent: "add-visit",
          kind: "work_day",
          day: "2026-04-20",
          time: "08:00",
          lengthMinutes: "60",
        }),
      ),
    ).toBe(403);
    expect(statusOf(await book(99999, { day: "2026-04-20", time: "08:00" }))).toBe(404);
    expect(visitRows(id)).toEqual([]);
  });

  it("a lead without an email is booked without a mail, and says so", async () => {
    const id = newLead("Jo Nomail", { email: "" });
    const answer = (await book(id, { day: "2026-04-21", time: "08:00" })) as Response;
    expect(answer.status).toBe(302);
    expect(visitRows(id)).toHaveLength(1);
    expect(findMail("visit-confirmation", { leadId: id })).toBeUndefined();
  });
});

describe("the day-before reminder", () => {
  it("is queued once for visits starting tomorrow, Kansas time, and a move clears it", async () => {
    const id = newLead("Kay Remind");
    await book(id, { day: "2026-03-09", time: "07:00" });
    await book(id, { day: "2026-03-10", time: "07:00" });
    const [monday, tuesday] = visitRows(id);
    // Sunday 2026-03-08, 1:00 PM in Kansas (CDT): tomorrow is Monday the 9th.
    const sunday = new Date("2026-03-08T18:00:00Z");
    const before = queueVisitReminders(sunday);
    expect(before).toBeGreaterThanOrEqual(1);
    expect(queueVisitReminders(sunday)).toBe(0);
    expect(visitRows(id).find((v) => v.id === monday.id)?.reminderQueuedAt).not.toBeNull();
    expect(visitRows(id).find((v) => v.id === tuesday.id)?.reminderQueuedAt).toBeNull();
    fake.sent.length = 0;
    await processOutbox(undefined, sunday);
    const [reminder] = mailsTo("kay@example.com");
    expect(reminder.subject).toBe("Tomorrow: your work day with Prairie Ridge Framing & Roofing at 7:00 AM");
    expect(calendarOf(reminder)).toMatchObject({ method: "REQUEST", start: "2026-03-09T12:00:00.000Z" });
    // Monday's visit moved to Tuesday: its reminder is due again, for the new day.
    await post("owner", id, {
      intent: "move-visit",
      visitId: String(monday.id),
      day: "2026-03-10",
      time: "09:00",
      lengthMinutes: "480",
      assignee: "",
      note: "",
    });
    expect(visitRows(id).find((v) => v.id === monday.id)?.reminderQueuedAt).toBeNull();
    expect(queueVisitReminders(sunday)).toBe(0);
    expect(queueVisitReminders(new Date("2026-03-09T18:00:00Z"))).toBeGreaterThanOrEqual(2);
  });

  it("late in the evening, Kansas time, tomorrow is still the Kansas tomorrow (UTC is already a day on)", async () => {
    const id = newLead("Lee Late");
    await book(id, { day: "2026-11-03", time: "08:00" });
    // 11:30 PM on Sunday Nov 1 in Kansas (CST) is 05:30 UTC on the 2nd: tomorrow is the 2nd, not the 3rd.
    queueVisitReminders(new Date("2026-11-02T05:30:00Z"));
    expect(visitRows(id)[0].reminderQueuedAt).toBeNull();
    queueVisitReminders(new Date("2026-11-02T18:00:00Z"));
    expect(visitRows(id)[0].reminderQueuedAt).not.toBeNull();
  });
});

const mailRows = (visitId: number) =>
  getDb()
    .select()
    .from(outbox)
    .where(eq(outbox.visitId, visitId))
    .orderBy(outbox.id)
    .all()
    .map((m) => [m.kind, m.state]);
/** The mails about visits (each has its invitation), not the lead's auto-reply. */
const visitMailsTo = (to: string) =>
  mailsTo(to).filter((m) => ((m as unknown as { attachments?: unknown[] }).attachments ?? []).length > 0);
const move = (leadId: number, visitId: number, day: string, time: string) =>
  post("owner", leadId, {
    intent: "move-visit",
    visitId: String(visitId),
    day,
    time,
    lengthMinutes: "480",
    assignee: "",
    note: "",
  });

describe("no reminder right after the confirmation (decision 0072)", () => {
  // The clock stands on Sunday March 1, about noon in Kansas (CST).
  it("booked today for tomorrow: the confirmation goes, the reminder does not; booked two days out, it does", async () => {
    const id = newLead("Rae Soon");
    await book(id, { day: "2026-03-02", time: "14:00" });
    await book(id, { day: "2026-03-03", time: "14:00" });
    const [monday, tuesday] = visitRows(id);
    expect(visitMailsTo("rae@example.com").map((m) => m.subject)).toEqual([
      "Your work day with Prairie Ridge Framing & Roofing: Mon, Mar 2 at 2:00 PM",
      "Your work day with Prairie Ridge Framing & Roofing: Tue, Mar 3 at 2:00 PM",
    ]);
    // Sunday's ticks, minutes and hours later (11:50 PM is 05:50 UTC on Monday): nothing for Monday.
    queueVisitReminders(new Date(Date.now() + 10 * 60_000));
    queueVisitReminders(new Date("2026-03-02T05:50:00Z"));
    expect(findMail("visit-reminder", { visitId: monday.id })).toBeUndefined();
    expect(visitRows(id)[0].reminderQueuedAt).toBeNull();
    // Monday's first tick: Tuesday's visit, confirmed the day before yesterday, is reminded.
    queueVisitReminders(new Date("2026-03-02T06:10:00Z"));
    expect(findMail("visit-reminder", { visitId: tuesday.id })?.state).toBe("pending");
    await processOutbox(undefined, new Date("2026-03-02T06:11:00Z"));
    expect(visitMailsTo("rae@example.com").at(-1)?.subject).toBe(
      "Tomorrow: your work day with Prairie Ridge Framing & Roofing at 2:00 PM",
    );
  });

  it("a move counts: moved today to tomorrow, no reminder; moved on to a later day, the reminder comes the day before it", async () => {
    const id = newLead("Sid Moved");
    await book(id, { day: "2026-03-20", time: "09:00" });
    const [visit] = visitRows(id);
    await move(id, visit.id, "2026-03-02", "09:00");
    queueVisitReminders(new Date(Date.now() + 10 * 60_000));
    expect(findMail("visit-reminder", { visitId: visit.id })).toBeUndefined();
    await move(id, visit.id, "2026-03-04", "09:00");
    queueVisitReminders(new Date("2026-03-02T18:00:00Z"));
    expect(findMail("visit-reminder", { visitId: visit.id })).toBeUndefined();
    queueVisitReminders(new Date("2026-03-03T18:00:00Z"));
    expect(findMail("visit-reminder", { visitId: visit.id })?.state).toBe("pending");
  });
});

describe("a confirmation that has not gone (decision 0072)", () => {
  it("moved while its confirmation waits out a failure: one confirmation with the new time goes, no 'moved' mail", async () => {
    const id = newLead("Tad Waiting");
    fake.failWhen(() => true);
    await book(id, { day: "2026-05-04", time: "09:00" });
    const [visit] = visitRows(id);
    expect(mailRows(visit.id)).toEqual([["visit-confirmation", "pending"]]);
    fake.failWhen(null);
    expect(statusOf(await move(id, visit.id, "2026-05-05", "10:00"))).toBe(302);
    // The waiting one is dropped; the new one went at once.
    expect(mailRows(visit.id)).toEqual([
      ["visit-confirmation", "skipped"],
      ["visit-confirmation", "sent"],
    ]);
    // Its retry time comes: nothing more goes.
    await processOutbox(undefined, new Date(Date.now() + 3600_000));
    const mails = visitMailsTo("tad@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      "Your work day with Prairie Ridge Framing & Roofing: Tue, May 5 at 10:00 AM",
    ]);
    expect(calendarOf(mails[0])).toMatchObject({ method: "REQUEST", start: "2026-05-05T15:00:00.000Z", sequence: 1 });
  });

  it("moved after its confirmation failed for good: the same, one confirmation", async () => {
    const id = newLead("Uma Failed");
    fake.failWhen(() => true);
    await book(id, { day: "2026-05-06", time: "09:00" });
    const [visit] = visitRows(id);
    const pending = findMail("visit-confirmation", { visitId: visit.id })!;
    recordAttempts(
      [{ id: pending.id, attempts: 6, status: "retry", reason: "Provider is down", next: null }],
      new Date(),
    );
    expect(mailRows(visit.id)).toEqual([["visit-confirmation", "failed"]]);
    fake.failWhen(null);
    await move(id, visit.id, "2026-05-07", "09:00");
    expect(mailRows(visit.id)).toEqual([
      ["visit-confirmation", "skipped"],
      ["visit-confirmation", "sent"],
    ]);
    expect(visitMailsTo("uma@example.com").map((m) => m.subject)).toEqual([
      "Your work day with Prairie Ridge Framing & Roofing: Thu, May 7 at 9:00 AM",
    ]);
  });

  it("canceled before its confirmation went: the confirmation is dropped and no cancel mail goes", async () => {
    const id = newLead("Vic Called");
    fake.failWhen(() => true);
    await book(id, { day: "2026-05-08", time: "09:00" });
    const [visit] = visitRows(id);
    fake.failWhen(null);
    const answer = await post("owner", id, { intent: "cancel-visit", visitId: String(visit.id) });
    expect(statusOf(answer)).toBe(302);
    // Staff are told why no mail went.
    const flash =
      /__flash=([^.;]+)/.exec(decodeURIComponent((answer as Response).headers.get("Set-Cookie") ?? ""))?.[1] ?? "";
    expect(Buffer.from(flash, "base64").toString("utf8")).toContain(
      "Visit canceled; its confirmation had not gone yet, so the homeowner was not emailed",
    );
    expect(visitRows(id)[0].cancelledAt).not.toBeNull();
    expect(mailRows(visit.id)).toEqual([["visit-confirmation", "skipped"]]);
    await processOutbox(undefined, new Date(Date.now() + 3600_000));
    expect(visitMailsTo("vic@example.com")).toEqual([]);
  });

  it("moved twice while the first 'moved' mail waits: one 'moved' mail, with the last time", async () => {
    const id = newLead("Xia Twice");
    await book(id, { day: "2026-05-13", time: "09:00" });
    const [visit] = visitRows(id);
    fake.failWhen(() => true);
    await move(id, visit.id, "2026-05-14", "09:00");
    fake.failWhen(null);
    await move(id, visit.id, "2026-05-15", "11:00");
    expect(mailRows(visit.id)).toEqual([
      ["visit-confirmation", "sent"],
      ["visit-moved", "skipped"],
      ["visit-moved", "sent"],
    ]);
    await processOutbox(undefined, new Date(Date.now() + 3600_000));
    expect(visitMailsTo("xia@example.com").map((m) => m.subject)).toEqual([
      "Your work day with Prairie Ridge Framing & Roofing: Wed, May 13 at 9:00 AM",
      "Your work day has moved to Fri, May 15 at 11:00 AM",
    ]);
  });

  it("once the confirmation went, a move is a 'moved' mail and a cancel a cancel mail, as before", async () => {
    const id = newLead("Wes Told");
    await book(id, { day: "2026-05-11", time: "09:00" });
    const [visit] = visitRows(id);
    await move(id, visit.id, "2026-05-12", "09:00");
    await post("owner", id, { intent: "cancel-visit", visitId: String(visit.id) });
    expect(mailRows(visit.id)).toEqual([
      ["visit-confirmation", "sent"],
      ["visit-moved", "sent"],
      ["visit-cancelled", "sent"],
    ]);
    expect(visitMailsTo("wes@example.com")).toHaveLength(3);
  });
});

describe("the schedule page", () => {
  it("shows the week Monday to Sunday, with ?week= any day of it; the crew sees their own leads' and free leads' visits, in time order", async () => {
    const mine = newLead("Mia Mine");
    const theirs = newLead("Ned Theirs");
    const free = newLead("Ora Free");
    getDb().update(leadsTable).set({ assigneeId: team.crew.id }).where(eq(leadsTable.id, mine)).run();
    getDb().update(leadsTable).set({ assigneeId: team.crew2.id }).where(eq(leadsTable.id, theirs)).run();
    await book(free, { day: "2026-05-12", time: "08:00", assignee: String(team.crew2.id) });
    await book(theirs, { day: "2026-05-12", time: "09:00", assignee: String(team.crew2.id) });
    await book(mine, { day: "2026-05-12", time: "13:00", assignee: String(team.crew.id) });
    const crewView = scheduleView({ role: "crew", userId: team.crew.id }, "2026-05-14");
    expect(crewView.week.start).toBe("2026-05-11");
    const tuesday = crewView.days.find((d) => d.day === "2026-05-12")!;
    // In time order, whoever's they are: the crew's own is marked, not moved up.
    expect(tuesday.items.map((i) => [i.lead.name, i.mine, i.time])).toEqual([
      ["Ora Free", false, "8:00 AM – 4:00 PM"],
      ["Mia Mine", true, "1:00 PM – 9:00 PM"],
    ]);
    const ownerView = scheduleView({ role: "owner", userId: team.owner.id }, "2026-05-11");
    expect(ownerView.days.find((d) => d.day === "2026-05-12")!.items.map((i) => i.lead.name)).toEqual([
      "Ora Free",
      "Ned Theirs",
      "Mia Mine",
    ]);
  });

  it("gives a visit's address with its ZIP, as the homeowner's mail and invitation give it", async () => {
    const id = newLead("Zoe Zip");
    await book(id, { day: "2026-05-19", time: "08:00" });
    const [item] = scheduleView({ role: "owner", userId: team.owner.id }, "2026-05-19")
      .days.find((d) => d.day === "2026-05-19")!
      .items.filter((i) => i.lead.name === "Zoe Zip");
    expect(item.lead.place).toBe("412 N Main St, Derby, KS 67037");
  });

  it("the route reads ?week=, and a bad one is this week", async () => {
    const load = (query: string) =>
      scheduleRoute.loader(
        routeArgs(new Request(`http://site.test/admin/schedule${query}`, { headers: { Cookie: team.crew.cookie } })),
      ) as ReturnType<typeof scheduleRoute.loader>;
    expect((await load("?week=2026-03-11")).week).toMatchObject({
      start: "2026-03-09",
      previous: "2026-03-02",
      next: "2026-03-16",
    });
    expect((await load("?week=2026-99-99")).week.start).toBe("2026-02-23");
    expect((await load("")).today.day).toBe("2026-03-01");
    // Only who books is told where booking is done (an empty week's note).
    expect((await load("")).mayBook).toBe(false);
    const asOwner = await scheduleRoute.loader(
      routeArgs(new Request("http://site.test/admin/schedule", { headers: { Cookie: team.owner.cookie } })),
    );
    expect(asOwner.mayBook).toBe(true);
  });

  it("the lead page's panel: the office books (the team to choose), the crew only sees; the crew cannot open another's lead's schedule", async () => {
    const kims = newLead("Pam Panel", { assigneeId: team.crew.id });
    const sams = newLead("Quin Other", { assigneeId: team.crew2.id });
    await book(kims, { day: "2026-06-02", time: "08:00" });
    const asOwner = await leadScheduleView(new Request("http://site.test/"), kims, {
      sessionId: "",
      userId: team.owner.id,
      email: "owner@example.com",
      name: "Pat Owner",
      role: "owner",
    });
    expect(asOwner?.people?.map((p) => p.name)).toEqual(expect.arrayContaining(["Kim Crew", "Sam Crew"]));
    expect(asOwner?.defaultAssignee).toBe(team.crew.id);
    expect(asOwner?.upcoming.map((v) => [v.label, v.when])).toEqual([["Work day", "Tue, Jun 2 · 8:00 AM"]]);
    const asCrew = await leadScheduleView(new Request("http://site.test/"), kims, {
      sessionId: "",
      userId: team.crew.id,
      email: "crew@example.com",
      name: "Kim Crew",
      role: "crew",
    });
    expect(asCrew?.people).toBeNull();
    const open = async (leadId: number) => {
      try {
        await visitsRoute.loader(
          routeArgs(
            new Request(`http://site.test/admin/leads/${leadId}/visits`, { headers: { Cookie: team.crew.cookie } }),
            { id: String(leadId) },
          ),
        );
        return 200;
      } catch (thrown) {
        return thrown instanceof Response
          ? thrown.status
          : ((thrown as { init?: { status?: number } }).init?.status ?? 500);
      }
    };
    expect(await open(kims)).toBe(200);
    expect(await open(sams)).toBe(403);
  });
});

describe("a visit's kind and length, and what a change is called", () => {
  const flashOf = async (answer: Answer) => {
    const { readFlash } = await import("~/services/flash.server");
    return (
      await readFlash(
        new Request("http://site.test/", {
          headers: { Cookie: (answer as Response).headers.get("Set-Cookie")?.split(";")[0] ?? "" },
        }),
      )
    ).flash?.message;
  };
  const asOwner = { sessionId: "", userId: 0, email: "owner@example.com", name: "Pat Owner", role: "owner" } as const;

  it("a new length at the same start mails 'updated', never 'moved'; the invitation carries the new end", async () => {
    const id = newLead("Rex Length");
    await book(id, { kind: "estimate_visit", day: "2026-05-18", time: "10:00", lengthMinutes: "60" });
    const [visit] = visitRows(id);
    fake.sent.length = 0;
    const answer = await post("owner", id, {
      intent: "move-visit",
      visitId: String(visit.id),
      day: "2026-05-18",
      time: "10:00",
      lengthMinutes: "120",
      assignee: "",
      note: "",
    });
    expect(statusOf(answer)).toBe(302);
    expect(await flashOf(answer)).toBe("Visit updated; rex@example.com was emailed");
    const [mail] = visitMailsTo("rex@example.com");
    expect(mail.subject).toBe("Your estimate visit on Mon, May 18 at 10:00 AM now takes about 2 hours");
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/moved/i);
    // 10 AM CDT is 15:00 UTC; two hours on, the event ends at 17:00, and replaces the one the calendar has.
    expect(calendarOf(mail)).toMatchObject({
      method: "REQUEST",
      sequence: 1,
      start: "2026-05-18T15:00:00.000Z",
      end: "2026-05-18T17:00:00.000Z",
    });
    expect(mailRows(visit.id).map(([kind]) => kind)).toEqual(["visit-confirmation", "visit-updated"]);
    expect(listLeadNotes(id, "owner").at(-1)?.text).toBe("Estimate visit on Mon, May 18 at 10:00 AM now takes 2 hours");
    // A new start is still a move.
    await post("owner", id, {
      intent: "move-visit",
      visitId: String(visit.id),
      day: "2026-05-19",
      time: "10:00",
      lengthMinutes: "120",
      assignee: "",
      note: "",
    });
    expect(visitMailsTo("rex@example.com").at(-1)?.subject).toBe(
      "Your estimate visit has moved to Tue, May 19 at 10:00 AM",
    );
  });

  it("a new lead's form starts as an estimate visit of the owner's length; booking it makes the lead Visit scheduled, in its history", async () => {
    const id = newLead("Sue First");
    const before = await leadScheduleView(new Request("http://site.test/"), id, { ...asOwner, userId: team.owner.id });
    expect(before).toMatchObject({
      defaultKind: "estimate_visit",
      lengths: { estimate_visit: 60, inspection: 60, work_day: 480 },
    });
    // The owner makes estimate visits 90 minutes long on the schedule page; the crew may not.
    const save = (who: string, fields: Record<string, string>) =>
      scheduleRoute
        .action(
          routeArgs(
            new Request("http://site.test/admin/schedule", {
              method: "POST",
              body: new URLSearchParams(fields),
              headers: { Cookie: team[who].cookie },
            }),
          ),
        )
        .catch((thrown: unknown) => thrown) as Promise<Answer>;
    const lengths = {
      intent: "visit-lengths",
      estimate_visit: "90",
      inspection: "60",
      adjuster_meeting: "60",
      work_day: "600",
    };
    expect(statusOf(await save("crew", lengths))).toBe(403);
    expect(statusOf(await save("owner", { ...lengths, estimate_visit: "45" }))).toBe(400);
    expect(statusOf(await save("owner", lengths))).toBe(302);
    const after = await leadScheduleView(new Request("http://site.test/"), id, { ...asOwner, userId: team.owner.id });
    expect(after?.lengths).toEqual({ estimate_visit: 90, inspection: 60, adjuster_meeting: 60, work_day: 600 });
    // Booked as the form starts: the homeowner is told how long it takes, and the lead moves on.
    await book(id, { kind: "estimate_visit", day: "2026-05-20", time: "09:00", lengthMinutes: "90" });
    const [mail] = visitMailsTo("sue@example.com");
    expect(mail.text).toContain("It takes about 1.5 hours.");
    expect(getDb().select().from(leadsTable).where(eq(leadsTable.id, id)).get()?.status).toBe("visit_scheduled");
    expect(listLeadNotes(id, "owner").at(-1)).toMatchObject({
      text: "Estimate visit booked for Wed, May 20 at 9:00 AM",
      statusFrom: "new",
      statusTo: "visit_scheduled",
    });
    // A won job's next booking is a work day; booking one leaves a won lead won.
    getDb().update(leadsTable).set({ status: "won" }).where(eq(leadsTable.id, id)).run();
    expect(
      (await leadScheduleView(new Request("http://site.test/"), id, { ...asOwner, userId: team.owner.id }))
        ?.defaultKind,
    ).toBe("work_day");
    await book(id, { day: "2026-06-01", time: "08:00", lengthMinutes: "600" });
    expect(getDb().select().from(leadsTable).where(eq(leadsTable.id, id)).get()?.status).toBe("won");
  });
});
