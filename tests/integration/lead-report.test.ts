import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { routeArgs, signInTeam } from "./admin-session";
import { csvRecords } from "../csv-rows";
import { estimates, invoices, leads, proposals, visits } from "~/db/schema";
import { actorOf, systemActor, type Actor } from "~/lib/actor";
import { kansasInstant } from "~/lib/business-time";
import type { HistoryKind } from "~/lib/history-kinds";
import { speedFigures, type LeadReport } from "~/lib/lead-report";
import type { LeadSource, LeadStatus } from "~/lib/lead-status";
import type { ChartData, ReportFigure } from "~/lib/report-chart";
import { createLead, createManualLead, insertRoofToolLead } from "~/models/lead.server";
import { writeLeadHistory } from "~/models/lead-history.server";
import { getDb } from "~/server/db.server";
import { loader as reportLoader } from "~/routes/admin/reports";
import { loader as pipelineLoader } from "~/routes/admin/pipeline";
import { loader as leadListLoader } from "~/routes/admin/lead-list";
import { loader as exportLoader } from "~/routes/resources/export-zip";
import { loader as leadsCsvLoader } from "~/routes/resources/leads-csv";

// The Leads & sales report on a fixed set of leads over two years: every figure it shows is
// worked out again here from the files the owner can download (Export everything and the
// Leads CSV), and the month it shows agrees with the pipeline's and the Leads list's counts.

/** An instant named on a Kansas wall clock: "2026-10-05 09:00". */
const ks = (wall: string) => {
  const [day, time] = wall.split(" ") as [string, string];
  const found = kansasInstant(day, time);
  if (!found.ok) throw new Error(wall);
  return found.at;
};
const NOW = ks("2026-11-20 12:00");

let team: Record<string, { id: number; cookie: string }> = {};
let kim: Actor;
let olivia: Actor;
const TEAM_NAMES = ["Olivia Owner", "Kim Ruiz"];
const HOMEOWNER = systemActor("The homeowner");

type Made = { id: number; name: string };
const made: Record<string, Made> = {};

function lead(
  key: string,
  source: LeadSource,
  cameIn: string,
  { city = null, service = null }: { city?: string | null; service?: string | null } = {},
): Made {
  const name = `${key} Homeowner`;
  let id: number;
  if (source === "phone")
    id = createManualLead(
      {
        name,
        phone: "316-555-0100",
        email: "",
        service,
        street: null,
        city,
        zip: null,
        preferredContact: null,
        textConsent: false,
        message: "Called about the roof",
        status: "new",
        followUpOn: null,
      } as never,
      kim,
    ).id;
  else if (source === "roof_tool")
    id = insertRoofToolLead({ customerName: name, street: "1 Main St", city: city ?? "", zipCode: null }, true, kim);
  else
    id = createLead(
      { name, email: `${key.toLowerCase()}@example.com`, phone: null, message: "Roof", city, service } as never,
      [],
      source,
    ).id;
  getDb()
    .update(leads)
    .set({ createdAt: ks(cameIn), service, city })
    .where(eq(leads.id, id))
    .run();
  // The staff-added leads' first entry is when they were written down (a roof measured on the
  // spot was its contact: that moves with it).
  getDb().$client.prepare("update lead_notes set created_at = ? where lead_id = ?").run(ks(cameIn).getTime(), id);
  getDb()
    .$client.prepare("update leads set first_contact_at = ? where id = ? and first_contact_at is not null")
    .run(ks(cameIn).getTime(), id);
  return (made[key] = { id, name });
}

let statusOf = new Map<number, LeadStatus>();
function move(m: Made, to: LeadStatus, when: string, by: Actor = kim) {
  const from = statusOf.get(m.id) ?? getDb().select().from(leads).where(eq(leads.id, m.id)).get()!.status;
  getDb().update(leads).set({ status: to }).where(eq(leads.id, m.id)).run();
  writeLeadHistory({ leadId: m.id, statusFrom: from, statusTo: to }, by, ks(when));
  statusOf.set(m.id, to);
}
const entry = (m: Made, kind: HistoryKind, when: string, by: Actor = kim, body: string | null = null) =>
  writeLeadHistory({ leadId: m.id, kind, body }, by, ks(when));

