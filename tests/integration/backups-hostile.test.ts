import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { users } from "~/db/schema";
import { getSetting } from "~/models/settings.server";
import { upsertUser } from "~/models/user.server";
import { backupsDirOf, listBackups, liveState } from "~/server/backup-store.server";
import { getDb } from "~/server/db.server";
import { startSession } from "~/services/auth.server";
import { backUpNow } from "~/services/backups.server";
import * as page from "~/routes/admin/backups";
import * as download from "~/routes/resources/backup-download";
import * as exportZip from "~/routes/resources/export-zip";

// Hostile requests to the owner's backups and export. Every answer is the
// right 2xx for the owner, a 3xx or 4xx for anyone else or anything odd, never a 5xx or a
// file from outside the backups kept.

const B = "http://site.test";
const cookies: Record<string, string> = { none: "" };
// The newest backup kept: each backup made today replaces the day's earlier one.
const newest = () => listBackups(liveState())[0]!.name;

beforeAll(async () => {
  cookies.owner = await signedInOwner();
  for (const role of ["office", "crew"] as const) {
    const { user } = await upsertUser(`${role}@example.com`, `${role}-password-123`);
    getDb().update(users).set({ role }).where(eq(users.id, user.id)).run();
    cookies[role] = (await startSession(user.id)).split(";")[0]!;
  }
  backUpNow();
}, 60_000); // Hashing passwords on a busy machine.

const request = (url: string, role: string, init: RequestInit = {}) =>
  new Request(B + url, {
    ...init,
    headers: { ...(cookies[role] ? { Cookie: cookies[role] } : {}), Origin: B, ...init.headers },
  });
const form = (role: string, fields: Record<string, string> | FormData) =>
  request("/admin/backups", role, {
    method: "POST",
    body: fields instanceof FormData ? fields : new URLSearchParams(fields),
  });

