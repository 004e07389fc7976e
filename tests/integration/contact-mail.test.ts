import { systemActor } from "~/lib/actor";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { fakeResendForApp } from "./fake-mail";

const fake = await fakeResendForApp({ CONTACT_RATE_LIMIT: "3" });

const { getDb } = await import("~/server/db.server");
const { leads } = await import("~/db/schema");
const { startApp } = await import("./started-app");
const { processOutbox } = await import("~/services/outbox.server");
const { LEASE_MS, REQUEST_GAP_MS } = await import("~/lib/outbox");
const { mailNewLead, leadMails, resendFailedLeadMails } = await import("~/services/lead-mail.server");
const { createLead, createManualLead } = await import("~/models/lead.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { action } = await import("~/routes/contact");

/** A lead's two mails as the outbox has them, in the words the old columns had. */
const row = (id: number) => {
  const { notification: n, autoreply: a } = leadMails([id]).get(id)!;
  return {
    notifyStatus: n?.state ?? "skipped",
    notifyAttempts: n?.attempts ?? 0,
    notifyLastError: n?.lastError ?? null,
    notifyNextAttemptAt: n?.nextAttemptAt ?? null,
    autoreplyStatus: a?.state ?? (n ? "pending" : "skipped"),
    autoreplyAttempts: a?.attempts ?? 0,
  };
};
const store = (name = "Kim Hoang") =>
  createLead({ name, email: "kim@example.com", phone: "316-555-0100", message: "Hail hit the north slope." });

beforeAll(async () => {
  await startApp();
});

describe("contact mail through the resend SDK", () => {
  it("sends the owner's notification and the visitor's autoresponder", async () => {
    const { id } = store();
    await mailNewLead(id);
    expect(fake.sent).toHaveLength(2);
    const [notification, autoreply] = fake.sent;
    expect(notification).toMatchObject({
      from: '"Prairie Ridge Framing & Roofing" <web@example.com>',
      to: ['"Prairie Ridge Framing & Roofing" <hello@example.com>'],
      reply_to: "kim@example.com",
      subject: "New message from Kim Hoang",
    });
    expect(notification.text).toContain("Hail hit the north slope.");
    expect(notification.text).toContain("Phone: (316) 555-0100");
    expect(autoreply).toMatchObject({
      from: '"Prairie Ridge Framing & Roofing" <web@example.com>',
      to: ['"Kim Hoang" <kim@example.com>'],
      subject: "Thank you for contacting Prairie Ridge Framing & Roofing",
    });
    expect(autoreply.text).toContain("within 24 hours");
    expect(row(id)).toMatchObject({ notifyStatus: "sent", notifyAttempts: 1, autoreplyStatus: "sent" });
  });

  it("writes the homeowner's phone as the company's is written, however it was typed", async () => {
    const { id } = createLead({ name: "Ray Ortiz", email: "ray@example.com", phone: "3165550123", message: "Leak." });
    await mailNewLead(id);
    const notification = fake.sent.find((m) => m.subject === "New message from Ray Ortiz")!;
    expect(notification.text).toContain("Phone: (316) 555-0123");
    expect(notification.text).not.toContain("3165550123");
  });

  it("keeps the message when the provider fails, and sends it on a later retry", async () => {
    fake.failWhen(() => true);
    const { id } = store();
    const t0 = new Date();
    await mailNewLead(id, undefined, t0);
    expect(fake.sent).toHaveLength(0);
    expect(row(id)).toMatchObject({ notifyStatus: "pending", notifyAttempts: 1 });
    expect(row(id).notifyLastError).toContain("Provider is down");
    expect(row(id).notifyNextAttemptAt!.getTime()).toBe(t0.getTime() + 60_000);

    // Not yet due: the queue leaves it alone.
    await processOutbox(undefined, new Date(t0.getTime() + 30_000));
    expect(row(id).notifyAttempts).toBe(1);

    fake.failWhen(null);
    await processOutbox(undefined, new Date(t0.getTime() + 61_000));
    expect(row(id)).toMatchObject({
      notifyStatus: "sent",
      notifyAttempts: 2,
      notifyLastError: null,
      autoreplyStatus: "sent",
    });
    expect(fake.sent.map((m) => m.subject)).toEqual([
      "New message from Kim Hoang",
      "Thank you for contacting Prairie Ridge Framing & Roofing",
    ]);
  });

  it("marks a notification failed after the last retry", async () => {
    fake.failWhen(() => true);
    const { id } = store();
    let now = Date.now();
    for (let i = 0; i < 6; i++) {
      await mailNewLead(id, undefined, new Date(now));
      now += 7 * 60 * 60_000;
    }
    expect(row(id)).toMatchObject({ notifyStatus: "failed", notifyAttempts: 6, notifyNextAttemptAt: null });
    await processOutbox(undefined, new Date(now + 86_400_000));
    expect(row(id).notifyAttempts).toBe(6);
  });

  it("only logs an autoresponder failure", async () => {
    fake.failWhen((mail) => mail.subject.startsWith("Thank you"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { id } = store();
    await mailNewLead(id);
    expect(row(id)).toMatchObject({ notifyStatus: "sent", autoreplyStatus: "failed" });
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/lead-autoreply.*attempt failed/));
    errors.mockRestore();
    await processOutbox(undefined, new Date(Date.now() + 86_400_000));
    expect(fake.sent).toHaveLength(1);
  });

  it("sends no autoresponder when it is turned off, and uses the saved subject when on", async () => {
    const settings = getSetting("contact");
    setSetting("contact", { ...settings, autoresponderEnabled: false });
    const { id } = store();
    await mailNewLead(id);
    expect(fake.sent).toHaveLength(1);
    expect(row(id).autoreplyStatus).toBe("skipped");

    setSetting("contact", {
      ...settings,
      autoresponderSubject: "We got your note",
      notificationEmail: "dale@example.com",
    });
    const second = store();
    await mailNewLead(second.id);
    expect(fake.sent[1].to).toEqual(['"Prairie Ridge Framing & Roofing" <dale@example.com>']);
    expect(fake.sent[2].subject).toBe("We got your note");
    setSetting("contact", settings);
  });

  it("sends nothing for a phone call staff wrote down, now or from the retry loop", async () => {
    const lead = createManualLead(
      {
        name: "Dale Hobbs",
        email: "dale@example.com",
        phone: "620-555-0177",
        message: "Wind took shingles",
        service: null,
        street: null,
        city: null,
        zip: null,
        preferredContact: null,
        textConsent: false,
        status: "contacted",
        followUpOn: null,
      },
      systemActor("owner@example.com"),
    );
    await mailNewLead(lead.id);
    await processOutbox(undefined, new Date(Date.now() + 86_400_000));
    expect(fake.sent).toHaveLength(0);
    expect(row(lead.id)).toMatchObject({
      notifyStatus: "skipped",
      autoreplyStatus: "skipped",
      notifyAttempts: 0,
      autoreplyAttempts: 0,
    });
    expect(await resendFailedLeadMails(lead.id)).toBe(false);
  });

  it("a message without an email (stored as '') tells the owner with nobody to reply to, and answers nobody", async () => {
    const { id } = createLead({ name: "No Email", email: "", phone: "316-555-0101", message: "Call me" });
    await mailNewLead(id);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0].reply_to).toBeUndefined();
    expect(fake.sent[0].text).toContain("Email: (not given)");
    expect(fake.sent[0].text).toContain("No email was given: call or text them.");
    expect(row(id)).toMatchObject({ notifyStatus: "sent", autoreplyStatus: "skipped", autoreplyAttempts: 0 });
  });
});

