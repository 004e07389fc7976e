import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, businessToday, kansasInstant } from "~/lib/business-time";
import { FAKE_TWILIO, inboundText, startFakeTwilio, twilioWebhookRequest, type WebhookSigning } from "../fake-twilio";
import { fakeResendForApp } from "./fake-mail";
import { fakeTwilioForApp } from "./fake-texts";

// Texts to homeowners through the real twilio SDK and a fake Twilio: which news goes by
// text, to whom, when (never at night), and what comes back by Twilio's webhooks.
const mail = await fakeResendForApp({ SITE_URL: "https://roofs.example" });
const fake = await fakeTwilioForApp();

const { getDb } = await import("~/server/db.server");
const { leadNotes, leads, outbox, textOptOuts } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { listLeadNotes, writeLeadHistory } = await import("~/models/lead-history.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { queueText } = await import("~/models/outbox.server");
const { systemActor } = await import("~/lib/actor");
const { mailNewLead } = await import("~/services/lead-mail.server");
const { processOutbox, deliverNow } = await import("~/services/outbox.server");
const { bookVisit, rescheduleVisit, callOffVisit } = await import("~/services/visit-booking.server");
const { queueVisitReminders } = await import("~/services/visit-reminders.server");
const { twilioTransport } = await import("~/server/texts.server");
const { startApp } = await import("./started-app");
const { proposals } = await import("~/db/schema");
const { recordAcceptance } = await import("~/models/proposal.server");
const { listLeadInvoices } = await import("~/models/invoice.server");
const { sendInvoiceNow, recordPaymentNow } = await import("~/services/invoice-sending.server");
const { setJobCompleted } = await import("~/models/lead.server");
const { askForReview } = await import("~/services/review-asking.server");
const smsRoute = await import("~/routes/resources/twilio-sms");
const statusRoute = await import("~/routes/resources/twilio-status");

beforeAll(async () => {
  await startApp();
});

const db = () => getDb();
const office = systemActor("Dana Brooks");
const company = "Prairie Ridge Framing & Roofing";

/** A moment of a day to come, Kansas time: the tests never depend on the hour they run at. */
const at = (days: number, time: string) => {
  const found = kansasInstant(addDays(businessToday(), days), time);
  if (!found.ok) throw new Error("no such time");
  return found.at;
};
const NOON = at(2, "12:00");

let phoneSeq = 100;
/** A homeowner with a number of their own (E.164 `to`), who chose Text and gave no email unless told. */
function homeowner(fields: { email?: string; textConsent?: boolean; preferredContact?: "call" | "text" } = {}) {
  const digits = `3165550${String(phoneSeq++).padStart(3, "0")}`;
  const lead = createLead({
    name: "Ray Ortiz",
    email: fields.email ?? "",
    phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    message: "Shingles off after the storm",
    street: "118 E Harvey Ave",
    city: "Wellington",
    zip: "67152",
    preferredContact: fields.preferredContact ?? "text",
    textConsent: fields.textConsent ?? true,
  });
  return { id: lead.id, to: `+1${digits}` };
}
const historyKinds = (leadId: number) =>
  db()
    .select({ kind: leadNotes.kind })
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .all()
    .map((n) => n.kind);
const textsTo = (to: string) => fake.sent.filter((t) => t.to === to).map((t) => t.body);
const rows = (leadId: number) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.leadId, leadId), eq(outbox.channel, "text")))
    .all();

/** A signed post to one of the webhooks, answered by its route as the server would. */
async function webhook(
  route: typeof smsRoute | typeof statusRoute,
  path: string,
  params: Record<string, string>,
  signing: WebhookSigning = {},
) {
  const request = twilioWebhookRequest(`https://roofs.example${path}`, params, signing);
  try {
    const response = (await route.action({ request, params: {}, context: {} } as never)) as Response;
    return { status: response.status, body: await response.text() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.text() };
    const d = thrown as { type?: string; init?: { status?: number } };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500, body: "" };
    throw thrown;
  }
}
const sms = (params: Record<string, string>, signing: WebhookSigning = {}) =>
  webhook(smsRoute, "/webhooks/twilio/sms", params, signing);
const status = (params: Record<string, string>) => webhook(statusRoute, "/webhooks/twilio/status", params);

