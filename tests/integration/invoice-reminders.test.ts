import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { kansasInstant } from "~/lib/business-time";
import { fakeResendForApp } from "./fake-mail";
import { fakeTwilioForApp } from "./fake-texts";

// Overdue invoice reminders: the daily check run on fixed days against this file's own
// database, the mails and texts going through the real SDKs to the fakes, the history it
// writes, and the pause staff put on a job from its invoices card.
const mail = await fakeResendForApp({ SITE_URL: "https://roofs.example" });
const texts = await fakeTwilioForApp();

const { getDb } = await import("~/server/db.server");
const { invoices, leadNotes, leads, outbox, proposals } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { recordAcceptance } = await import("~/models/proposal.server");
const { listLeadInvoices, sendInvoice, voidInvoice, createInvoiceDraft } = await import("~/models/invoice.server");
const { recordPayment } = await import("~/models/payment.server");
const { listLeadNotes } = await import("~/models/lead-history.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { processOutbox } = await import("~/services/outbox.server");
const { queueInvoiceReminders } = await import("~/services/invoice-reminders.server");
const { DEFAULT_REMINDER_SETTINGS } = await import("~/lib/invoice-reminders");
const { systemActor } = await import("~/lib/actor");
const { routeArgs, signInTeam } = await import("./admin-session");
const invoicesRoute = await import("~/routes/admin/lead-invoices");
const pricingRoute = await import("~/routes/admin/pricing");
const { pricingPageFormValues } = await import("~/lib/pricing-page");
const { readFlash } = await import("~/services/flash.server");

const office = systemActor("Dana Brooks");
const company = "Prairie Ridge Framing & Roofing";
let team: Awaited<ReturnType<typeof signInTeam>>;
beforeAll(async () => {
  team = await signInTeam([
    ["pat", "owner", "Pat Owner"],
    ["kim", "office", "Kim Ruiz"],
    ["sam", "crew", "Sam Ortiz"],
  ]);
});
beforeEach(() => {
  setSetting("invoiceReminders", structuredClone(DEFAULT_REMINDER_SETTINGS));
  // Each test counts its own jobs' reminders: the earlier tests' leads are put away.
  db().update(leads).set({ archivedAt: new Date() }).run();
});

const db = () => getDb();
/** A moment of a Kansas day. */
const at = (day: string, time = "10:00") => {
  const found = kansasInstant(day, time);
  if (!found.ok) throw new Error("no such time");
  return found.at;
};

let phoneSeq = 200;
/**
 * A won job whose deposit ($1,200.00 of $4,000.00) was sent on `sentOn` and is due that day
 * (a deposit is due on receipt). The homeowner chose Text and agreed, and has an email unless told.
 */
function overdueDeposit(
  sentOn: string,
  { email = "", textConsent = true }: { email?: string; textConsent?: boolean } = {},
) {
  const digits = `3165550${String(phoneSeq++).padStart(3, "0")}`;
  const lead = createLead({
    name: "Karen Miller",
    email,
    phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    message: "Hail",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
    preferredContact: "text",
    textConsent,
  });
  const content = {
    customer: { name: "Karen Miller", email, phone: "", address: "" },
    company: { name: "Prairie Ridge", phone: "", email: "", address: "" },
    totalCents: 400_000,
    validUntil: "2026-12-31",
    issuedAt: at(sentOn, "08:00").toISOString(),
    lines: [],
    subtotalCents: 400_000,
    taxRateBasisPoints: 0,
    taxCents: 0,
    terms: "",
  };
  const proposal = db()
    .insert(proposals)
    .values({ leadId: lead.id, content, totalCents: 400_000, expiresAt: new Date("2030-01-01T00:00:00Z") })
    .returning()
    .get();
  recordAcceptance(proposal.id, { name: "Karen Miller", ip: "127.0.0.1" }, at(sentOn, "09:00"));
  const [deposit] = listLeadInvoices(lead.id);
  const sent = sendInvoice(lead.id, deposit!.id, office, at(sentOn, "09:30"));
  if (!sent || "refused" in sent) throw new Error("the deposit was not sent");
  expect(sent.invoice.dueOn).toBe(sentOn);
  return { leadId: lead.id, invoiceId: sent.invoice.id, to: `+1${digits}`, number: sent.invoice.number! };
}

const invoiceOf = (id: number) => db().select().from(invoices).where(eq(invoices.id, id)).get()!;
const reminderRows = (invoiceId: number) =>
  db()
    .select()
    .from(outbox)
    .where(eq(outbox.invoiceId, invoiceId))
    .all()
    .filter((r) => r.kind === "invoice-reminder");
const reminderEntries = (leadId: number) =>
  db()
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .all()
    .filter((n) => n.kind === "invoice-reminder-sent");
const remindersTo = (email: string) =>
  mail.sent.filter((m) => m.to.some((to) => to.includes(email)) && m.subject.startsWith("Reminder: invoice"));
const textsTo = (to: string) => texts.sent.filter((t) => t.to === to).map((t) => t.body);

/** The daily check at `time` on `day`: how many it queued. */
const checkOn = (day: string, time = "10:00") => queueInvoiceReminders(at(day, time));
/** The outbox's run a minute after the check: what was queued goes to the fakes. */
const sendOn = (day: string) => processOutbox(undefined, at(day, "10:01"));

/** A form posted to a route's action as the browser would: the answer's status, its data and its flash. */
async function postTo(
  route: typeof invoicesRoute | typeof pricingRoute,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = new Request(`https://roofs.example${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "https://roofs.example" },
    body: new URLSearchParams(fields),
  });
  const answer = await Promise.resolve(route.action(routeArgs(request, params)) as unknown).catch((e: unknown) => e);
  if (answer instanceof Response) {
    const cookieSet = answer.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    const { flash } = await readFlash(new Request("https://roofs.example/", { headers: { Cookie: cookieSet } }));
    return { status: answer.status, flash: flash?.message ?? null, data: null };
  }
  const d = answer as { init?: { status?: number }; data?: unknown };
  return { status: d.init?.status ?? 200, flash: null, data: d.data ?? answer };
}
const post = async (leadId: number, cookie: string, fields: Record<string, string>) =>
  (await postTo(invoicesRoute, `/admin/leads/${leadId}/invoices`, cookie, fields, { id: String(leadId) })).status;

/** The Pricing page's form as it is filled from what is stored, flattened to field names, with changes. */
function pricingForm(changes: Record<string, string | undefined>): Record<string, string> {
  const fields: Record<string, string> = {};
  const walk = (value: unknown, name: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${name}[${i}]`));
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k);
    else if (typeof value === "string") fields[name] = value;
  };
  walk(pricingPageFormValues(getSetting("pricing"), getSetting("invoiceReminders"), getSetting("proposalAddOns")), "");
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined) delete fields[k];
    else fields[k] = v;
  }
  return fields;
}

