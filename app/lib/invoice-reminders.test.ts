import { describe, expect, it } from "vitest";
import {
  DEFAULT_REMINDER_SETTINGS,
  dueReminder,
  invoiceReminderLine,
  nextReminderDay,
  parseReminderDays,
  REMINDER_MESSAGES,
  reminderDaysWords,
  reminderNote,
  reminderStanding,
  type RemindableInvoice,
} from "./invoice-reminders";

const DAYS = DEFAULT_REMINDER_SETTINGS.days;
const invoice = (dueOn: string, more: Partial<RemindableInvoice> = {}): RemindableInvoice => ({
  state: "sent",
  dueOn,
  totalCents: 100_000,
  paidCents: 0,
  lastRemindedAt: null,
  ...more,
});
/** Noon in Kansas on a day (18:00 UTC in winter, 17:00 in summer: either is that day). */
const noon = (day: string) => new Date(`${day}T18:00:00Z`);

describe("the schedule the owner types", () => {
  it("reads days apart by commas, spaces or 'and', once each, in order", () => {
    expect(parseReminderDays("3, 10, 30")).toEqual([3, 10, 30]);
    expect(parseReminderDays("30 10 and 3, 10")).toEqual([3, 10, 30]);
    expect(parseReminderDays("7")).toEqual([7]);
  });

  it("refuses nothing, a day that is not whole or out of range, and more than six", () => {
    expect(parseReminderDays("  ")).toEqual({ error: REMINDER_MESSAGES.noDays });
    expect(parseReminderDays("3, 1.5")).toEqual({ error: REMINDER_MESSAGES.badDay });
    expect(parseReminderDays("0")).toEqual({ error: REMINDER_MESSAGES.badDay });
    expect(parseReminderDays("366")).toEqual({ error: REMINDER_MESSAGES.badDay });
    expect(parseReminderDays("-3")).toEqual({ error: REMINDER_MESSAGES.badDay });
    expect(parseReminderDays("1 2 3 4 5 6 7")).toEqual({ error: REMINDER_MESSAGES.tooMany });
  });

  it("says the days as a sentence does", () => {
    expect(reminderDaysWords([3, 10, 30])).toBe("3, 10 and 30");
    expect(reminderDaysWords([5])).toBe("5");
  });
});

describe("which reminder is due for an invoice on a day", () => {
  it("none before the first step's day, then each step on its day", () => {
    const due = invoice("2026-12-01");
    expect(dueReminder(due, DAYS, noon("2026-12-03"))).toBeNull();
    expect(dueReminder(due, DAYS, noon("2026-12-04"))).toEqual({ days: 3, day: "2026-12-04" });
    const once = { ...due, lastRemindedAt: noon("2026-12-04") };
    expect(dueReminder(once, DAYS, noon("2026-12-04"))).toBeNull();
    expect(dueReminder(once, DAYS, noon("2026-12-10"))).toBeNull();
    expect(dueReminder(once, DAYS, noon("2026-12-11"))).toEqual({ days: 10, day: "2026-12-11" });
    expect(dueReminder(once, DAYS, noon("2026-12-31"))).toEqual({ days: 30, day: "2026-12-31" });
  });

  it("counts days across month and year ends on the calendar", () => {
    expect(dueReminder(invoice("2026-01-31"), DAYS, noon("2026-02-03"))).toEqual({ days: 3, day: "2026-02-03" });
    expect(dueReminder(invoice("2026-02-26"), DAYS, noon("2026-03-01"))).toEqual({ days: 3, day: "2026-03-01" });
    expect(dueReminder(invoice("2028-02-26"), DAYS, noon("2028-02-29"))).toEqual({ days: 3, day: "2028-02-29" });
    const december = invoice("2026-12-22", { lastRemindedAt: noon("2026-12-25") });
    expect(dueReminder(december, DAYS, noon("2027-01-01"))).toEqual({ days: 10, day: "2027-01-01" });
  });

  it("turns the day at Kansas midnight, on both sides of the clock changes", () => {
    // Clocks go forward on Sunday, March 8, 2026: midnight is 06:00 UTC (CST).
    const spring = invoice("2026-03-05");
    expect(dueReminder(spring, DAYS, new Date("2026-03-08T05:59:00Z"))).toBeNull();
    expect(dueReminder(spring, DAYS, new Date("2026-03-08T06:00:00Z"))).toEqual({ days: 3, day: "2026-03-08" });
    // Back on Sunday, November 1, 2026: midnight is 05:00 UTC (CDT).
    const fall = invoice("2026-10-29");
    expect(dueReminder(fall, DAYS, new Date("2026-11-01T04:59:00Z"))).toBeNull();
    expect(dueReminder(fall, DAYS, new Date("2026-11-01T05:00:00Z"))).toEqual({ days: 3, day: "2026-11-01" });
    // A reminder at 11:30 PM Kansas time is that day's, though it is the next day in UTC.
    const lateLast = invoice("2026-03-01", { lastRemindedAt: new Date("2026-03-05T05:30:00Z") }); // Mar 4, 11:30 PM
    expect(dueReminder(lateLast, DAYS, new Date("2026-03-11T06:30:00Z"))).toEqual({ days: 10, day: "2026-03-11" });
    expect(dueReminder(invoice("2026-03-01"), [4], new Date("2026-03-05T05:30:00Z"))).toBeNull();
  });

  it("sends a step missed for a few days, the latest only, and passes over old ones", () => {
    // The server was off on the 3rd day: the next days still send it.
    expect(dueReminder(invoice("2026-12-01"), DAYS, noon("2026-12-07"))).toEqual({ days: 3, day: "2026-12-04" });
    expect(dueReminder(invoice("2026-12-01"), DAYS, noon("2026-12-08"))).toBeNull();
    // Off from the 3rd to the 10th day: one reminder, the 10th day's.
    expect(dueReminder(invoice("2026-12-01"), DAYS, noon("2026-12-12"))).toEqual({ days: 10, day: "2026-12-11" });
    // 200 days overdue when reminders came on: nothing, ever.
    const old = invoice("2026-05-14");
    expect(dueReminder(old, DAYS, noon("2026-11-30"))).toBeNull();
    expect(nextReminderDay(old, DAYS, noon("2026-11-30"))).toBeNull();
  });

  it("none for a draft, a void or paid invoice, or one without a due day", () => {
    const day = noon("2026-12-04");
    expect(dueReminder(invoice("2026-12-01", { state: "draft" }), DAYS, day)).toBeNull();
    expect(dueReminder(invoice("2026-12-01", { state: "void" }), DAYS, day)).toBeNull();
    expect(dueReminder(invoice("2026-12-01", { state: "paid", paidCents: 100_000 }), DAYS, day)).toBeNull();
    expect(dueReminder(invoice("2026-12-01", { dueOn: null }), DAYS, day)).toBeNull();
    expect(dueReminder(invoice("2026-12-01", { state: "partly_paid", paidCents: 40_000 }), DAYS, day)).toEqual({
      days: 3,
      day: "2026-12-04",
    });
  });

  it("the next reminder's day: the first step ahead, today when one is due, none past the last", () => {
    expect(nextReminderDay(invoice("2026-12-01"), DAYS, noon("2026-11-30"))).toBe("2026-12-04");
    expect(nextReminderDay(invoice("2026-12-01"), DAYS, noon("2026-12-04"))).toBe("2026-12-04");
    const last = invoice("2026-12-01", { lastRemindedAt: noon("2026-12-31") });
    expect(nextReminderDay(last, DAYS, noon("2027-01-02"))).toBeNull();
  });
});

