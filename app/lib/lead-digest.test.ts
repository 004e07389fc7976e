import { describe, expect, it } from "vitest";
import { hourLabel } from "./contact-settings";
import {
  businessHour,
  digestDayDue,
  digestMail,
  digestOf,
  formatShortDay,
  isEmptyDigest,
  type DigestLead,
} from "./lead-digest";

const on = { digestEnabled: true, digestHour: 7 };

describe("when the daily summary is due", () => {
  it("goes once the hour has come on Wellington's clock, winter (UTC-6) and summer (UTC-5)", () => {
    expect(digestDayDue(on, null, new Date("2026-11-24T12:59:00Z"))).toBeNull(); // 6:59 am CST
    expect(digestDayDue(on, null, new Date("2026-11-24T13:00:00Z"))).toBe("2026-11-24"); // 7:00 am CST
    expect(digestDayDue(on, null, new Date("2026-07-01T11:59:00Z"))).toBeNull(); // 6:59 am CDT
    expect(digestDayDue(on, null, new Date("2026-07-01T12:00:00Z"))).toBe("2026-07-01"); // 7:00 am CDT
  });

  it("counts 11:30 pm in Kansas as the same day, though it is already tomorrow in UTC", () => {
    const lateEvening = new Date("2026-11-24T05:30:00Z"); // Mon Nov 23, 11:30 pm CST
    expect(businessHour(lateEvening)).toBe(23);
    expect(digestDayDue(on, "2026-11-23", lateEvening)).toBeNull();
    expect(digestDayDue(on, "2026-11-22", lateEvening)).toBe("2026-11-23");
    // Half an hour later it is the 24th in Kansas too, but before 7 am: not yet.
    expect(digestDayDue(on, "2026-11-23", new Date("2026-11-24T06:00:00Z"))).toBeNull();
  });

  it("goes at most once a Kansas day, then again the next day after the hour", () => {
    expect(digestDayDue(on, "2026-11-24", new Date("2026-11-24T22:00:00Z"))).toBeNull();
    expect(digestDayDue(on, "2026-11-24", new Date("2026-11-25T12:00:00Z"))).toBeNull();
    expect(digestDayDue(on, "2026-11-24", new Date("2026-11-25T13:05:00Z"))).toBe("2026-11-25");
  });

  it("goes later the same day when the server was down at the hour, or it was switched on after it", () => {
    expect(digestDayDue(on, "2026-11-20", new Date("2026-11-24T20:00:00Z"))).toBe("2026-11-24");
  });

  it("never goes while it is switched off", () => {
    expect(digestDayDue({ ...on, digestEnabled: false }, null, new Date("2026-11-24T20:00:00Z"))).toBeNull();
  });

  it("reads midnight as hour 0, and the hour after the spring clock change as it stands", () => {
    expect(businessHour(new Date("2026-11-24T06:00:00Z"))).toBe(0);
    expect(digestDayDue({ ...on, digestHour: 0 }, "2026-11-23", new Date("2026-11-24T06:00:00Z"))).toBe("2026-11-24");
    // Sunday March 8, 2026: 2 am never happens in Kansas; 08:00 UTC is 3 am CDT.
    expect(businessHour(new Date("2026-03-08T08:00:00Z"))).toBe(3);
    expect(digestDayDue({ ...on, digestHour: 2 }, "2026-03-07", new Date("2026-03-08T08:00:00Z"))).toBe("2026-03-08");
  });
});

const day = "2026-11-24";
let nextId = 1;
const lead = (fields: Partial<DigestLead>): DigestLead => ({
  id: nextId++,
  name: "Kim Hoang",
  service: null,
  city: null,
  status: "contacted",
  followUpOn: null,
  createdAt: new Date("2026-11-20T15:00:00Z"),
  ...fields,
});