/** The status a loader or action answers with, thrown or returned. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    await answer.body?.cancel();
    return answer.status;
  }
  if (answer && typeof answer === "object" && "init" in answer)
    return (answer as { init: { status?: number } | null }).init?.status ?? 200;
  if (answer instanceof Error) throw answer;
  return 200;
}

describe("who may", () => {
  it("see the page, back up, download and export: the owner only; the rest are sent to sign in or refused", async () => {
    const before = listBackups(liveState()).length;
    const answers: Record<string, number[]> = {};
    for (const role of ["owner", "office", "crew", "none"]) {
      answers[role] = [
        await statusOf(() => page.loader(routeArgs(request("/admin/backups", role)))),
        await statusOf(() => page.action(routeArgs(form(role, { intent: "backup-now" })))),
        await statusOf(() =>
          download.loader(routeArgs(request(`/admin/backups/${newest()}.tar.gz`, role), { name: newest() })),
        ),
        await statusOf(() => exportZip.loader(routeArgs(request("/admin/export.zip", role)))),
      ];
    }
    expect(answers).toEqual({
      owner: [200, 302, 200, 200],
      office: [403, 403, 403, 403],
      crew: [403, 403, 403, 403],
      none: [302, 302, 401, 401],
    });
    // Only the owner's click made one.
    expect(listBackups(liveState()).length).toBeLessThanOrEqual(before + 1);
    expect(getSetting("lastBackup").name).toBe(listBackups(liveState())[0]!.name);
  });

  it("downloads and exports answer only GET and HEAD (no action: the router answers 405)", () => {
    expect(Object.keys(download)).not.toContain("action");
    expect(Object.keys(exportZip)).not.toContain("action");
  });
});

describe("a backup's name in the address", () => {
  it("is 404 unless it names a whole backup kept: no path out of the folder, no half-made one", async () => {
    const root = backupsDirOf(liveState());
    const kept = newest();
    // A half-made backup and a folder with no manifest sit beside the whole ones.
    fs.mkdirSync(path.join(root, "2026-01-01T00-00-00Z.partial"), { recursive: true });
    fs.mkdirSync(path.join(root, "2026-01-02T00-00-00Z"), { recursive: true });
    fs.writeFileSync(path.join(root, "2026-01-02T00-00-00Z", "app.db"), "not whole");
    const names = [
      "../../app.db",
      "../app.db",
      "..",
      ".",
      "",
      " ",
      "\0",
      `${kept}\0`,
      `${kept}/../../app.db`,
      `${kept}/app.db`,
      "..\\..\\app.db",
      "%2e%2e%2fapp.db",
      `${kept}.partial`,
      "2026-01-01T00-00-00Z.partial",
      "2026-01-02T00-00-00Z",
      "2026-02-30T00-00-00Z",
      "before-restore-2026-01-01T00-00-00Z",
      "manifest.json",
      "😀",
      "x".repeat(100_000),
      `${kept.toLowerCase()}`,
    ];
    for (const name of names) {
      expect(
        await statusOf(() =>
          download.loader(routeArgs(request(`/admin/backups/${encodeURIComponent(name)}.tar.gz`, "owner"), { name })),
        ),
        JSON.stringify(name.slice(0, 40)),
      ).toBe(404);
    }
    expect(
      await statusOf(() =>
        download.loader(
          routeArgs(request(`/admin/backups/${kept}.tar.gz`, "owner", { method: "HEAD" }), { name: kept }),
        ),
      ),
    ).toBe(200);
  });
});

describe("a damaged backup folder", () => {
  it("is neither listed nor downloaded, breaks no page, and is never pruned away", async () => {
    const root = backupsDirOf(liveState());
    const damaged = {
      "2026-01-03T00-00-00Z": "{}",
      "2026-01-04T00-00-00Z": "[]",
      "2026-01-05T00-00-00Z": '{"name":"x","counts":null}',
      "2026-01-06T00-00-00Z": "not json",
    };
    for (const [name, manifest] of Object.entries(damaged)) {
      fs.mkdirSync(path.join(root, name), { recursive: true });
      fs.writeFileSync(path.join(root, name, "manifest.json"), manifest);
    }
    const view = await page.loader(routeArgs(request("/admin/backups", "owner")));
    const listed = view.rows.map((r) => r.download).join(" ");
    expect(view.rows.length).toBeGreaterThan(0);
    for (const name of Object.keys(damaged)) expect(listed).not.toContain(name);
    for (const name of Object.keys(damaged)) {
      expect(
        await statusOf(() => download.loader(routeArgs(request(`/admin/backups/${name}.tar.gz`, "owner"), { name }))),
        name,
      ).toBe(404);
    }
    backUpNow();
    for (const name of Object.keys(damaged))
      expect(fs.existsSync(path.join(root, name, "manifest.json")), name).toBe(true);
  });
});

describe("the Backups page's forms", () => {
  it("refuse an hour that is not one the list offers, and keep the hour saved", async () => {
    expect(await statusOf(() => page.action(routeArgs(form("owner", { intent: "save-backup-hour", hour: "5" }))))).toBe(
      302,
    );
    const refused = ["", "-1", "24", "99", "3.5", "1e1", "0x10", " 7 ", "७", "Infinity", "NaN", "9".repeat(400), "[]"];
    for (const hour of refused) {
      expect(
        await statusOf(() => page.action(routeArgs(form("owner", { intent: "save-backup-hour", hour })))),
        JSON.stringify(hour),
      ).toBe(400);
    }
    expect(await statusOf(() => page.action(routeArgs(form("owner", { intent: "save-backup-hour" }))))).toBe(400);
    const file = new FormData();
    file.set("intent", "save-backup-hour");
    file.set("hour", new File(["7"], "hour.txt"));
    expect(await statusOf(() => page.action(routeArgs(form("owner", file))))).toBe(400);
    expect(getSetting("backups").hour).toBe(5);
    expect(await statusOf(() => page.action(routeArgs(form("owner", { intent: "save-backup-hour", hour: "0" }))))).toBe(
      302,
    );
    expect(getSetting("backups").hour).toBe(0);
  });

  it("refuse an unknown or missing intent with 400, and make no backup for it", async () => {
    const before = listBackups(liveState()).map((b) => b.name);
    const bodies: Record<string, string>[] = [
      { intent: "restore" },
      { intent: "" },
      {},
      { intent: "x".repeat(10_000) },
    ];
    for (const fields of bodies) {
      expect(
        await statusOf(() => page.action(routeArgs(form("owner", fields)))),
        JSON.stringify(fields).slice(0, 40),
      ).toBe(400);
    }
    expect(listBackups(liveState()).map((b) => b.name)).toEqual(before);
  });
});