describe("who is texted", () => {
  it("a homeowner who chose Text and gave no email gets 'we got your request', the company first, with the job page and how to stop", async () => {
    const { id, to } = homeowner();
    await mailNewLead(id, undefined, NOON);
    const [text] = textsTo(to);
    expect(text).toMatch(
      new RegExp(
        `^${company}: we got your request and will get back to you within 24 hours\\. Your job page: https://roofs\\.example/job/[\\w-]{43} Reply STOP to opt out\\.$`,
      ),
    );
    // The owner still gets the notice by mail; there is no address to mail the homeowner at.
    expect(mail.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^New quote request: Ray Ortiz/)]);
    expect(rows(id).map((r) => [r.kind, r.state])).toEqual([["lead-autoreply", "sent"]]);
  });

  it("nobody is texted without agreeing, whatever they chose", async () => {
    const { id, to } = homeowner({ textConsent: false });
    await mailNewLead(id, undefined, NOON);
    await processOutbox(undefined, NOON);
    expect(textsTo(to)).toEqual([]);
    expect(rows(id)).toEqual([]);
  });

  it("one who agreed but chose a call and gave an email is texted only when the owner texts everyone who agreed", async () => {
    const first = homeowner({ email: "ray@example.com", preferredContact: "call" });
    await mailNewLead(first.id, undefined, NOON);
    expect(textsTo(first.to)).toEqual([]);
    const settings = getSetting("contact");
    setSetting("contact", { ...settings, textEveryone: true });
    try {
      const second = homeowner({ email: "ray@example.com", preferredContact: "call" });
      await mailNewLead(second.id, undefined, NOON);
      expect(textsTo(second.to)).toHaveLength(1);
    } finally {
      setSetting("contact", settings);
    }
  });
});

describe("each step of a visit reaches him by text", () => {
  it("booked, the day-before reminder, moved and canceled: each once, in Kansas words, with the job page", async () => {
    const { id, to } = homeowner();
    await mailNewLead(id, undefined, NOON);
    const visitAt = at(4, "09:00");
    const booked = await bookVisit(
      { leadId: id, kind: "estimate_visit", startsAt: visitAt, durationMinutes: 60, assigneeId: null, note: null },
      office,
      { now: NOON },
    );
    if (typeof booked === "string") throw new Error(booked);
    expect(booked.channel).toBe("text");
    queueVisitReminders(at(3, "12:00"));
    await processOutbox(undefined, at(3, "12:00"));
    const moved = await rescheduleVisit(
      id,
      booked.visit.id,
      { startsAt: at(5, "13:30"), durationMinutes: 60, assigneeId: null, note: null },
      office,
      { now: at(3, "12:05") },
    );
    if (typeof moved === "string") throw new Error(moved);
    await callOffVisit(id, booked.visit.id, office, { now: at(3, "12:10") });
    const texts = textsTo(to);
    expect(texts.slice(1).map((t) => t.replace(/https:\/\/roofs\.example\/job\/[\w-]{43}/, "<job page>"))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${company}: your estimate visit is booked for \\w{3}, \\w{3} \\d+ at 9:00 AM\\. Details: <job page>$`,
        ),
      ),
      expect.stringMatching(
        /: reminder, your estimate visit is tomorrow, \w{3}, \w{3} \d+ at 9:00 AM\. Details: <job page>$/,
      ),
      expect.stringMatching(/: your estimate visit has moved to \w{3}, \w{3} \d+ at 1:30 PM\. Details: <job page>$/),
      expect.stringMatching(/: your estimate visit on \w{3}, \w{3} \d+ at 1:30 PM is canceled\. We will be in touch/),
    ]);
    // "Reply STOP" was said once, in the first text.
    expect(texts.filter((t) => t.includes("Reply STOP"))).toHaveLength(1);
  });
});

describe("money and the review reach a homeowner without an email by text", () => {
  it("the invoice with its job page link, the receipt with what is still owed, and the review request's own link", async () => {
    const { id, to } = homeowner();
    const proposal = db()
      .insert(proposals)
      .values({
        leadId: id,
        content: {
          customer: { name: "Ray Ortiz", email: "", phone: "", address: "" },
          company: { name: company, phone: "", email: "", address: "" },
          totalCents: 1_000_000,
          validUntil: "2099-12-31",
          issuedAt: NOON.toISOString(),
          lines: [],
          subtotalCents: 1_000_000,
          taxRateBasisPoints: 0,
          taxCents: 0,
          terms: "",
        },
        totalCents: 1_000_000,
        expiresAt: new Date(NOON.getTime() + 86_400_000),
      })
      .returning()
      .get();
    recordAcceptance(proposal.id, { name: "Ray Ortiz", ip: "127.0.0.1" }, NOON);
    const [deposit] = listLeadInvoices(id);
    const sent = await sendInvoiceNow(id, deposit.id, office, NOON);
    expect(sent && "message" in sent && sent.message).toMatch(/texted to \(316\) 555-\d{4}$/);
    const [invoiceText] = textsTo(to);
    expect(invoiceText).toMatch(
      new RegExp(
        `^${company}: invoice INV-\\d+ for \\$[\\d,]+\\.\\d\\d is ready\\. See it: https://roofs\\.example/job/[\\w-]{43}`,
      ),
    );
    const paid = await recordPaymentNow(
      {
        invoiceId: deposit.id,
        method: "check",
        checkNumber: "1042",
        amountCents: 10_000,
        receivedOn: "2026-12-01",
        by: office,
      },
      NOON,
    );
    expect("message" in paid && paid.message).toMatch(/Receipt: texted to \(316\) 555-\d{4}\.?$/);
    expect(textsTo(to)[1]).toMatch(/: thank you, we received \$100\.00 for invoice INV-\d+\. \$[\d,.]+ is still due\./);

    expect(setJobCompleted(id, true, office, NOON)).toBe(true);
    const asked = await askForReview(id, undefined, NOON);
    expect(asked).toMatchObject({ status: "texted", ok: true });
    expect(textsTo(to)[2]).toMatch(
      new RegExp(`^${company}: thank you for choosing us! .* https://roofs\\.example/review/[\\w-]+$`),
    );
    // Mail never tried: there is no address.
    expect(mail.sent.filter((m) => !m.subject.startsWith("New quote request"))).toEqual([]);
  });
});