describe("the schedule: 3, 10 and 30 days after the due day", () => {
  it("mails and texts one reminder on each step's day, with the balance, the due day and the job page", async () => {
    const email = "karen.one@example.com";
    const job = overdueDeposit("2026-12-01", { email });
    expect(checkOn("2026-12-03")).toBe(0);

    expect(checkOn("2026-12-04")).toBe(1);
    await sendOn("2026-12-04");
    const [first] = remindersTo(email);
    expect(first?.subject).toBe(
      `Reminder: invoice INV-${String(job.number).padStart(4, "0")} from ${company} was due December 1, 2026`,
    );
    expect(first?.text).toContain("was due on December 1, 2026, and $1,200.00 of it is still open.");
    expect(first?.text).toMatch(/https:\/\/roofs\.example\/job\/[\w-]{43}/);
    expect(textsTo(job.to).at(-1)).toMatch(
      new RegExp(
        `^${company}: a friendly reminder, invoice INV-\\d{4} was due Tue, Dec 1 and \\$1,200\\.00 is still open\\. See it: https://roofs\\.example/job/[\\w-]{43}`,
      ),
    );
    expect(listLeadNotes(job.leadId, "office").map((n) => n.text)).toContain(
      `Reminder sent for invoice INV-${String(job.number).padStart(4, "0")}, 3 days past due: $1,200.00 owed`,
    );
    expect(listLeadNotes(job.leadId, "crew").map((n) => n.text)).toContain(
      "Payment reminder sent for the deposit invoice",
    );
    expect(reminderEntries(job.leadId).at(-1)?.author).toBe("Overdue reminders");

    // Twice the same day, or the next days: nothing more.
    expect(checkOn("2026-12-04", "16:00")).toBe(0);
    expect(checkOn("2026-12-05")).toBe(0);
    expect(checkOn("2026-12-11")).toBe(1);
    await sendOn("2026-12-11");
    expect(checkOn("2026-12-11", "18:00")).toBe(0);
    expect(checkOn("2026-12-31")).toBe(1);
    await sendOn("2026-12-31");
    expect(checkOn("2027-01-10")).toBe(0);

    expect(remindersTo(email)).toHaveLength(3);
    expect(textsTo(job.to).filter((t) => t.includes("a friendly reminder"))).toHaveLength(3);
    expect(reminderEntries(job.leadId).map((n) => n.count)).toEqual([3, 10, 30]);
    expect(invoiceOf(job.invoiceId)).toMatchObject({ remindersSent: 3, lastRemindedAt: at("2026-12-31") });
    // Each step is a mail of its own.
    expect(reminderRows(job.invoiceId).filter((r) => r.channel === "mail")).toHaveLength(3);
  });

  it("a homeowner without an email gets the text alone", async () => {
    const job = overdueDeposit("2026-12-01");
    expect(checkOn("2026-12-04")).toBe(1);
    await sendOn("2026-12-04");
    expect(reminderRows(job.invoiceId).map((r) => r.channel)).toEqual(["text"]);
    expect(textsTo(job.to).filter((t) => t.includes("a friendly reminder"))).toHaveLength(1);
  });

  it("waits for the day: nothing during the quiet hours", async () => {
    const job = overdueDeposit("2026-12-01", { email: "karen.night@example.com" });
    expect(queueInvoiceReminders(at("2026-12-04", "06:30"))).toBe(0);
    expect(queueInvoiceReminders(at("2026-12-04", "21:30"))).toBe(0);
    expect(reminderRows(job.invoiceId)).toHaveLength(0);
    expect(queueInvoiceReminders(at("2026-12-04", "08:00"))).toBe(1);
  });

  it("follows the owner's days, and sends nothing while reminders are off", async () => {
    const job = overdueDeposit("2026-12-01", { email: "karen.days@example.com" });
    setSetting("invoiceReminders", { enabled: false, days: [3, 10, 30] });
    expect(checkOn("2026-12-04")).toBe(0);
    setSetting("invoiceReminders", { enabled: true, days: [5] });
    expect(checkOn("2026-12-04")).toBe(0);
    expect(checkOn("2026-12-06")).toBe(1);
    expect(reminderEntries(job.leadId).map((n) => n.count)).toEqual([5]);
  });
});

