import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FAKE_TWILIO } from "../fake-twilio";
import { fakeTwilioForApp } from "./fake-texts";

// Staff text a homeowner from the lead page: the words go through Twilio's SDK to the fake
// Twilio, stay in the lead's history, and show in its Texts section with where they stand.
// Nothing goes to a lead that never agreed or replied STOP. A reply waits on the dashboard
// until someone opens the lead.

const twilio = await fakeTwilioForApp({ keep: true });

const { eq } = await import("drizzle-orm");
const { leads, textOptOuts } = await import("~/db/schema");
const { getDb } = await import("~/server/db.server");
const { createLead } = await import("~/models/lead.server");
const { writeLeadHistory, listLeadNotes } = await import("~/models/lead-history.server");
const { recordDelivery } = await import("~/models/outbox.server");
const { getSetting } = await import("~/models/settings.server");
const { systemActor } = await import("~/lib/actor");
const { readFlash } = await import("~/services/flash.server");
const { leadTextsView } = await import("~/services/lead-texts.server");
const textsRoute = await import("~/routes/admin/lead-texts");
const leadRoute = await import("~/routes/admin/lead");
const dashboardRoute = await import("~/routes/admin/dashboard");
const layoutRoute = await import("~/routes/admin/layout");
const newLeadRoute = await import("~/routes/admin/new-lead");
const contactRoute = await import("~/routes/admin/contact");
const { routeArgs, signInTeam } = await import("./admin-session");
const { contactPageFields } = await import("./contact-page-fields");

type Person = { id: number; cookie: string };
const team: Record<string, Person> = {};

// Texts wait out the night (9 PM to 8 AM Kansas time): the clock is set to a morning, and
// moved on a minute before each send, since Twilio takes a number's texts one at a time.
let clock = new Date("2026-12-01T16:00:00Z").getTime(); // 10:00 AM in Kansas
const tick = (to?: Date) => vi.setSystemTime((clock = to ? to.getTime() : clock + 60_000));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  tick();
  Object.assign(
    team,
    await signInTeam([
      ["owner", "owner", "Pat Owner"],
      ["office", "office", "Olga Office"],
      ["crew", "crew", "Kim Crew"],
    ]),
  );
});
beforeEach(() => {
  twilio.sent.length = 0;
});

let phones = 0;
/** A homeowner with a number carriers take, who agreed to texts unless told otherwise. */
function homeowner({ consent = true, email = "" } = {}) {
  const phone = `316-555-${String(1000 + ++phones)}`;
  const lead = createLead({
    name: `Homeowner ${phones}`,
    email,
    phone,
    message: "Shingles in the yard after the storm.",
    preferredContact: "text",
    textConsent: consent,
  });
  return { id: lead.id, to: `+1316555${String(1000 + phones)}` };
}

async function call<T>(run: () => Promise<T>): Promise<Response> {
  try {
    return (await run()) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

/** Posts the Texts form as a person, as a form (a redirect with a flash) or asking for JSON. */
async function sendText(who: string, leadId: number, body: string, { json = false } = {}) {
  tick();
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: team[who].cookie });
  if (json) headers.set("Accept", "application/json");
  const request = new Request(`http://site.test/admin/leads/${leadId}/texts`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ intent: "send-text", body }),
  });
  const answer = await call(() => textsRoute.action(routeArgs(request, { id: String(leadId) })));
  if (answer instanceof Response) {
    const cookie = answer.headers.get("Set-Cookie");
    const flash = cookie
      ? (await readFlash(new Request("http://site.test/", { headers: { Cookie: cookie.split(";")[0] } }))).flash
      : null;
    const type = answer.headers.get("Content-Type") ?? "";
    return {
      status: answer.status,
      location: answer.headers.get("Location"),
      flash,
      json: /json/.test(type) ? ((await answer.json()) as Record<string, unknown>) : null,
    };
  }
  // A refused form's data for the page (with or without scripts).
  const refused = answer as unknown as {
    data: { reply: { error?: Record<string, string[]> } };
    init: { status: number };
  };
  return { status: refused.init.status, location: null, flash: null, json: null, errors: refused.data.reply.error };
}

const thread = (leadId: number, role: "owner" | "crew" = "owner") => leadTextsView(leadId, { role }).thread;