describe("what the summary lists", () => {
  it("lists follow-ups due today or late (the longest waiting first) and New leads (newest first)", () => {
    const today = lead({ name: "Today", followUpOn: day });
    const late = lead({ name: "Late", followUpOn: "2026-11-20", status: "quoted" });
    const later = lead({ name: "Later", followUpOn: "2026-11-30" });
    const older = lead({ name: "Older new", status: "new", createdAt: new Date("2026-11-21T15:00:00Z") });
    const newer = lead({ name: "Newer new", status: "new", createdAt: new Date("2026-11-23T15:00:00Z") });
    const digest = digestOf([today, later, older, late, newer], day);
    expect(digest.followUps.map((l) => l.name)).toEqual(["Late", "Today"]);
    expect(digest.fresh.map((l) => l.name)).toEqual(["Newer new", "Older new"]);
  });

  it("lists a New lead whose follow-up has come once, as a follow-up", () => {
    const digest = digestOf([lead({ status: "new", followUpOn: day })], day);
    expect(digest.followUps).toHaveLength(1);
    expect(digest.fresh).toHaveLength(0);
  });

  it("leaves out won and lost leads, and open ones with nothing due", () => {
    const digest = digestOf(
      [
        lead({ status: "won", followUpOn: "2026-11-01" }),
        lead({ status: "lost", followUpOn: day }),
        lead({ followUpOn: "2026-12-01" }),
        lead({}),
      ],
      day,
    );
    expect(isEmptyDigest(digest)).toBe(true);
  });
});

describe("the summary mail", () => {
  const origin = "https://roofs.example.com";
  const digest = digestOf(
    [
      lead({ id: 12, name: "Kim Hoang", service: "Residential Roofing", city: "Wellington", followUpOn: "2026-11-20" }),
      lead({ id: 13, name: "Dale Ortiz", city: "Derby", status: "visit_scheduled", followUpOn: day }),
      // 11:30 pm on the 23rd in Kansas (already the 24th in UTC): came in on the 23rd.
      lead({
        id: 14,
        name: "Sam Lee",
        service: "Not sure",
        status: "new",
        createdAt: new Date("2026-11-24T05:30:00Z"),
      }),
    ],
    day,
  );
  const mail = digestMail(digest, origin, 7);

  it("says in the subject how many are new and how many to follow up, like the admin header", () => {
    expect(mail.subject).toBe("Leads waiting today: 1 new, 2 to follow up");
    expect(digestMail(digestOf([lead({ status: "new" })], day), origin, 7).subject).toBe("Leads waiting today: 1 new");
  });

  it("lists each lead with its work, town, follow-up day and a link to it in the admin", () => {
    expect(mail.text).toContain("Leads waiting in the website's admin on Tuesday, November 24.");
    expect(mail.text).toContain(
      [
        "To follow up (2):",
        "- Kim Hoang, Residential Roofing, Wellington. Contacted. Follow-up was Fri, Nov 20 (late).",
        "  https://roofs.example.com/admin/leads/12",
        "- Dale Ortiz, Derby. Visit scheduled. Follow up today.",
        "  https://roofs.example.com/admin/leads/13",
        "",
        "New leads, not contacted yet (1):",
        "- Sam Lee, Not sure. Came in Mon, Nov 23.",
        "  https://roofs.example.com/admin/leads/14",
      ].join("\n"),
    );
    expect(mail.text).toContain("All leads: https://roofs.example.com/admin/leads");
  });

  it("says how to stop it, in the words of the switch", () => {
    expect(mail.text).toContain("once a day after 7 am Kansas time");
    expect(mail.text).toContain('uncheck "Send me a daily summary of waiting leads"');
    expect(mail.text).toContain("https://roofs.example.com/admin/contact");
  });

  it("leaves out a section with nothing in it", () => {
    const text = digestMail(digestOf([lead({ status: "new" })], day), origin, 7).text;
    expect(text).not.toContain("To follow up");
  });
});

describe("days and hours as the owner reads them", () => {
  it("writes days and hours plainly", () => {
    expect(formatShortDay("2026-11-20")).toBe("Fri, Nov 20");
    expect(hourLabel(0)).toBe("12 am (midnight)");
    expect(hourLabel(7)).toBe("7 am");
    expect(hourLabel(12)).toBe("12 pm (noon)");
    expect(hourLabel(18)).toBe("6 pm");
  });
});