describe("what stops them", () => {
  it("a payment in full: none after it, and one queued before it never goes", async () => {
    const email = "karen.paid@example.com";
    const job = overdueDeposit("2026-12-01", { email });
    expect(queueInvoiceReminders(at("2026-12-04"))).toBe(1);
    const paid = recordPayment({
      invoiceId: job.invoiceId,
      method: "check",
      checkNumber: "1042",
      amountCents: 120_000,
      receivedOn: "2026-12-04",
      by: office,
    });
    expect(paid.status).toBe("recorded");
    await sendOn("2026-12-04");
    expect(remindersTo(email)).toHaveLength(0);
    expect(reminderRows(job.invoiceId).every((r) => r.state === "skipped")).toBe(true);
    expect(checkOn("2026-12-11")).toBe(0);
    expect(reminderEntries(job.leadId)).toHaveLength(1);
  });

  it("a part payment: the next reminder says what is still open", async () => {
    const email = "karen.part@example.com";
    const job = overdueDeposit("2026-12-01", { email });
    recordPayment({
      invoiceId: job.invoiceId,
      method: "cash",
      amountCents: 20_000,
      receivedOn: "2026-12-02",
      by: office,
    });
    expect(checkOn("2026-12-04")).toBe(1);
    await sendOn("2026-12-04");
    expect(remindersTo(email)[0]?.text).toContain("$1,000.00 of it is still open");
  });

  it("a voided invoice, a draft, or an invoice overdue long before reminders came on: none", async () => {
    const voided = overdueDeposit("2026-12-01", { email: "karen.void@example.com" });
    expect(voidInvoice(voided.leadId, voided.invoiceId, "Billed twice", office)).toBe("voided");
    const drafted = overdueDeposit("2026-12-01", { email: "karen.draft@example.com" });
    const draft = createInvoiceDraft(drafted.leadId, "progress", office);
    if ("refused" in draft) throw new Error(draft.refused);
    db().update(invoices).set({ dueOn: "2026-12-01" }).where(eq(invoices.id, draft.id)).run();
    const old = overdueDeposit("2026-05-14", { email: "karen.old@example.com" });

    // The draft's job has its sent deposit: that one is reminded, the draft never.
    expect(checkOn("2026-12-04")).toBe(1);
    expect(reminderRows(voided.invoiceId)).toHaveLength(0);
    expect(reminderRows(draft.id)).toHaveLength(0);
    expect(reminderRows(old.invoiceId)).toHaveLength(0);
    expect(reminderEntries(old.leadId)).toHaveLength(0);
  });

  it("no way to reach the homeowner: nothing queued and nothing written, day after day", async () => {
    const job = overdueDeposit("2026-12-01", { textConsent: false });
    expect(checkOn("2026-12-04")).toBe(0);
    expect(checkOn("2026-12-05")).toBe(0);
    expect(reminderRows(job.invoiceId)).toHaveLength(0);
    expect(reminderEntries(job.leadId)).toHaveLength(0);
    expect(invoiceOf(job.invoiceId).remindersSent).toBe(0);
  });

  it("an archived lead: none", async () => {
    const job = overdueDeposit("2026-12-01", { email: "karen.archived@example.com" });
    db().update(leads).set({ archivedAt: new Date() }).where(eq(leads.id, job.leadId)).run();
    expect(checkOn("2026-12-04")).toBe(0);
    expect(reminderRows(job.invoiceId)).toHaveLength(0);
  });
});