function estimate(m: Made, cents: number) {
  getDb()
    .insert(estimates)
    .values({ leadId: m.id, lines: [], subtotalCents: cents, taxCents: 0, totalCents: cents })
    .run();
}

function accepted(m: Made, cents: number, when: string) {
  return getDb()
    .insert(proposals)
    .values({
      leadId: m.id,
      content: {},
      totalCents: cents,
      expiresAt: ks("2027-01-01 00:00"),
      acceptedAt: ks(when),
      acceptedName: m.name,
    })
    .returning()
    .get();
}

function bookVisit(m: Made, when: string, starts: string, cancelledOn: string | null) {
  const visit = getDb()
    .insert(visits)
    .values({
      leadId: m.id,
      kind: "estimate_visit",
      startsAt: ks(starts),
      createdBy: team.office!.id,
      createdAt: ks(when),
      cancelledAt: cancelledOn ? ks(cancelledOn) : null,
    })
    .returning()
    .get();
  writeLeadHistory({ leadId: m.id, kind: "visit-booked", visitId: visit.id }, kim, ks(when));
  if (cancelledOn) writeLeadHistory({ leadId: m.id, kind: "visit-canceled", visitId: visit.id }, kim, ks(cancelledOn));
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  team = await signInTeam([
    ["owner", "owner", "Olivia Owner"],
    ["office", "office", "Kim Ruiz"],
    ["crew", "crew", "Carl Crew"],
  ]);
  kim = actorOf({ userId: team.office!.id, name: "Kim Ruiz", email: "office@example.com" });
  olivia = actorOf({ userId: team.owner!.id, name: "Olivia Owner", email: "owner@example.com" });
  statusOf = new Map();

  // ---- Q4 2026 ----
  // A request contacted after 90 minutes (the homeowner's photos before it are not contact),
  // won with a change order on a sent bill; a voided bill's change order does not count.
  const l1 = lead("Ann", "website", "2026-10-05 09:00", { city: "wichita", service: "Roof replacement" });
  entry(l1, "homeowner-photos", "2026-10-05 09:10", HOMEOWNER);
  entry(l1, "assigned", "2026-10-05 09:20", olivia);
  move(l1, "contacted", "2026-10-05 10:30");
  estimate(l1, 1_000_000);
  move(l1, "quoted", "2026-10-12 10:00");
  const p1 = accepted(l1, 1_000_000, "2026-10-20 15:00");
  move(l1, "won", "2026-10-20 15:00", HOMEOWNER);
  getDb()
    .insert(invoices)
    .values([
      {
        leadId: l1.id,
        proposalId: p1.id,
        kind: "deposit",
        state: "sent",
        number: 1,
        lines: [
          { description: "Deposit", amountCents: 300_000 },
          { description: "Extra vent", amountCents: 25_500, changeOrder: true },
        ],
        subtotalCents: 325_500,
        totalCents: 325_500,
      },
      {
        leadId: l1.id,
        proposalId: p1.id,
        kind: "progress",
        state: "void",
        number: 2,
        lines: [{ description: "Skylight", amountCents: 99_900, changeOrder: true }],
        subtotalCents: 99_900,
        totalCents: 99_900,
      },
    ])
    .run();
  // First contact is a visit booked a day later, then called off; quoted and lost.
  const l2 = lead("Bob", "website", "2026-10-06 08:00", { city: "Wichita ", service: "Roof repair" });
  bookVisit(l2, "2026-10-07 08:00", "2026-10-09 10:00", "2026-10-08 09:00");
  estimate(l2, 450_000);
  move(l2, "quoted", "2026-10-15 11:00");
  move(l2, "lost", "2026-10-25 11:00");
  // Came back: came in 2025, lost in Q4 2025, quoted again and won in November 2026.
  const l3 = lead("Cal", "website", "2025-09-10 13:00", { city: "WICHITA", service: "Roof replacement" });
  entry(l3, "note", "2025-09-10 14:00", kim, "Called, set a visit");
  estimate(l3, 800_000);
  move(l3, "quoted", "2025-09-20 10:00");
  move(l3, "lost", "2025-11-05 10:00");
  move(l3, "quoted", "2026-10-10 10:00");
  move(l3, "won", "2026-11-03 16:00");
  // Closed twice in the period: lost, then won after all. First contact by text, 6 hours on.
  const l4 = lead("Dee", "website", "2026-10-19 14:00", { city: "Derby", service: "Gutters" });
  entry(l4, "text-sent", "2026-10-19 20:00", kim, "Hi Dee, when can we come by?");
  estimate(l4, 120_000);
  move(l4, "quoted", "2026-10-28 10:00");
  move(l4, "lost", "2026-11-05 09:00");
  move(l4, "won", "2026-11-12 09:00", olivia);
  // Never contacted, archived.
  const l5 = lead("Eve", "website", "2026-11-10 07:00");
  getDb()
    .update(leads)
    .set({ archivedAt: ks("2026-11-11 08:00") })
    .where(eq(leads.id, l5.id))
    .run();
  // A phone call written down: the contact itself; won.
  const l6 = lead("Fay", "phone", "2026-10-08 09:00", { city: "Mulvane", service: "Roof repair" });
  estimate(l6, 300_000);
  move(l6, "won", "2026-10-30 12:00");
  // A roof measured on the spot.
  lead("Gus", "roof_tool", "2026-11-02 10:00", { city: "derby" });
  // A text from a new number, answered two days later, then lost.
  const l8 = lead("Hal", "text", "2026-11-15 10:00", { city: "wichita", service: "Roof repair" });
  entry(l8, "text-sent", "2026-11-17 10:00");
  move(l8, "lost", "2026-11-18 10:00");
  // Contacted by a note, lost, then archived.
  const l9 = lead("Ivy", "website", "2026-10-21 16:00", { city: "Andover", service: "Siding" });
  entry(l9, "note", "2026-10-21 16:45", olivia, "Left a voicemail");
  move(l9, "lost", "2026-10-30 10:00", olivia);
  getDb()
    .update(leads)
    .set({ archivedAt: ks("2026-11-01 08:00") })
    .where(eq(leads.id, l9.id))
    .run();

  // ---- Q4 2025 ----
  const p = lead("Pam", "website", "2025-10-03 09:00", { city: "Wichita", service: "Roof replacement" });
  move(p, "contacted", "2025-10-03 11:00");
  estimate(p, 500_000);
  move(p, "won", "2025-10-20 10:00");
  const q = lead("Quinn", "phone", "2025-11-01 09:00", { city: "Andover", service: "Roof repair" });
  move(q, "lost", "2025-11-10 10:00");
  lead("Rae", "text", "2025-12-02 09:00");
  lead("Sam", "roof_tool", "2025-12-10 09:00", { city: "Derby" });
  // Archived and left alone in 2025.
  const t = lead("Tom", "website", "2025-10-15 12:00", { city: "wichita" });
  getDb()
    .update(leads)
    .set({ archivedAt: ks("2025-10-20 12:00") })
    .where(eq(leads.id, t.id))
    .run();
});