describe("a backlog after a mail outage", () => {
  /** `n` messages that already failed once while the provider was down, waiting out their backoff. */
  function backlog(n: number, now: Date) {
    const ids: number[] = [];
    getDb().transaction(() => {
      for (let i = 0; i < n; i++) {
        const { id } = createLead({
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          phone: null,
          message: "Storm damage on the east side.",
        });
        getDb()
          .$client.prepare(
            "update outbox set attempts = 1, last_error = 'Resend refused the mail: Provider is down', next_attempt_at = ? where lead_id = ?",
          )
          .run(now.getTime() + 30 * 60_000, id);
        ids.push(id);
      }
    });
    return ids;
  }

  it("goes out in one run, in a few batch requests, as soon as the provider answers again", async () => {
    const now = new Date();
    const ids = backlog(400, now);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    // Still down: one early try, not counted against anyone's retries.
    fake.failWhen(() => true);
    await processOutbox(undefined, now);
    expect(fake.sent).toHaveLength(0);
    expect(ids.every((id) => row(id).notifyAttempts === 1 && row(id).notifyStatus === "pending")).toBe(true);

    // Back up: the whole backlog, long before its backoff would have let it go.
    fake.failWhen(null);
    fake.requests.length = 0;
    await processOutbox(undefined, new Date(now.getTime() + 30_000));
    errors.mockRestore();
    const notifications = fake.sent.filter((m) => m.subject.startsWith("New message from"));
    const autoreplies = fake.sent.filter((m) => m.subject.startsWith("Thank you"));
    expect(notifications).toHaveLength(400);
    expect(new Set(notifications.map((m) => m.reply_to)).size).toBe(400);
    expect(autoreplies).toHaveLength(400);
    expect(ids.every((id) => row(id).notifyStatus === "sent" && row(id).autoreplyStatus === "sent")).toBe(true);
    expect(fake.requests.length).toBeLessThanOrEqual(12);

    // Nothing is sent twice.
    await processOutbox(undefined, new Date(now.getTime() + 86_400_000));
    expect(fake.sent).toHaveLength(800);
  });

  it("a failing provider still backs each message off", async () => {
    const now = new Date();
    const fresh = [store("Due One"), store("Due Two")].map((m) => m.id);
    fake.failWhen(() => true);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await processOutbox(undefined, now);
    errors.mockRestore();
    for (const id of fresh) {
      expect(row(id)).toMatchObject({ notifyStatus: "pending", notifyAttempts: 1 });
      expect(row(id).notifyNextAttemptAt!.getTime()).toBe(now.getTime() + 60_000);
    }
  });
});