describe("what the invoices card says", () => {
  const now = noon("2026-12-05");
  it("the job's standing: paused first, then off for all, archived, no way to reach", () => {
    const job = { enabled: true, paused: false, archived: false, reachable: true };
    expect(reminderStanding(job)).toBe("on");
    expect(reminderStanding({ ...job, paused: true, enabled: false })).toBe("paused");
    expect(reminderStanding({ ...job, enabled: false, archived: true })).toBe("off");
    expect(reminderStanding({ ...job, archived: true, reachable: false })).toBe("archived");
    expect(reminderStanding({ ...job, reachable: false })).toBe("unreachable");
  });

  it("the job's standing in words", () => {
    expect(reminderNote("on", DAYS, null)).toBe(
      "Overdue reminders go 3, 10 and 30 days after an invoice's due day while it is unpaid.",
    );
    expect(reminderNote("paused", DAYS, noon("2026-12-03"))).toBe(
      "Overdue reminders are paused for this job since Dec 3, 2026: none goes until they are resumed.",
    );
    expect(reminderNote("unreachable", DAYS, null)).toContain("no email and takes no texts");
  });

  it("an invoice's reminders sent and the next one, the next only while they go", () => {
    const sent = { ...invoice("2026-12-01", { lastRemindedAt: noon("2026-12-04") }), remindersSent: 1 };
    expect(invoiceReminderLine(sent, DAYS, "on", now)).toBe(
      "1 reminder sent, the last on Dec 4, 2026. Next reminder: December 11, 2026, if still unpaid.",
    );
    expect(invoiceReminderLine(sent, DAYS, "paused", now)).toBe("1 reminder sent, the last on Dec 4, 2026.");
    expect(invoiceReminderLine({ ...invoice("2026-12-20"), remindersSent: 0 }, DAYS, "on", now)).toBe(
      "Next reminder: December 23, 2026, if still unpaid.",
    );
    expect(invoiceReminderLine({ ...invoice("2026-12-20"), remindersSent: 0 }, DAYS, "off", now)).toBeNull();
    const paid = { ...sent, state: "paid" as const, paidCents: 100_000, remindersSent: 2 };
    expect(invoiceReminderLine(paid, DAYS, "on", now)).toBe("2 reminders sent, the last on Dec 4, 2026.");
  });
});