describe("a text from the lead page", () => {
  it("goes to the homeowner's number with the words, and stays in the thread and the history", async () => {
    const lead = homeowner();
    const words = "Hi, this is Pat. We can look at the roof Thursday at 9. Does that work?";
    const sent = await sendText("owner", lead.id, words);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/admin/leads/${lead.id}#texts`);
    expect(sent.flash).toEqual({ type: "success", message: "Text sent. 1 text message." });
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]).toMatchObject({ to: lead.to, from: FAKE_TWILIO.from });
    // The first text a homeowner gets says how to stop them.
    expect(twilio.sent[0].body).toBe(`${words} Reply STOP to opt out.`);
    expect(thread(lead.id).at(-1)).toMatchObject({ from: "us", words, by: "Pat Owner", state: "Sent" });
    expect(listLeadNotes(lead.id, "owner").at(-1)).toMatchObject({ author: "Pat Owner", text: `Texted: ${words}` });
    // What the carrier made of it, as Twilio's status callback records it.
    recordDelivery(twilio.sent[0].sid, "undelivered", "30005: Unknown destination handset");
    expect(thread(lead.id).at(-1)).toMatchObject({ state: "Failed: 30005: Unknown destination handset" });
  });

  it("says what the words cost, from the one count", async () => {
    const lead = homeowner();
    const long = `${"Your gutters are in. ".repeat(8)}See you soon.`.slice(0, 161);
    const sent = await sendText("office", lead.id, long, { json: true });
    expect(sent.json).toEqual({ ok: true, status: "sent", message: "Text sent. 2 text messages (161 characters)." });
    expect(twilio.sent[0].body.startsWith(long)).toBe(true);
  });

  it("waits for 8 AM when written at night, and the thread says so", async () => {
    const lead = homeowner();
    tick(new Date("2026-12-02T04:30:00Z")); // 10:30 PM in Kansas
    const sent = await sendText("owner", lead.id, "Saw your photos, calling you tomorrow.", { json: true });
    expect(sent.json).toMatchObject({ ok: true, status: "quiet" });
    expect(sent.json?.message).toContain("it goes at 8:00 AM");
    expect(twilio.sent).toHaveLength(0);
    expect(thread(lead.id).at(-1)).toMatchObject({ state: "Waits for 8 AM (quiet hours)" });
    tick(new Date("2026-12-02T16:00:00Z"));
  });

  it("lists the automatic texts by what they are about, beside staff's words", async () => {
    const lead = homeowner();
    // The "we got your request" text waits in the outbox from the moment the lead came in.
    expect(thread(lead.id)).toEqual([
      expect.objectContaining({ from: "us", words: "Request received", label: true, by: null, state: "Queued" }),
    ]);
  });
});

describe("a lead that cannot be texted", () => {
  it("is sent nothing without their agreement, and the section says why", async () => {
    const lead = homeowner({ consent: false, email: "pat@example.com" });
    const sent = await sendText("owner", lead.id, "Hello!", { json: true });
    expect(sent).toMatchObject({ status: 409, json: { ok: false, error: "They have not agreed to texts." } });
    const asForm = await sendText("owner", lead.id, "Hello!");
    expect(asForm.flash).toEqual({ type: "error", message: "They have not agreed to texts." });
    expect(twilio.sent).toHaveLength(0);
    expect(listLeadNotes(lead.id, "owner").map((n) => n.text)).not.toContain("Texted: Hello!");
    expect(leadTextsView(lead.id, { role: "owner" }).refusal).toBe("They have not agreed to texts.");
  });

  it("is sent nothing after they replied STOP", async () => {
    const lead = homeowner();
    getDb().insert(textOptOuts).values({ phone: lead.to, optedOutAt: new Date() }).run();
    writeLeadHistory({ leadId: lead.id, kind: "texts-stopped", detail: lead.to }, systemActor("Twilio"));
    const sent = await sendText("owner", lead.id, "Are you still there?", { json: true });
    expect(sent.json).toEqual({ ok: false, error: "They replied STOP: no texts until they reply START." });
    expect(twilio.sent).toHaveLength(0);
    const view = leadTextsView(lead.id, { role: "owner" });
    expect(view.refusal).toBe("They replied STOP: no texts until they reply START.");
    expect(view.thread.at(-1)).toMatchObject({ from: "keyword", words: "Replied STOP: no more texts" });
  });

  it("refuses an empty or too long text in words, and the crew's", async () => {
    const lead = homeowner();
    expect(await sendText("owner", lead.id, "   ")).toMatchObject({
      status: 400,
      errors: { body: ["Please write the text"] },
    });
    expect(await sendText("owner", lead.id, "x".repeat(1601), { json: true })).toMatchObject({
      status: 400,
      json: { ok: false, error: "A text can be at most 1,600 characters" },
    });
    expect((await sendText("crew", lead.id, "On it", { json: true })).status).toBe(403);
    expect(twilio.sent).toHaveLength(0);
    // The crew reads the thread of a lead they may see, with no form.
    expect(leadTextsView(lead.id, { role: "crew" }).mayReply).toBe(false);
  });
});