describe("the quiet hours", () => {
  it("holds a text stored at 10 PM until 8 AM, across midnight, and sends it once then", async () => {
    const { id, to } = homeowner();
    const late = at(2, "22:00");
    const [stored] = [queueText({ kind: "lead-autoreply", leadId: id }, late)];
    expect(stored?.nextAttemptAt).toEqual(at(3, "08:00"));
    await processOutbox(undefined, at(3, "00:30"));
    await processOutbox(undefined, at(3, "07:59"));
    expect(textsTo(to)).toEqual([]);
    await processOutbox(undefined, at(3, "08:00"));
    await processOutbox(undefined, at(3, "08:05"));
    expect(textsTo(to)).toHaveLength(1);
  });

  it("a text due before 9 PM but tried after it waits for the morning, without counting a try", async () => {
    const { id, to } = homeowner();
    const stored = queueText({ kind: "lead-autoreply", leadId: id }, at(2, "20:59"))!;
    await processOutbox(undefined, at(2, "21:01"));
    const [row] = rows(id);
    expect(row).toMatchObject({ id: stored.id, state: "pending", attempts: 0, nextAttemptAt: at(3, "08:00") });
    expect(textsTo(to)).toEqual([]);
  });

  it("'on my way' goes at night too", async () => {
    const { id, to } = homeowner();
    const late = at(2, "21:30");
    const entry = writeLeadHistory(
      { leadId: id, kind: "on-my-way", detail: "in about 20 minutes (around 9:50 PM)" },
      systemActor("Dale Hobbs"),
      late,
    );
    const stored = queueText({ kind: "on-my-way", leadId: id, leadNoteId: entry }, late)!;
    expect((await deliverNow(stored.id, { now: late })).status).toBe("sent");
    expect(textsTo(to)).toEqual([
      `${company}: Dale Hobbs is on the way and should be there in about 20 minutes (around 9:50 PM). Reply STOP to opt out.`,
    ]);
  });
});