describe("one mail the provider will not take", () => {
  it("holds back none of the mails sent beside it: only that one waits for its retry", async () => {
    const now = new Date();
    const bad = "kim@bad-address.example";
    const ids = [
      store("First Visitor"),
      createLead({ name: "Bad Address", email: bad, phone: null, message: "Roof leak." }),
      store("Second Visitor"),
    ].map((m) => m.id);
    fake.sent.length = 0;
    // Resend refuses an address it will not take, here in the notification's reply-to.
    fake.refuseWhen((mail) => mail.reply_to === bad);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await processOutbox(undefined, now);
    errors.mockRestore();
    fake.refuseWhen(null);
    const [first, refused, second] = ids.map(row);
    expect(first).toMatchObject({ notifyStatus: "sent", autoreplyStatus: "sent" });
    expect(second).toMatchObject({ notifyStatus: "sent", autoreplyStatus: "sent" });
    expect(refused).toMatchObject({ notifyStatus: "pending", notifyAttempts: 1 });
    expect(refused.notifyLastError).toContain(bad);
    expect(refused.notifyNextAttemptAt!.getTime()).toBe(now.getTime() + 60_000);
    expect(fake.sent.filter((m) => m.subject.startsWith("New message from")).map((m) => m.reply_to)).toEqual([
      "kim@example.com",
      "kim@example.com",
    ]);
  });
});

describe("a mail of a kind the code no longer has", () => {
  it("fails alone at once and stalls none of the mails after it", async () => {
    const now = new Date();
    const { id } = store("After The Stale Kind");
    const stale = getDb()
      .$client.prepare(
        "insert into outbox (kind, recipient, state, attempts, created_at) values ('gone-kind', 'x@example.com', 'pending', 0, ?) returning id",
      )
      .pluck()
      .get(now.getTime() - 60_000) as number;
    // Oldest of all: the first the run picks.
    getDb().$client.prepare("update outbox set id = 0 where id = ?").run(stale);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await processOutbox(undefined, now);
    errors.mockRestore();
    expect(row(id)).toMatchObject({ notifyStatus: "sent", autoreplyStatus: "sent" });
    expect(getDb().$client.prepare("select state, last_error from outbox where id = 0").get()).toEqual({
      state: "failed",
      last_error: 'No mail of kind "gone-kind" is known',
    });
  });
});

