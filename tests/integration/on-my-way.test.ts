import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusal } from "~/lib/refusal";
import type { Role } from "~/lib/roles";
import { createLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import type { SessionUser } from "~/models/session.server";
import { addVisit } from "~/models/visit.server";
import { getBusinessFacts } from "~/models/settings.server";
import { textLineBusy, twilioTransport } from "~/server/texts.server";
import { myDayView } from "~/services/my-day.server";
import { sendOnMyWay } from "~/services/on-my-way.server";
import { action } from "~/routes/admin/visit-on-my-way";
import { FAKE_TWILIO, startFakeTwilio } from "../fake-twilio";
import { routeArgs, signInTeam } from "./admin-session";

// "On my way" from the crew's visit card: one tap texts the homeowner who is coming and when,
// once a visit in half an hour, only to a homeowner who takes texts, only by the visit's own
// person or the office.

// Saturday, November 28, 2026, 10:00 AM in Kansas (CST).
const NOW = new Date("2026-11-28T16:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
let texts: ReturnType<typeof twilioTransport>;
const team: Record<string, SessionUser & { cookie: string }> = {};

beforeAll(async () => {
  fake = await startFakeTwilio();
  texts = twilioTransport({ ...FAKE_TWILIO, apiBase: fake.url });
  const people: [string, Role, string][] = [
    ["office", "office", "Olive Office"],
    ["kim", "crew", "Kim Crew"],
    ["sam", "crew", "Sam Crew"],
  ];
  const signed = await signInTeam(people);
  for (const [key, role, name] of people)
    team[key] = {
      sessionId: "",
      userId: signed[key]!.id,
      email: `${key}@example.com`,
      name,
      role,
      cookie: signed[key]!.cookie,
    };
});
afterAll(() => fake.close());

/** A homeowner's lead and a visit today at 11 AM given to Kim. */
function visitToday(
  lead: { name: string; textConsent: boolean; phone?: string; email?: string },
  startsAt = new Date("2026-11-28T17:00:00Z"),
) {
  const leadId = createLead({
    name: lead.name,
    email: lead.email ?? "",
    phone: lead.phone ?? "(316) 555-0123",
    message: "Roof leak",
    preferredContact: "text",
    textConsent: lead.textConsent,
  }).id;
  const visit = addVisit(
    {
      leadId,
      kind: "estimate_visit",
      startsAt,
      durationMinutes: 60,
      assigneeId: team.kim!.userId,
      note: null,
      createdBy: team.office!.userId,
    },
    { id: team.office!.userId, name: "Olive Office" },
    new Date("2026-11-20T15:00:00Z"),
  );
  if (typeof visit === "string") throw new Error(visit);
  return { leadId, visitId: visit.id };
}

const cardOf = (who: string, visitId: number, now = NOW) =>
  myDayView(team[who]!, now).today.items.find((i) => i.id === visitId);

async function post(who: string, visitId: number, form: Record<string, string>, json: boolean) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Cookie: team[who]!.cookie });
  if (json) headers.set("Accept", "application/json");
  const request = new Request(`http://site.test/admin/visits/${visitId}/on-my-way`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
  });
  let answer: unknown;
  try {
    answer = await action(routeArgs(request, { id: String(visitId) }));
  } catch (thrown) {
    answer = thrown;
  }
  const response = answer as Response;
  return {
    status: response.status,
    json: /json/.test(response.headers.get("Content-Type") ?? "") ? await response.json() : null,
    location: response.headers.get("Location"),
  };
}