describe("after an outage", () => {
  it("every waiting text goes once when Twilio answers again", async () => {
    const people = [homeowner(), homeowner(), homeowner()];
    fake.setDown(true);
    for (const p of people) await mailNewLead(p.id, undefined, NOON);
    expect(fake.sent).toEqual([]);
    expect(rows(people[0].id)[0]).toMatchObject({ state: "pending", attempts: 1 });
    expect(rows(people[0].id)[0].lastError).toMatch(/Twilio did not take the text/);
    fake.setDown(false);
    // Before the first retry is due: the probe finds Twilio back, and the whole backlog goes.
    await processOutbox(undefined, new Date(NOON.getTime() + 20_000));
    await processOutbox(undefined, new Date(NOON.getTime() + 90_000));
    for (const p of people) expect(textsTo(p.to)).toHaveLength(1);
  });

  it("a number Twilio will not text is its own failure: the others still go", async () => {
    const bad = homeowner();
    const good = homeowner();
    fake.refuseWhen((t) => t.to === bad.to);
    queueText({ kind: "lead-autoreply", leadId: bad.id }, NOON);
    queueText({ kind: "lead-autoreply", leadId: good.id }, NOON);
    await processOutbox(undefined, NOON);
    expect(textsTo(good.to)).toHaveLength(1);
    expect(rows(bad.id)[0].lastError).toMatch(/Twilio refused the text: .*not a valid phone number/);
  });
});