afterAll(() => {
  vi.useRealTimers();
});

const get = (path: string, who: string) =>
  new Request(`http://site.test${path}`, { headers: { Cookie: team[who]!.cookie } });
/** The month ("YYYY-MM") `months` after the one of `day`. */
function monthAfter(day: string, months: number): string {
  const at = new Date(`${day.slice(0, 7)}-01T12:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + months);
  return at.toISOString().slice(0, 7);
}

/**
 * Leads by month, each series (its first and last day) as the files tell it: each month's
 * leads that came in on its days within the series (the months the series share counted in both).
 */
function expectMonthsAsFiles(r: LeadReport, series: [from: string, to: string][]) {
  for (const [s, [from, to]] of series.entries()) {
    const { byDay } = fromFiles(from, to);
    const months = r.charts.leadsOverTime.rows.map((row) => row.values[s]);
    expect(months, `months ${from}`).toEqual(
      months.map((_, m) => byDay.filter((d) => d.slice(0, 7) === monthAfter(from, m)).length),
    );
    expect(months.some((n) => n! > 0)).toBe(true);
  }
}

const report = async (query: string, who = "owner") => reportLoader(routeArgs(get(`/admin/reports?${query}`, who)));

// ---- The files, read back ----

/** "2026-10-05 9:00 AM CDT" as an instant: the file's own words, read without the app's clock. */
function stamp(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2}) (AM|PM) (CST|CDT)$/.exec(text);
  if (!m) throw new Error(`Not a time: ${text}`);
  const hour = (Number(m[4]) % 12) + (m[6] === "PM" ? 12 : 0);
  const offset = m[7] === "CDT" ? 5 : 6;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour + offset, Number(m[5])));
}
/** The Kansas day of a file's time: its own date. */
const dayOf = (text: string) => text.slice(0, 10);

type Files = {
  leads: Record<string, string>[];
  history: Record<string, string>[];
  visits: Record<string, string>[];
  leadsList: Record<string, string>[];
};
let files: Files;

async function readFiles(): Promise<Files> {
  const response = await exportLoader(routeArgs(get("/admin/export.zip", "owner")));
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "report-export-"));
  const zip = path.join(out, "export.zip");
  fs.writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
  const unpack = spawnSync(
    "python3",
    ["-c", "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", zip, out],
    { encoding: "utf8" },
  );
  expect(unpack.status, unpack.stderr).toBe(0);
  const read = (file: string) => csvRecords(fs.readFileSync(path.join(out, file), "utf8"));
  const list = await leadsCsvLoader(routeArgs(get("/admin/leads/export.csv", "owner")));
  return {
    leads: read("leads.csv"),
    history: read("lead_history.csv"),
    visits: read("visits.csv"),
    leadsList: csvRecords(await list.text()),
  };
}

/** Every figure of a period, worked out from the files alone. */
function fromFiles(from: string, to: string) {
  const inPeriod = (text: string) => dayOf(text) >= from && dayOf(text) <= to;
  const cameIn = files.leads.filter((l) => inPeriod(l.created_at!));
  const byId = new Map(files.leads.map((l) => [l.id!, l]));
  const listRow = (name: string) => files.leadsList.find((r) => r.name === name)!;
  const dollarsOf = (name: string) => {
    const cell = listRow(name)["job value"]!;
    return cell === "" ? null : Math.round(Number(cell) * 100);
  };
  // Closes: each lead's last move to won or lost in the period (the history is oldest first).
  const moves = files.history.filter(
    (h) => ["quoted", "won", "lost"].includes(h.status_to!) && inPeriod(h.created_at!),
  );
  const lastClose = new Map<string, Record<string, string>>();
  for (const h of moves) if (h.status_to === "won" || h.status_to === "lost") lastClose.set(h.lead_id!, h);
  const closes = [...lastClose.values()].map((h) => ({
    to: h.status_to!,
    at: h.created_at!,
    lead: byId.get(h.lead_id!)!,
  }));
  const won = closes.filter((c) => c.to === "won");
  const quoted = new Set(moves.filter((h) => h.status_to === "quoted").map((h) => h.lead_id));
  const middle = (values: number[]) => {
    if (!values.length) return null;
    const s = [...values].sort((a, b) => a - b);
    const i = Math.floor(s.length / 2);
    return s.length % 2 ? s[i]! : (s[i - 1]! + s[i]!) / 2;
  };
  const days = (a: string, b: string) => (Date.parse(dayOf(b)) - Date.parse(dayOf(a))) / 86_400_000;
  const values = won.map((c) => dollarsOf(c.lead.name!)).filter((v): v is number => v !== null);
  // Speed to lead: website and text requests, to the first entry a team member wrote of a
  // kind that reached the homeowner or moved the lead on, or the first visit they booked.
  const contactKinds = ["note", "visit-booked", "text-sent", "on-my-way", "proposal-emailed", "roof-measured"];
  const requests = cameIn.filter((l) => l.source === "website" || l.source === "text");
  const waits = requests.map((l) => {
    const came = stamp(l.created_at!).getTime();
    const times = [
      ...files.history
        .filter((h) => h.lead_id === l.id && TEAM_NAMES.includes(h.by!) && contactKinds.includes(h.kind!))
        .map((h) => stamp(h.created_at!).getTime()),
      ...files.visits
        .filter((v) => v.lead_id === l.id && TEAM_NAMES.includes(v.created_by!))
        .map((v) => stamp(v.created_at!).getTime()),
    ].filter((t) => t >= came);
    return times.length ? (Math.min(...times) - came) / 60_000 : null;
  });
  const contacted = waits.filter((w): w is number => w !== null);
  const town = (city: string) => city.trim().toLowerCase() || "";
  const rate = (list: typeof closes) => (list.length ? list.filter((c) => c.to === "won").length / list.length : null);
  const groupBy = <T>(list: T[], key: (t: T) => string) => {
    const groups = new Map<string, T[]>();
    for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
    return groups;
  };
  return {
    leads: cameIn.length,
    bySource: Object.fromEntries(
      ["website", "phone", "roof_tool", "text"].map((s) => [s, cameIn.filter((l) => l.source === s).length]),
    ),
    byDay: cameIn.map((l) => dayOf(l.created_at!)),
    standNow: groupBy(cameIn, (l) => listRow(l.name!).status!),
    quoted: quoted.size,
    won: won.length,
    lost: closes.length - won.length,
    winRate: rate(closes),
    wonCents: won.reduce((sum, c) => sum + (dollarsOf(c.lead.name!) ?? 0), 0),
    averageJobCents: values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null,
    medianDaysToWon: middle(won.map((c) => days(c.lead.created_at!, c.at))),
    speed: {
      median: middle(contacted),
      slowest: contacted.length ? Math.max(...contacted) : null,
      within: requests.length ? contacted.filter((w) => w <= 24 * 60).length / requests.length : null,
      waiting: waits.filter((w) => w === null).length,
    },
    rateByWork: new Map(
      [...groupBy(closes, (c) => c.lead.service!.trim().toLowerCase())].map(([k, v]) => [k, rate(v)]),
    ),
    rateByTown: new Map([...groupBy(closes, (c) => town(c.lead.city!))].map(([k, v]) => [k, rate(v)])),
    jobsByTown: new Map([...groupBy(won, (c) => town(c.lead.city!))].map(([k, v]) => [k, v.length])),
    valueByTown: new Map(
      [...groupBy(won, (c) => town(c.lead.city!))].map(([k, v]) => [
        k,
        v.reduce((sum, c) => sum + (dollarsOf(c.lead.name!) ?? 0), 0),
      ]),
    ),
  };
}

const figure = (figures: ReportFigure[], label: string) => figures.find((f) => f.label === label)!.values;
/** A chart's rows by label, in lower case as the files are grouped. */
const chartRows = (chart: ChartData, series: number) =>
  new Map(chart.rows.map((r) => [r.label.toLowerCase().replace(/^(town|work) not given$/, ""), r.values[series]!]));

beforeAll(async () => {
  files = await readFiles();
});

/** Every figure of series `s` (the days from `from` to `to`) but the leads over time, as the files tell them. */
function expectAsFiles(r: LeadReport, s: number, from: string, to: string) {
  const want = fromFiles(from, to);
  const at = (label: string) => figure(r.figures, label)[s];
  expect(at("Leads"), `leads ${from}`).toBe(want.leads);
  expect(at("Quoted"), `quoted ${from}`).toBe(want.quoted);
  expect(at("Won"), `won ${from}`).toBe(want.won);
  expect(at("Lost"), `lost ${from}`).toBe(want.lost);
  expect(at("Win rate"), `win rate ${from}`).toBe(want.winRate);
  expect(at("Won value"), `won value ${from}`).toBe(want.wonCents);
  expect(at("Average job"), `average ${from}`).toBe(want.averageJobCents);
  expect(at("Request to won"), `to won ${from}`).toBe(want.medianDaysToWon);
  expect(at("Speed to lead"), `speed ${from}`).toBe(want.speed.median);
  const speed = (label: string) => figure(speedFigures(r.speed), label)[s];
  expect(speed("Slowest"), `slowest ${from}`).toBe(want.speed.slowest);
  expect(speed("Contacted within 24 hours"), `within ${from}`).toBe(want.speed.within);
  expect(speed("Not contacted"), `waiting ${from}`).toBe(want.speed.waiting);

  const sources = Object.fromEntries(r.charts.leadsBySource.rows.map((row) => [row.label, row.values[s]]));
  expect(sources, `sources ${from}`).toEqual({
    "Website form": want.bySource.website,
    "Phone call": want.bySource.phone,
    "Roof tool": want.bySource.roof_tool,
    "Text message": want.bySource.text,
  });
  for (const row of r.charts.standNow.rows)
    expect(row.values[s], `${row.label} ${from}`).toBe(want.standNow.get(row.label)?.length ?? 0);

  expect(chartRows(r.charts.closeRateByWork, s), `work ${from}`).toEqual(
    new Map([...chartRows(r.charts.closeRateByWork, s)].map(([k]) => [k, want.rateByWork.get(k) ?? null])),
  );
  expect([...want.rateByWork.keys()].every((k) => chartRows(r.charts.closeRateByWork, s).has(k))).toBe(true);
  expect(chartRows(r.charts.closeRateByTown, s), `towns ${from}`).toEqual(
    new Map([...chartRows(r.charts.closeRateByTown, s)].map(([k]) => [k, want.rateByTown.get(k) ?? null])),
  );
  expect([...want.rateByTown.keys()].every((k) => chartRows(r.charts.closeRateByTown, s).has(k))).toBe(true);
  expect(chartRows(r.charts.jobsByTown, s), `jobs ${from}`).toEqual(
    new Map([...chartRows(r.charts.jobsByTown, s)].map(([k]) => [k, want.jobsByTown.get(k) ?? 0])),
  );
  expect(chartRows(r.charts.valueByTown!, s), `value ${from}`).toEqual(
    new Map([...chartRows(r.charts.valueByTown!, s)].map(([k]) => [k, want.valueByTown.get(k) ?? 0])),
  );
}

describe("the Leads & sales report", () => {
  it("shows every figure of a quarter and of the same quarter a year earlier as the downloaded files tell them", async () => {
    const { report: r, period } = await report("period=quarter&quarter=2026-Q4");
    expect(period.label).toBe("Q4 2026");
    expect(r.series).toEqual(["Q4 2026", "Q4 2025"]);
    for (const [s, [from, to]] of [
      ["2026-10-01", "2026-12-31"],
      ["2025-10-01", "2025-12-31"],
    ].entries()) {
      const want = fromFiles(from!, to!);
      expectAsFiles(r, s, from!, to!);
      // Weeks of seven days from the quarter's first day.
      const weeks = r.charts.leadsOverTime.rows.map((row) => row.values[s]);
      const counted = weeks.map(
        (_, w) =>
          want.byDay.filter((d) => Math.floor((Date.parse(d) - Date.parse(from!)) / (7 * 86_400_000)) === w).length,
      );
      expect(weeks, `weeks ${from}`).toEqual(counted);
    }
  });

  it("tells a range and the same range a year earlier apart where they overlap, as the files do", async () => {
    const { report: r } = await report("period=range&from=2025-10-01&to=2026-11-30");
    expect(r.series).toEqual(["Oct 1, 2025 – Nov 30, 2026", "Oct 1, 2024 – Nov 30, 2025"]);
    expectAsFiles(r, 0, "2025-10-01", "2026-11-30");
    expectAsFiles(r, 1, "2024-10-01", "2025-11-30");
    expectMonthsAsFiles(r, [
      ["2025-10-01", "2026-11-30"],
      ["2024-10-01", "2025-11-30"],
    ]);
  });

  it("counts a range cut mid-month by month, each series its own days of a month the other shares", async () => {
    const { report: r } = await report("period=range&from=2025-10-15&to=2026-11-14");
    expectMonthsAsFiles(r, [
      ["2025-10-15", "2026-11-14"],
      ["2024-10-15", "2025-11-14"],
    ]);
  });

  it("keeps on each lead the first contact its history tells", () => {
    // The earliest entry a team member wrote once the lead was in, of a kind that is contact.
    const told = getDb()
      .$client.prepare(
        `select l.id, (select min(n.created_at) from lead_notes n where n.lead_id = l.id and n.author_id is not null
           and n.created_at >= l.created_at and n.kind in ('note', 'visit-booked', 'text-sent', 'on-my-way',
           'proposal-emailed', 'roof-measured')) as at from leads l order by l.id`,
      )
      .all();
    const kept = getDb().$client.prepare("select id, first_contact_at as at from leads order by id").all();
    expect(kept).toEqual(told);
    expect(kept.filter((l) => (l as { at: number | null }).at !== null).length).toBeGreaterThan(5);
  });

  it("counts what a newcomer would check by hand", async () => {
    const { report: r } = await report("period=quarter&quarter=2026-Q4");
    // Ann, Bob, Dee, Eve, Fay, Gus, Hal, Ivy came in (Cal came in 2025); Eve and Ivy are archived.
    expect(figure(r.figures, "Leads")).toEqual([8, 5]);
    // Cal came back and was won; Dee was lost then won; Bob, Hal and Ivy lost.
    expect(figure(r.figures, "Won")).toEqual([4, 1]);
    expect(figure(r.figures, "Lost")).toEqual([3, 2]);
    // Ann's job: $10,000 accepted plus the $255 change order (the voided bill's is not counted).
    expect(figure(r.figures, "Won value")[0]).toBe(1_025_500 + 800_000 + 120_000 + 300_000);
    // Wichita typed three ways is one town.
    const towns = r.charts.closeRateByTown.rows.map((row) => row.label);
    expect(towns.filter((t) => t.toLowerCase() === "wichita")).toEqual(["Wichita"]);
    expect(r.charts.closeRateByTown.rows.find((row) => row.label === "Wichita")!.values).toEqual([2 / 4, 1 / 2]);
    // Eve, never contacted, waits in the list (archived); Hal's two days are the slowest.
    expect(r.speed[0]!.waiting.map((w) => [w.name, w.archived])).toEqual([["Eve Homeowner", true]]);
    expect(r.speed[0]!.slowest[0]!.name).toBe("Hal Homeowner");
    expect(r.speed[0]!.slowestMinutes).toBe(48 * 60);
    // Bob's first contact is the visit booked (called off later): 24 hours.
    expect(r.speed[0]!.slowest.find((s) => s.name === "Bob Homeowner")!.minutes).toBe(24 * 60);
  });

  it("gives this month the pipeline's quoted, won, lost and win rate", async () => {
    const { month } = await pipelineLoader(routeArgs(get("/admin/leads/pipeline", "owner")));
    const { report: r } = await report("period=month&month=2026-11");
    expect(month!.label).toBe("November 2026");
    expect(figure(r.figures, "Quoted")[0]).toBe(month!.quoted.count);
    expect(figure(r.figures, "Quoted value")[0]).toBe(month!.quoted.totalCents);
    expect(figure(r.figures, "Won")[0]).toBe(month!.won.count);
    expect(figure(r.figures, "Won value")[0]).toBe(month!.won.totalCents);
    expect(figure(r.figures, "Lost")[0]).toBe(month!.lost);
    expect(figure(r.figures, "Win rate")[0]).toBe(month!.winRate);
    expect(month!.won.count).toBe(2);
  });

  it("counts the same leads per status as the Leads list, archived ones included", async () => {
    const { report: r } = await report("period=range&from=2025-01-01&to=2026-11-30");
    const active = await leadListLoader(routeArgs(get("/admin/leads", "owner")));
    const archived = await leadListLoader(routeArgs(get("/admin/leads?view=archived", "owner")));
    for (const row of r.charts.standNow.rows) {
      const status = Object.keys(active.counts).find(
        (s) => row.label.toLowerCase() === s.replace("_", " "),
      ) as LeadStatus;
      expect(row.values[0], row.label).toBe(active.counts[status] + archived.counts[status]);
    }
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(figure(r.figures, "Leads")[0]).toBe(total(active.counts) + total(archived.counts));
    expect(figure(r.figures, "Leads")[0]).toBe(files.leadsList.length);
  });

  it("shows the office counts, rates and times without a dollar", async () => {
    const { report: r } = await report("period=quarter&quarter=2026-Q4", "office");
    expect(figure(r.figures, "Won")).toEqual([4, 1]);
    expect(r.figures.some((f) => f.unit === "cents")).toBe(false);
    expect(r.charts.valueByTown).toBeNull();
    expect(JSON.stringify(r)).not.toMatch(/cents|\$/i);
  });

  it("refuses the crew", async () => {
    const refused = await report("period=quarter&quarter=2026-Q4", "crew").catch((e: { init: ResponseInit }) => e);
    expect("init" in refused && refused.init.status).toBe(403);
  });
});
