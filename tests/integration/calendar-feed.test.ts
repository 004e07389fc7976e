import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { matchRoutes } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/lib/roles";

// Each person's calendar feed (decision 0096): made on the Account page, read by a phone's
// calendar without a session. Only the person's own visits; a link made again, turned off,
// or whose person was removed answers 404, as does anything that is not a token at all.

process.env.SITE_URL = "https://roofs.example";

const { getDb } = await import("~/server/db.server");
const { calendarFeeds, users, visits } = await import("~/db/schema");
const { createLead } = await import("~/models/lead.server");
const { addVisit, cancelVisit } = await import("~/models/visit.server");
const { removeMember, upsertUser } = await import("~/models/user.server");
const { getBusinessFacts } = await import("~/models/settings.server");
const { startSession } = await import("~/services/auth.server");
const { readFlash } = await import("~/services/flash.server");
const { visitUid } = await import("~/services/visit-calendar.server");
const { PAGE_CACHE_PATHS } = await import("~/lib/page-cache-paths");
const { cacheKey } = await import("~/server/page-cache.server");
const { CALENDAR_FEED_MESSAGES } = await import("~/lib/calendar-feed");
const routes = (await import("~/routes")).default;
const { startApp } = await import("./started-app");
const { routeArgs } = await import("./admin-session");
const account = await import("~/routes/admin/account");
const feedRoute = await import("~/routes/resources/calendar-feed");

const DAY = 86_400_000;
const team: Record<string, { id: number; cookie: string }> = {};
const visitIds: Record<string, number> = {};
let leadId = 0;

beforeAll(async () => {
  await startApp();
  const people: [string, Role, string][] = [
    ["owner", "owner", "Pat Owner"],
    ["kim", "crew", "Kim Crew"],
    ["sam", "crew", "Sam Crew"],
  ];
  for (const [key, role, name] of people) {
    const { user } = await upsertUser(`${key}@example.com`, `${key}-password-123`);
    getDb().update(users).set({ role, name }).where(eq(users.id, user.id)).run();
    team[key] = { id: user.id, cookie: (await startSession(user.id)).split(";")[0] };
  }
  leadId = createLead({
    name: "Ava Spring",
    email: "ava@example.com",
    phone: "316-555-0100",
    message: "Roof",
    street: "412 N Main St",
    city: "Derby",
    zip: "67037",
  }).id;
  const by = { id: team.owner.id, name: "Pat Owner" };
  const book = (key: string, assignee: string, startsAt: Date, note: string | null = null) => {
    const visit = addVisit(
      {
        leadId,
        kind: "work_day",
        startsAt,
        durationMinutes: 480,
        assigneeId: team[assignee].id,
        note,
        createdBy: team.owner.id,
      },
      by,
    );
    if (typeof visit === "string") throw new Error(visit);
    visitIds[key] = visit.id;
  };
  // Whole minutes: an .ics time has no milliseconds.
  const inDays = (n: number) => new Date(Math.floor((Date.now() + n * DAY) / 60_000) * 60_000);
  book("kims", "kim", inDays(2), "Tear-off first");
  book("sams", "sam", inDays(3));
  book("canceled", "kim", inDays(4));
  cancelVisit(leadId, visitIds.canceled, by);
  book("longAgo", "kim", inDays(-45));
  book("farAhead", "kim", inDays(400));
}, 60_000);

