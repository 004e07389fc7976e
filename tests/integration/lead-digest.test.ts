import { systemActor } from "~/lib/actor";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { QUOTE_SERVICES } from "~/lib/contact-form";
import { fakeResendForApp } from "./fake-mail";

const fake = await fakeResendForApp({ SITE_URL: "https://roofs.example.com" });

const { startApp } = await import("./started-app");
const { sendLeadDigest } = await import("~/services/lead-digest.server");
const { processOutbox } = await import("~/services/outbox.server");
const { createLead, setArchived, updateLead, waitingLeads } = await import("~/models/lead.server");
const { getSetting, setSetting } = await import("~/models/settings.server");

// Tuesday, November 24, 2026 in Wellington (CST, UTC-6).
const DAY = "2026-11-24";
const at = (kansasTime: string, day = DAY) => new Date(`${day}T${kansasTime}:00-06:00`);

type LeadFields = {
  status?: "new" | "contacted" | "won";
  followUpOn?: string;
  city?: string;
  service?: (typeof QUOTE_SERVICES)[number];
};

/** A quote request as a visitor sends it, then moved on by staff as `fields` say. */
function lead(name: string, { status = "new", followUpOn, city, service }: LeadFields = {}) {
  const email = `${name.split(" ")[0].toLowerCase()}@example.com`;
  const { id } = createLead({ name, email, phone: null, message: "Hail hit the roof.", city, service });
  if (status !== "new" || followUpOn)
    updateLead(
      id,
      { status, lostReason: null, followUpOn: followUpOn ?? null, note: null },
      systemActor("owner@example.com"),
    );
  return id;
}

const switchOn = (fields: { digestEnabled?: boolean; digestHour?: number } = {}) =>
  setSetting("contact", {
    ...getSetting("contact"),
    notificationEmail: "owner@example.com",
    digestEnabled: true,
    digestHour: 7,
    ...fields,
  });

beforeAll(async () => {
  await startApp();
});

describe("the daily summary of waiting leads", () => {
  let earlyBird = 0;

  it("is off until the owner switches it on", async () => {
    earlyBird = lead("Early Bird");
    expect(getSetting("contact").digestEnabled).toBe(false);
    expect(await sendLeadDigest(undefined, at("09:00", "2026-11-20"))).toBe("not due");
    expect(fake.sent).toHaveLength(0);
  });

  it("sends nothing on a day when nothing is waiting, and does not try again that day", async () => {
    setArchived(earlyBird, true);
    switchOn();
    expect(await sendLeadDigest(undefined, at("07:05", "2026-11-21"))).toBe("nothing waiting");
    expect(fake.sent).toHaveLength(0);
    lead("Too Late For Today");
    expect(await sendLeadDigest(undefined, at("10:00", "2026-11-21"))).toBe("not due");
    expect(fake.sent).toHaveLength(0);
  });

  it("waits for the hour on Wellington's clock", async () => {
    // 6:59 am in Kansas is already 12:59 UTC: not yet.
    expect(await sendLeadDigest(undefined, at("06:59"))).toBe("not due");
    expect(fake.sent).toHaveLength(0);
  });

  it("mails the notification address once, listing new leads and follow-ups due today or late with links", async () => {
    lead("Kim Hoang", {
      status: "contacted",
      followUpOn: "2026-11-20",
      city: "Wellington",
      service: "Residential Roofing",
    });
    lead("Dale Ortiz", { status: "contacted", followUpOn: DAY, city: "Derby" });
    lead("Not Yet", { status: "contacted", followUpOn: "2026-12-01" });
    lead("Closed Deal", { status: "won", followUpOn: "2026-11-20" });
    const archived = lead("Put Away");
    setArchived(archived, true);

    expect(await sendLeadDigest(undefined, at("07:00"))).toBe("sent");
    expect(fake.sent).toHaveLength(1);
    const [mail] = fake.sent;
    expect(mail).toMatchObject({
      from: '"Prairie Ridge Framing & Roofing" <web@example.com>',
      to: ['"Prairie Ridge Framing & Roofing" <owner@example.com>'],
      subject: "Leads waiting today: 1 new, 2 to follow up",
    });
    expect(mail.text).toContain("Leads waiting in the website's admin on Tuesday, November 24.");
    expect(mail.text).toMatch(
      /- Kim Hoang, Residential Roofing, Wellington\. Contacted\. Follow-up was Fri, Nov 20 \(late\)\.\n {2}https:\/\/roofs\.example\.com\/admin\/leads\/\d+/,
    );
    expect(mail.text).toContain("- Dale Ortiz, Derby. Contacted. Follow up today.");
    expect(mail.text).toContain("New leads, not contacted yet (1):\n- Too Late For Today.");
    for (const left of ["Not Yet", "Closed Deal", "Put Away", "Early Bird"]) expect(mail.text).not.toContain(left);
    // The same numbers as the admin header's badges.
    expect(waitingLeads(DAY)).toEqual({ fresh: 1, due: 2, replies: 0 });

    // Later that day, and after a restart (fresh modules: the day is stored, not remembered),
    // up to 11:30 pm in Kansas though it is already the next day in UTC: nothing more.
    expect(await sendLeadDigest(undefined, at("07:05"))).toBe("not due");
    vi.resetModules();
    const restarted = await import("~/services/lead-digest.server");
    expect(await restarted.sendLeadDigest(undefined, at("23:30"))).toBe("not due");
    expect(getSetting("digest").lastSentOn).toBe(DAY);
    expect(fake.sent).toHaveLength(1);
  });

  it("keeps a refused summary in the outbox, whose next run sends it, once", async () => {
    const next = "2026-11-25";
    fake.failWhen(() => true);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await sendLeadDigest(undefined, at("07:00", next))).toBe("failed");
    errors.mockRestore();
    expect(getSetting("digest").lastSentOn).toBe(next);
    fake.failWhen(null);
    expect(await sendLeadDigest(undefined, at("07:05", next))).toBe("not due");
    await processOutbox(undefined, at("07:05", next));
    const digests = () => fake.sent.filter((m) => m.subject.startsWith("Leads waiting"));
    expect(digests()).toHaveLength(1);
    expect(digests()[0].text).toContain("Wednesday, November 25");
    await processOutbox(undefined, at("09:00", next));
    expect(digests()).toHaveLength(1);
  });

  it("goes at the hour the owner chose", async () => {
    switchOn({ digestHour: 16 });
    expect(await sendLeadDigest(undefined, at("15:59", "2026-11-26"))).toBe("not due");
    expect(await sendLeadDigest(undefined, at("16:00", "2026-11-26"))).toBe("sent");
    expect(fake.sent[0].text).toContain("once a day after 4 pm Kansas time");
  });
});
