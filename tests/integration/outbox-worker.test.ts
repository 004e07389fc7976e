import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeResendForApp } from "./fake-mail";

// The server's way: the outbox's worker runs in this process, so a request that finds the
// provider busy or down leaves its mail to the worker instead of sending it itself.
const fake = await fakeResendForApp();

const { startApp } = await import("./started-app");
const { createLead } = await import("~/models/lead.server");
const { findMail } = await import("~/models/outbox.server");
const { leadMails, mailNewLead } = await import("~/services/lead-mail.server");
const { processOutbox, startOutbox } = await import("~/services/outbox.server");
const { stopBackgroundTasks } = await import("~/server/background.server");

const newLead = (name: string, email: string) =>
  createLead({ name, email, phone: null, message: "Hail took shingles off the north slope." }).id;
/** Each lead's notice and auto-reply as the provider took them: how many of each. */
const delivered = (email: string) => ({
  notices: fake.sent.filter((m) => m.subject.startsWith("New message from") && m.reply_to === email).length,
  autoReplies: fake.sent.filter((m) => m.subject.startsWith("Thank you") && m.to[0].includes(`<${email}>`)).length,
});
const stateOf = (id: number) => {
  const { notification, autoreply } = leadMails([id]).get(id)!;
  return { notification: notification?.state, attempts: notification?.attempts, autoreply: autoreply?.state };
};

beforeAll(async () => {
  await startApp();
});
beforeEach(() => {
  fake.requests.length = 0;
  // No tick of its own within a test: it runs when something wakes it.
  startOutbox(() => {}, 3_600_000);
});
// Its run under way ends before the next test looks at the provider.
afterEach(() => stopBackgroundTasks());

describe("a storm of quote requests while the provider is busy", () => {
  it("goes out in a few batch requests from the worker, each mail once, not one request a mail", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => newLead(`Storm Visitor ${i}`, `storm${i}@example.com`));
    // The first request finds the line free and takes it; every one after finds it busy.
    await mailNewLead(ids[0]);
    await Promise.all(ids.slice(1).map((id) => mailNewLead(id)));
    await vi.waitFor(() => expect(ids.map(stateOf).every((s) => s.autoreply === "sent")).toBe(true), {
      timeout: 20_000,
      interval: 50,
    });
    expect(ids.map(stateOf).every((s) => s.notification === "sent" && s.attempts === 1)).toBe(true);
    // Sent one by one, 60 mails took 60 requests, each waiting its turn in the provider's line.
    expect(fake.requests.length).toBeLessThanOrEqual(3);
    expect(fake.requests.every((path) => path === "/emails/batch")).toBe(true);
    for (let i = 0; i < ids.length; i++)
      expect(delivered(`storm${i}@example.com`)).toEqual({ notices: 1, autoReplies: 1 });
  });
});

describe("a request while the provider is known to be down", () => {
  it("does not call the provider: the mail waits for the worker, and goes once the provider answers", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.failWhen(() => true);
    const first = newLead("First Visitor", "first@example.com");
    // The worker's run meets the outage: the mail waits out its backoff.
    await processOutbox();
    expect(stateOf(first)).toMatchObject({ notification: "pending", attempts: 1 });
    const tried = fake.requests.length;

    const second = newLead("Second Visitor", "second@example.com");
    await mailNewLead(second);
    expect(fake.requests.length).toBe(tried);
    expect(stateOf(second)).toMatchObject({ notification: "pending", attempts: 0 });
    expect(findMail("lead-notification", { leadId: second })?.leasedUntil).toBeNull();

    // The worker's next run finds the provider back: the waiting mail goes, and so, without
    // waiting out its backoff, does the one that failed.
    fake.failWhen(null);
    await processOutbox();
    await vi.waitFor(() => expect([first, second].map((id) => stateOf(id).autoreply)).toEqual(["sent", "sent"]), {
      timeout: 20_000,
      interval: 50,
    });
    errors.mockRestore();
    expect(stateOf(second)).toMatchObject({ notification: "sent", attempts: 1 });
    expect(delivered("first@example.com")).toEqual({ notices: 1, autoReplies: 1 });
    expect(delivered("second@example.com")).toEqual({ notices: 1, autoReplies: 1 });
  });

  it("a storm of requests into the outage makes no call to it: each mail waits for the worker's own tick", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.failWhen(() => true);
    newLead("First Visitor", "first@example.com");
    await processOutbox();
    const tried = fake.requests.length;
    const storm = Array.from({ length: 5 }, (_, i) => newLead(`Storm Visitor ${i}`, `storm${i}@example.com`));
    for (const id of storm) await mailNewLead(id);
    // Time for a worker a request woke to run (50 ms after a wake), and for that run to end.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopBackgroundTasks();
    errors.mockRestore();
    expect(fake.requests.length).toBe(tried);
    expect(storm.map(stateOf).every((s) => s.notification === "pending" && s.attempts === 0)).toBe(true);
  });
});