type Made = { data: { form: string; url: string } };
async function post(who: string, intent: string) {
  const request = new Request("http://site.test/admin/account", {
    method: "POST",
    body: new URLSearchParams({ intent }),
    headers: { Cookie: team[who].cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    return (await account.action(routeArgs(request))) as Response | Made;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const makeLink = async (who: string) => ((await post(who, "new-calendar-feed")) as Made).data.url;
const turnOff = async (who: string) => (await post(who, "turn-off-calendar-feed")) as Response;
const since = async (who: string) =>
  (
    await account.loader(
      routeArgs(new Request("http://site.test/admin/account", { headers: { Cookie: team[who].cookie } })),
    )
  ).calendarFeedSince;

/** The feed's answer to a GET of this address, as a phone's calendar would get it. */
async function fetchFeed(url: string): Promise<Response> {
  const token = decodeURIComponent(new URL(url).pathname.replace(/^\/calendar\//, "").replace(/\.ics$/, ""));
  try {
    return (await feedRoute.loader(routeArgs(new Request(url), { token }))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    name: calendar.getFirstPropertyValue("x-wr-calname"),
    method: calendar.getFirstPropertyValue("method"),
    events: calendar.getAllSubcomponents("vevent").map((e) => ({
      uid: e.getFirstPropertyValue("uid"),
      summary: e.getFirstPropertyValue("summary"),
      description: String(e.getFirstPropertyValue("description")),
      location: e.getFirstPropertyValue("location"),
      url: e.getFirstPropertyValue("url"),
      start: (e.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
      end: (e.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    })),
  };
}

async function expectNothing(url: string) {
  const res = await fetchFeed(url);
  expect(res.status).toBe(404);
  expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
  expect(await res.text()).toBe("Not found");
}

describe("a person's calendar feed", () => {
  it("holds only the person's own visits not canceled, from a month back to a year ahead, as a calendar reads them", async () => {
    expect(await since("kim")).toBeNull();
    const url = await makeLink("kim");
    expect(url).toMatch(/^https:\/\/roofs\.example\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the token's hash is kept.
    const token = url
      .split("/")
      .pop()!
      .replace(/\.ics$/, "");
    const row = getDb().select().from(calendarFeeds).where(eq(calendarFeeds.userId, team.kim.id)).get()!;
    expect(row.tokenHash).not.toContain(token);
    expect(await since("kim")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const feed = eventsOf(await res.text());
    expect(feed.name).toBe(getBusinessFacts().company);
    expect(feed.method).toBeNull();
    expect(feed.events).toHaveLength(1);
    const [event] = feed.events;
    const starts = getDb().select().from(visits).where(eq(visits.id, visitIds.kims)).get()!.startsAt;
    expect(event).toEqual({
      uid: visitUid(visitIds.kims, "roofs.example"),
      summary: "Work day: Ava Spring",
      description: expect.stringContaining("Tear-off first") as string,
      location: "412 N Main St, Derby, KS 67037",
      url: `https://roofs.example/admin/leads/${leadId}`,
      start: starts.toISOString(),
      end: new Date(starts.getTime() + 480 * 60_000).toISOString(),
    });
    expect(event.description).toContain("316-555-0100");
  });

  it("a new link makes the old one answer nothing at once; turned off, so does the new one", async () => {
    const first = await makeLink("kim");
    const second = await makeLink("kim");
    expect(second).not.toBe(first);
    await expectNothing(first);
    expect((await fetchFeed(second)).status).toBe(200);

    const off = await turnOff("kim");
    expect(off.status).toBe(302);
    const flash = off.headers
      .getSetCookie()
      .find((c) => c.startsWith("__flash="))!
      .split(";")[0];
    const read = await readFlash(new Request("http://site.test/", { headers: { Cookie: flash } }));
    expect(read.flash?.message).toBe(CALENDAR_FEED_MESSAGES.turnedOff);
    await expectNothing(second);
    expect(await since("kim")).toBeNull();
    // Pressed again (another tab): said plainly.
    const again = await turnOff("kim");
    const flashAgain = again.headers
      .getSetCookie()
      .find((c) => c.startsWith("__flash="))!
      .split(";")[0];
    expect(
      (await readFlash(new Request("http://site.test/", { headers: { Cookie: flashAgain } }))).flash?.message,
    ).toBe(CALENDAR_FEED_MESSAGES.alreadyOff);
  });

  it("a removed person's feed answers nothing, and is gone with them", async () => {
    const url = await makeLink("sam");
    const feed = eventsOf(await (await fetchFeed(url)).text());
    expect(feed.events.map((e) => e.uid)).toEqual([visitUid(visitIds.sams, "roofs.example")]);
    removeMember(team.sam.id);
    await expectNothing(url);
    expect(getDb().select().from(calendarFeeds).where(eq(calendarFeeds.userId, team.sam.id)).all()).toEqual([]);
  });

  it("anything that is not a working token answers the same 404, never a 5xx", async () => {
    const base = "https://roofs.example/calendar/";
    const hostile = [
      "x".repeat(44),
      "x".repeat(42),
      "a".repeat(43),
      "a".repeat(10_000),
      "abc$def",
      "%00",
      "..%2F..%2Fetc%2Fpasswd",
      "' or 1=1 --",
      "ä".repeat(43),
      "",
    ];
    for (const token of hostile) await expectNothing(`${base}${encodeURIComponent(token)}.ics`);
  });

  it("path tricks reach the feed route only as a token, which then opens nothing", () => {
    type Entry = { id?: string; path?: string; file: string; children?: Entry[] };
    const toRoute = (e: Entry): { id: string; path?: string; children?: unknown[] } => ({
      id: e.id ?? e.file,
      path: e.path,
      children: e.children?.map(toRoute),
    });
    const table = (routes as Entry[]).map(toRoute) as Parameters<typeof matchRoutes>[0];
    const feedMatch = (path: string) => matchRoutes(table, path)?.find((m) => m.route.id?.includes("calendar-feed"));
    expect(feedMatch("/calendar/abc.ics")?.params.token).toBe("abc");
    expect(feedMatch("/calendar/a/b.ics")).toBeUndefined();
    expect(feedMatch("/calendar/abc")).toBeUndefined();
  });

  it("is never kept by the page cache", () => {
    const url = "/calendar/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics";
    expect(PAGE_CACHE_PATHS.skipped(url)).toBe(true);
    expect(PAGE_CACHE_PATHS.skipped("/calendar/anything")).toBe(true);
    expect(cacheKey(PAGE_CACHE_PATHS, "GET", url, undefined)).toBeNull();
  });

  it("office and owner have a feed of their own too", async () => {
    const url = await makeLink("owner");
    expect(eventsOf(await (await fetchFeed(url)).text()).events).toEqual([]);
  });
});