describe("on my way", () => {
  it("texts the homeowner who is coming and about when, in the company's name, once in half an hour", async () => {
    const { leadId, visitId } = visitToday({ name: "Dana Reyes", textConsent: true });
    expect(cardOf("kim", visitId)?.onMyWay).toEqual({ sentAt: null });

    const sent = await sendOnMyWay(team.kim!, visitId, 20, { now: NOW, texts });
    expect(sent).toEqual({ sent: "Texted Dana Reyes: on your way", tone: "success" });
    const text = fake.sent.at(-1)!;
    expect(text.to).toBe("+13165550123");
    expect(text.body).toMatch(
      new RegExp(`^${getBusinessFacts().company}: Kim Crew is on the way and should be there in about 20 minutes`),
    );
    expect(text.body).toContain("around 10:20 AM");
    expect(listLeadNotes(leadId, "office").at(-1)).toMatchObject({ author: "Kim Crew" });

    // A second tap says when it went, and texts nothing.
    const count = fake.sent.length;
    const again = await sendOnMyWay(team.kim!, visitId, 10, { now: later(5), texts });
    expect(isRefusal(again) && again).toMatchObject({
      refused: "Dana Reyes was already texted that you are on your way, at 10:00 AM",
      status: 409,
    });
    expect(fake.sent).toHaveLength(count);
    expect(cardOf("kim", visitId, later(5))?.onMyWay).toEqual({ sentAt: "10:00 AM" });
    // Half an hour on, the card offers it afresh.
    expect(cardOf("kim", visitId, later(31))?.onMyWay).toEqual({ sentAt: null });
  });

  it("is not offered, and texts nothing, to a homeowner who did not agree to texts", async () => {
    const { visitId } = visitToday({ name: "Lee Noconsent", textConsent: false, email: "lee@example.com" });
    expect(cardOf("kim", visitId)?.onMyWay).toBeNull();
    const count = fake.sent.length;
    const refused = await sendOnMyWay(team.kim!, visitId, 20, { now: NOW, texts });
    expect(isRefusal(refused) && refused.refused).toBe("Lee Noconsent cannot be texted: call them instead");
    expect(fake.sent).toHaveLength(count);
  });

  it("is the visit's own person's, or the office's: another crew member is refused", async () => {
    const { visitId } = visitToday({ name: "Pat Owner", textConsent: true, phone: "316-555-0188" });
    expect(await post("sam", visitId, { minutes: "20" }, true)).toMatchObject({ status: 403, json: { ok: false } });
    expect(await post("kim", 999_999, { minutes: "20" }, true)).toMatchObject({ status: 404 });
    expect(await post("kim", visitId, { minutes: "25" }, true)).toMatchObject({
      status: 400,
      json: { ok: false, error: "Choose when you will be there." },
    });
    // Texts go one at a time at the number's rate: this one waits for the line, not for the worker.
    await expect.poll(textLineBusy).toBe(false);
    const office = await sendOnMyWay(team.office!, visitId, 45, { now: NOW, texts });
    expect(office).toEqual({ sent: "Texted Pat Owner: on your way", tone: "success" });
    expect(fake.sent.at(-1)!.body).toContain("Olive Office is on the way and should be there in about 45 minutes");
  });

  it("answers a plain form with My day and a flash, and says so when texts are not set up", async () => {
    // The route goes by the clock: a visit under way now.
    const { visitId } = visitToday(
      { name: "Robin Plain", textConsent: true, phone: "316-555-0177" },
      new Date(Date.now() - 10 * 60_000),
    );
    expect(await post("kim", visitId, { minutes: "20" }, false)).toMatchObject({
      status: 302,
      location: "/admin/my-day",
    });
    // Here the server has no Twilio account: the text is only printed, and a tap again says so again.
    expect(await post("kim", visitId, { minutes: "20" }, true)).toMatchObject({
      status: 200,
      json: { ok: true, message: "Texts are not set up: call or text Robin Plain yourself" },
    });
  });

  it("is only for today's visits", async () => {
    const { visitId } = visitToday({ name: "Sky Tomorrow", textConsent: true, phone: "316-555-0166" });
    const refused = await sendOnMyWay(team.kim!, visitId, 20, { now: later(24 * 60), texts });
    expect(isRefusal(refused) && refused.refused).toBe('Only today\'s visits send "on my way".');
  });
});