describe("a reply from the homeowner", () => {
  const dashboardReplies = async (who: string) => {
    const request = new Request("http://site.test/admin", { headers: { Cookie: team[who].cookie } });
    const { dashboard } = (await dashboardRoute.loader(routeArgs(request))) as unknown as {
      dashboard: { replies: { count: number; items: { id: number; name: string; words: string | null }[] } };
    };
    return dashboard.replies;
  };
  const headerReplies = async (who: string) => {
    const request = new Request("http://site.test/admin/leads", { headers: { Cookie: team[who].cookie } });
    const answer = (await layoutRoute.loader(routeArgs(request))) as unknown as {
      data: { waiting: { replies: number } };
    };
    return answer.data.waiting.replies;
  };

  it("waits on the dashboard, with its words, until someone opens the lead", async () => {
    const lead = homeowner();
    tick();
    writeLeadHistory(
      { leadId: lead.id, kind: "text-received", body: "Thursday at 9 works", detail: lead.to },
      systemActor("Twilio"),
    );
    // Olga's lead: the crew, who see their own and the free ones, do not see it.
    getDb()
      .update(leads)
      .set({ unreadReplyAt: new Date(), assigneeId: team.office.id })
      .where(eq(leads.id, lead.id))
      .run();
    const waiting = await dashboardReplies("owner");
    expect(waiting.items).toContainEqual(expect.objectContaining({ id: lead.id, words: "Thursday at 9 works" }));
    expect(await headerReplies("owner")).toBe(waiting.count);
    expect((await dashboardReplies("crew")).items.map((r) => r.id)).not.toContain(lead.id);
    expect(thread(lead.id).at(-1)).toMatchObject({ from: "them", words: "Thursday at 9 works" });

    const open = new Request(`http://site.test/admin/leads/${lead.id}`, { headers: { Cookie: team.office.cookie } });
    await leadRoute.loader(routeArgs(open, { id: String(lead.id) }));
    expect((await dashboardReplies("owner")).items.map((r) => r.id)).not.toContain(lead.id);
    expect(await headerReplies("owner")).toBe(waiting.count - 1);
  });
});

describe("agreeing to texts, and the owner's switch", () => {
  it("is recorded on Add a lead only when the box is ticked", async () => {
    const add = async (fields: Record<string, string>) => {
      const request = new Request("http://site.test/admin/leads/new", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: team.office.cookie },
        body: new URLSearchParams({ name: "Caller", phone: "316-555-0199", message: "Leak", ...fields }),
      });
      const answer = await call(() => newLeadRoute.action(routeArgs(request)));
      const id = Number(answer.headers.get("Location")?.split("/").pop());
      return getDb().select().from(leads).where(eq(leads.id, id)).get()!;
    };
    expect((await add({ textConsent: "on" })).textConsentAt).not.toBeNull();
    expect((await add({})).textConsentAt).toBeNull();
  });

  it("texts everyone who agreed when the owner ticks it, and is off again when he unticks it", async () => {
    const save = async (changes: Record<string, string>) => {
      const request = new Request("http://site.test/admin/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: team.owner.cookie },
        body: new URLSearchParams(contactPageFields(changes)),
      });
      await call(() => contactRoute.action(routeArgs(request)));
      return getSetting("contact").textEveryone;
    };
    expect(await save({ textEveryone: "on" })).toBe(true);
    // The whole form again, as the page draws it now: still on.
    expect(await save({})).toBe(true);
    const off = contactPageFields();
    delete off.textEveryone;
    const request = new Request("http://site.test/admin/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: team.owner.cookie },
      body: new URLSearchParams(off),
    });
    await call(() => contactRoute.action(routeArgs(request)));
    expect(getSetting("contact").textEveryone).toBe(false);
  });
});