describe("a provider that never answers", () => {
  it("costs the run no more than half a lease: the mail waits for its retry, free for the next run", async () => {
    const now = new Date();
    const { id } = store("Hung Request");
    const hanging = { name: "hanging", delivers: true, sendBatch: () => new Promise<never>(() => {}) };
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const run = processOutbox(hanging, now);
      // Its turn to send (one request every REQUEST_GAP_MS), then half a lease of waiting.
      await vi.advanceTimersByTimeAsync(REQUEST_GAP_MS + LEASE_MS / 2);
      await run;
    } finally {
      vi.useRealTimers();
      errors.mockRestore();
    }
    expect(row(id)).toMatchObject({ notifyStatus: "pending", notifyAttempts: 1 });
    expect(row(id).notifyLastError).toContain("did not answer");
    // Its retry comes from the backoff, while its lease (which a later run honors) has ended.
    await processOutbox(undefined, new Date(now.getTime() + 61_000));
    expect(row(id)).toMatchObject({ notifyStatus: "sent", notifyAttempts: 2 });
  });
});

describe("the contact action", () => {
  async function post(fields: Record<string, string>, ip = "10.9.0.1") {
    const request = new Request("http://site.test/contact", { method: "POST", body: new URLSearchParams(fields) });
    return (await action({ request, params: {}, context: requestContext(ip) } as never)) as {
      data: { status: string; reply: { error: Record<string, string[]> } };
      init: { status: number } | null;
    };
  }
  const count = () => getDb().select().from(leads).all().length;
  const valid = { name: "Jo", email: "jo@example.com", phone: "", message: "Gutters please" };

  it("refuses a filled honeypot: no row, no mail", async () => {
    const before = count();
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.init?.status).toBe(400);
    expect(count()).toBe(before);
    expect(fake.sent).toHaveLength(0);
  });

  it("takes 'call me' with a phone and no email", async () => {
    const before = count();
    const res = await post(
      { name: "Cal Phone", email: "", phone: "316-555-0123", message: "Call me about hail", preferredContact: "call" },
      "10.9.0.11",
    );
    expect(res.data.status).toBe("success");
    expect(count()).toBe(before + 1);
    const lead = getDb().select().from(leads).all().at(-1)!;
    expect(lead).toMatchObject({ name: "Cal Phone", email: "", phone: "316-555-0123", preferredContact: "call" });
  });

  it("refuses 'call me' without a phone, and a form with no way to reach at all: 400 on the field, nothing stored", async () => {
    const before = count();
    const call = await post(
      { name: "Cal", email: "cal@example.com", phone: "", message: "Call me", preferredContact: "call" },
      "10.9.0.12",
    );
    expect(call.init?.status).toBe(400);
    expect(call.data.reply.error.phone).toEqual(["Please enter your phone number, so we can call or text you"]);
    const none = await post({ name: "Cal", email: "", phone: "", message: "Hi" }, "10.9.0.12");
    expect(none.init?.status).toBe(400);
    expect(none.data.reply.error.email).toEqual([
      "Please enter an email address or a phone number, so we can get back to you",
    ]);
    expect(count()).toBe(before);
  });

  it("refuses line breaks in single-line fields (header injection)", async () => {
    const before = count();
    const res = await post({ ...valid, email: "jo@example.com\r\nBcc: all@example.com" });
    expect(res.init?.status).toBe(400);
    expect(count()).toBe(before);
  });

  it("stores a valid message and answers success, then limits one address", async () => {
    const before = count();
    for (let i = 0; i < 3; i++) expect((await post(valid, "10.9.0.7")).data.status).toBe("success");
    expect(count()).toBe(before + 3);
    const limited = await post(valid, "10.9.0.7");
    expect(limited.init?.status).toBe(429);
    expect(limited.data.reply.error[""]).toEqual([
      "Too many messages from your connection. Please try again in a few minutes, or give us a call.",
    ]);
    expect(count()).toBe(before + 3);
  });
});