describe("a backlog of texts", () => {
  it("is handed to Twilio at the number's rate, not one answer at a time, each text once", async () => {
    // Twilio across the internet answers later than the number's next turn comes.
    const slow = await startFakeTwilio(0, { latencyMs: 100 });
    try {
      const people = Array.from({ length: 5 }, () => homeowner());
      for (const p of people) queueText({ kind: "lead-autoreply", leadId: p.id }, NOON);
      await processOutbox(undefined, NOON, twilioTransport({ ...FAKE_TWILIO, apiBase: slow.url }));
      // One call at a time, texts would go at the pace of Twilio's answers, whatever the carrier allows.
      expect(slow.mostAtOnce()).toBeGreaterThan(1);
      for (const p of people) {
        expect(slow.sent.filter((t) => t.to === p.to)).toHaveLength(1);
        expect(rows(p.id).map((r) => r.state)).toEqual(["sent"]);
      }
      expect(slow.duplicates()).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe("replies by Twilio's webhook", () => {
  it("land in the right lead's history and mark it as a new reply", async () => {
    const ray = homeowner();
    const other = homeowner();
    const answer = await sms(inboundText(ray.to, "Tuesday morning works, gate code 4411"));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("<Response/>");
    const notes = listLeadNotes(ray.id, "owner");
    expect(notes.at(-1)).toMatchObject({ author: "Ray Ortiz" });
    expect(notes.some((n) => n.text?.includes("Tuesday morning works, gate code 4411"))).toBe(true);
    const [row] = db().select().from(leads).where(eq(leads.id, ray.id)).all();
    expect(row.unreadReplyAt).not.toBeNull();
    expect(listLeadNotes(other.id, "owner").some((n) => n.text?.includes("gate code"))).toBe(false);
  });

  it("a text from a number no lead has starts a lead (source: text) that is answered by text", async () => {
    const answer = await sms(inboundText("+13165550999", "Need gutters cleaned before winter"));
    expect(answer.status).toBe(200);
    const [lead] = db().select().from(leads).where(eq(leads.phone, "(316) 555-0999")).all();
    expect(lead).toMatchObject({
      source: "text",
      name: "Text from (316) 555-0999",
      message: "Need gutters cleaned before winter",
      preferredContact: "text",
    });
    await processOutbox(undefined, NOON);
    expect(textsTo("+13165550999")[0]).toMatch(new RegExp(`^${company}: we got your request`));
  });

  it("STOP is recorded and honored: a text waiting for him is dropped and a visit booked after sends nothing; START turns texts on again", async () => {
    const { id, to } = homeowner();
    const waiting = queueText({ kind: "lead-autoreply", leadId: id }, at(2, "22:00"))!;
    expect((await sms(inboundText(to, "Stop"))).status).toBe(200);
    expect(db().select().from(textOptOuts).where(eq(textOptOuts.phone, to)).all()).toHaveLength(1);
    expect(db().select().from(outbox).where(eq(outbox.id, waiting.id)).get()?.state).toBe("skipped");
    const booked = await bookVisit(
      { leadId: id, kind: "inspection", startsAt: at(4, "10:00"), durationMinutes: 60, assigneeId: null, note: null },
      office,
      { now: NOON },
    );
    if (typeof booked === "string") throw new Error(booked);
    await processOutbox(undefined, at(3, "09:00"));
    expect(textsTo(to)).toEqual([]);
    expect(historyKinds(id)).toContain("texts-stopped");

    expect((await sms(inboundText(to, "START"))).status).toBe(200);
    await callOffVisit(id, booked.visit.id, office, { now: NOON });
    expect(textsTo(to)).toEqual([expect.stringMatching(/inspection on .* is canceled/)]);
    expect(historyKinds(id)).toContain("texts-started");
  });

  it("HELP is answered with who we are and a number to call", async () => {
    const { to } = homeowner();
    const answer = await sms(inboundText(to, "help"));
    expect(answer.body).toContain(`<Message>${company.replace("&", "&amp;")}: texts about your request and job. Call`);
  });

  it("refuses a post without Twilio's signature, with a forged one, or from another account, and changes nothing", async () => {
    const { id, to } = homeowner();
    const before = listLeadNotes(id, "owner").length;
    expect((await sms(inboundText(to, "hi"), { signature: null })).status).toBe(403);
    expect((await sms(inboundText(to, "hi"), { signature: "bm90IGEgc2lnbmF0dXJl" })).status).toBe(403);
    expect((await sms(inboundText(to, "hi"), { authToken: "someone-elses-token" })).status).toBe(403);
    expect((await sms({ ...inboundText(to, "hi"), AccountSid: "AC99999999999999999999999999999999" })).status).toBe(
      403,
    );
    expect(listLeadNotes(id, "owner")).toHaveLength(before);
  });

  it("answers hostile posts with a 4xx, never a 5xx", async () => {
    const raw = async (body: string, type: string | null) => {
      const headers: Record<string, string> = type ? { "Content-Type": type } : {};
      const request = new Request("https://roofs.example/webhooks/twilio/sms", { method: "POST", headers, body });
      try {
        return ((await smsRoute.action({ request, params: {}, context: {} } as never)) as Response).status;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        return (thrown as { init?: { status?: number } }).init?.status ?? 500;
      }
    };
    expect(await raw('{"Body":"hi"}', "application/json")).toBe(415);
    expect(await raw(`Body=${"x".repeat(70_000)}`, "application/x-www-form-urlencoded")).toBe(413);
    expect(await raw("%zz=%%&&==", "application/x-www-form-urlencoded")).toBe(403);
    // Signed, but not a message: no id, or a number that cannot be answered.
    expect((await sms({ AccountSid: FAKE_TWILIO.accountSid, From: "+13165550123", Body: "hi" })).status).toBe(400);
    expect((await sms(inboundText("not a number", "hi"))).status).toBe(400);
    expect(
      (await status({ AccountSid: FAKE_TWILIO.accountSid, MessageSid: "SM123", MessageStatus: "sent" })).status,
    ).toBe(400);
  });

  it("a replayed message (the same id again, signed) changes nothing the second time", async () => {
    const { id, to } = homeowner();
    const message = inboundText(to, "See you then");
    expect((await sms(message)).status).toBe(200);
    expect((await sms(message)).status).toBe(409);
    expect(listLeadNotes(id, "owner").filter((n) => n.text?.includes("See you then"))).toHaveLength(1);
  });
});

describe("delivery status", () => {
  it("Twilio's callbacks say what the carrier made of each text, a late 'sent' never undoing 'delivered'", async () => {
    const one = homeowner();
    const two = homeowner();
    await mailNewLead(one.id, undefined, NOON);
    await mailNewLead(two.id, undefined, NOON);
    const [first, second] = [fake.sent.find((t) => t.to === one.to)!, fake.sent.find((t) => t.to === two.to)!];
    expect(first.statusCallback).toBe("https://roofs.example/webhooks/twilio/status");
    const report = (t: typeof first, s: string, code?: string) =>
      status({
        MessageSid: t.sid,
        AccountSid: FAKE_TWILIO.accountSid,
        MessageStatus: s,
        ...(code ? { ErrorCode: code } : {}),
      });
    expect((await report(first, "delivered")).status).toBe(200);
    expect((await report(first, "sent")).status).toBe(200);
    expect((await report(second, "undelivered", "30006")).status).toBe(200);
    expect(rows(one.id)[0]).toMatchObject({ deliveryStatus: "delivered", deliveryError: null });
    expect(rows(two.id)[0]).toMatchObject({
      deliveryStatus: "undelivered",
      deliveryError: "the number is a landline or cannot take texts (30006)",
    });
  });
});
