import { beforeAll, describe, expect, it } from "vitest";
import { fakeTwilioForApp } from "./fake-texts";

// A homeowner who gave a phone and no email, and agreed to texts: everything the office sends
// him that would be a mail goes by text instead, through Twilio (a fake one here), and staff
// are told it was texted. One who did not agree is told nothing, as before.

// Noon in Kansas on a weekday, outside the quiet hours: each step is told it is then.
const NOON = new Date("2026-11-24T18:00:00Z");

const fake = await fakeTwilioForApp({ keep: true });

const { createLead } = await import("~/models/lead.server");
const { bookVisit, mailWords, rescheduleVisit } = await import("~/services/visit-booking.server");
const { queueVisitReminders } = await import("~/services/visit-reminders.server");
const { listLeadTexts } = await import("~/models/outbox.server");
const { processOutbox } = await import("~/services/outbox.server");
const { getBusinessFacts } = await import("~/models/settings.server");
const { textLineBusy } = await import("~/server/texts.server");
const { startApp } = await import("./started-app");

const office = { id: null, name: "Olive Office" };
let company = "";
beforeAll(async () => {
  await startApp();
  company = getBusinessFacts().company;
});

const lead = (name: string, textConsent: boolean) =>
  createLead({
    name,
    email: "",
    phone: "(316) 555-0123",
    message: "Hail on the roof",
    preferredContact: "text",
    textConsent,
  }).id;

const at = (iso: string) => new Date(iso);
const visit = { kind: "estimate_visit" as const, durationMinutes: 60, assigneeId: null, note: null };

describe("a homeowner without an email who takes texts", () => {
  it("is texted the booking and the move, and staff read that he was", async () => {
    const id = lead("Dale Textonly", true);
    const booked = await bookVisit({ ...visit, leadId: id, startsAt: at("2026-11-27T15:00:00Z") }, office, {
      now: NOON,
    });
    if (typeof booked === "string") throw new Error(booked);
    expect(booked.channel).toBe("text");
    expect(mailWords(booked.mail, booked.to, booked.channel)).toBe("; texted to (316) 555-0123");
    expect(fake.sent.at(-1)).toMatchObject({ to: "+13165550123" });
    expect(fake.sent.at(-1)!.body).toMatch(new RegExp(`^${company}: your estimate visit is booked for Fri, Nov 27`));

    // Texts go one at a time at the number's pace: the next waits for the line, not for the worker.
    await expect.poll(textLineBusy).toBe(false);
    const moved = await rescheduleVisit(
      id,
      booked.visit.id,
      { ...visit, startsAt: at("2026-11-28T16:00:00Z") },
      office,
      { now: NOON },
    );
    if (typeof moved === "string") throw new Error(moved);
    expect(mailWords(moved.mail, moved.to, moved.channel)).toBe("; texted to (316) 555-0123");
    expect(fake.sent.at(-1)!.body).toMatch(new RegExp(`^${company}: your estimate visit has moved to Sat, Nov 28`));
  });

  it("gets the day-before reminder by text", async () => {
    const id = lead("Rita Reminder", true);
    // Booked days ahead; the reminder is queued the day before, at noon.
    const booked = await bookVisit({ ...visit, leadId: id, startsAt: at("2026-11-25T19:00:00Z") }, office, {
      now: at("2026-11-20T18:00:00Z"),
    });
    if (typeof booked === "string") throw new Error(booked);
    expect(queueVisitReminders(NOON)).toBeGreaterThanOrEqual(1);
    await expect.poll(textLineBusy).toBe(false);
    await processOutbox(undefined, NOON);
    expect(listLeadTexts(id).map((t) => [t.kind, t.state])).toContainEqual(["visit-reminder", "sent"]);
    expect(fake.sent.map((t) => t.body)).toContainEqual(
      expect.stringMatching(new RegExp(`^${company}: reminder, your estimate visit is tomorrow`)),
    );
  });

  it("who did not agree to texts is told nothing, and staff are told to tell him", async () => {
    const id = lead("Nora Noconsent", false);
    const count = fake.sent.length;
    const booked = await bookVisit({ ...visit, leadId: id, startsAt: at("2026-11-27T15:00:00Z") }, office, {
      now: NOON,
    });
    if (typeof booked === "string") throw new Error(booked);
    expect(booked.mail).toBe("no-email");
    expect(fake.sent).toHaveLength(count);
    expect(listLeadTexts(id)).toEqual([]);
  });
});