describe("pausing a job's reminders", () => {
  it("office pauses and resumes from the invoices card; the history names who; none goes while paused", async () => {
    const email = "karen.pause@example.com";
    const job = overdueDeposit("2026-12-01", { email });
    expect(await post(job.leadId, team.kim!.cookie, { intent: "pause-reminders", reminders: "pause" })).toBe(302);
    expect(db().select().from(leads).where(eq(leads.id, job.leadId)).get()?.remindersPausedAt).toBeInstanceOf(Date);
    // A second pause (another tab) writes nothing more.
    expect(await post(job.leadId, team.kim!.cookie, { intent: "pause-reminders", reminders: "pause" })).toBe(302);
    expect(checkOn("2026-12-04")).toBe(0);
    expect(checkOn("2026-12-11")).toBe(0);

    expect(await post(job.leadId, team.kim!.cookie, { intent: "pause-reminders", reminders: "resume" })).toBe(302);
    const history = listLeadNotes(job.leadId, "owner").filter((n) => n.text?.startsWith("Overdue reminders"));
    expect(history.map((n) => [n.text, n.author])).toEqual([
      ["Overdue reminders paused for this job", "Kim Ruiz"],
      ["Overdue reminders resumed for this job", "Kim Ruiz"],
    ]);
    // Resumed within a step's few days of grace: that step goes; the 3rd day's stays passed.
    expect(checkOn("2026-12-12")).toBe(1);
    expect(reminderEntries(job.leadId).map((n) => n.count)).toEqual([10]);
    await sendOn("2026-12-12");
    expect(remindersTo(email)).toHaveLength(1);
  });

  it("a reminder queued before the pause does not go", async () => {
    const email = "karen.queued@example.com";
    const job = overdueDeposit("2026-12-01", { email });
    expect(queueInvoiceReminders(at("2026-12-04"))).toBe(1);
    expect(await post(job.leadId, team.kim!.cookie, { intent: "pause-reminders", reminders: "pause" })).toBe(302);
    await sendOn("2026-12-04");
    expect(remindersTo(email)).toHaveLength(0);
  });

  it("is refused to the crew, and a bad value is a 400", async () => {
    const job = overdueDeposit("2026-12-01", { email: "karen.crew@example.com" });
    expect(await post(job.leadId, team.sam!.cookie, { intent: "pause-reminders", reminders: "pause" })).toBe(403);
    expect(await post(job.leadId, team.kim!.cookie, { intent: "pause-reminders", reminders: "forever" })).toBe(400);
    expect(db().select().from(leads).where(eq(leads.id, job.leadId)).get()?.remindersPausedAt).toBeNull();
  });
});

describe("the owner's schedule on the Pricing page", () => {
  const save = (fields: Record<string, string>, cookie = team.pat!.cookie) =>
    postTo(pricingRoute, "/admin/pricing", cookie, fields);

  it("saves the days and the switch beside the prices, and says what it saved", async () => {
    expect(await save(pricingForm({ "reminders.days": "14, 7 and 45" }))).toMatchObject({
      status: 302,
      flash: "Overdue reminders saved",
    });
    expect(getSetting("invoiceReminders")).toEqual({ enabled: true, days: [7, 14, 45] });
    expect(await save(pricingForm({ "reminders.enabled": undefined }))).toMatchObject({ status: 302 });
    expect(getSetting("invoiceReminders").enabled).toBe(false);
    expect(await save(pricingForm({ nailsPerSquareCents: "8.75" }))).toMatchObject({ flash: "Prices saved" });
  });

  it("refuses days it cannot use, beside the box, and saves nothing", async () => {
    const refused = await save(pricingForm({ "reminders.days": "3, 0" }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Please enter whole days after the due day, from 1 to 365");
    expect(getSetting("invoiceReminders")).toEqual(DEFAULT_REMINDER_SETTINGS);
  });

  it("a form without the reminders' part (a tab opened before them) leaves them as they were", async () => {
    setSetting("invoiceReminders", { enabled: true, days: [4] });
    const fields = pricingForm({});
    delete fields["reminders.enabled"];
    delete fields["reminders.days"];
    expect(await save(fields)).toMatchObject({ status: 302 });
    expect(getSetting("invoiceReminders")).toEqual({ enabled: true, days: [4] });
  });

  it("is the owner's alone", async () => {
    expect((await save(pricingForm({ "reminders.days": "5" }), team.kim!.cookie)).status).toBe(403);
  });
});
