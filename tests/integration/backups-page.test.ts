import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { users } from "~/db/schema";
import { getDb } from "~/server/db.server";
import { getSetting } from "~/models/settings.server";
import { upsertUser } from "~/models/user.server";
import { backupName } from "~/lib/backup-plan";
import { addDays, businessToday, kansasInstant } from "~/lib/business-time";
import { startSession } from "~/services/auth.server";
import { readFlash } from "~/services/flash.server";
import { listBackups, liveState, makeBackup } from "~/server/backup-store.server";
import { backupIsStale } from "~/services/backups.server";
import { nightlyRoundHere } from "./nightly-here";
import * as page from "~/routes/admin/backups";
import * as download from "~/routes/resources/backup-download";
import * as layout from "~/routes/admin/layout";

// The owner's Backups page, the download, the nightly run and the warning.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const get = (url: string) => new Request(`http://site.test${url}`, { headers: { Cookie: cookie } });
const post = (fields: Record<string, string>) =>
  new Request("http://site.test/admin/backups", {
    method: "POST",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
async function answer<T>(call: () => Promise<T>): Promise<T | Response> {
  try {
    return await call();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the Backups page", () => {
  it("on a new site says when the first backup will be made, without a warning", async () => {
    const view = await page.loader(routeArgs(get("/admin/backups")));
    expect(view).toMatchObject({
      rows: [],
      newest: null,
      stale: false,
      hour: 3,
    });
  });

  it("backs up now, lists it, and downloads it as a .tar.gz that tar opens", async () => {
    const done = (await answer(() => page.action(routeArgs(post({ intent: "backup-now" }))))) as Response;
    expect(done.status).toBe(302);
    expect(
      (
        await readFlash(
          new Request("http://site.test/", {
            headers: { Cookie: done.headers.get("Set-Cookie")!.split(";")[0]! },
          }),
        )
      ).flash,
    ).toMatchObject({
      type: "success",
      message: "Backup made",
    });
    const view = await page.loader(routeArgs(get("/admin/backups")));
    expect(view.rows).toHaveLength(1);
    expect(view.rows[0]!.detail).toMatch(
      /^\d+ leads?, \d+ roof customers?, \d+ invoices?, \d+ payments?, \d+ projects?, \d+ picture files?$/,
    );
    const [backup] = listBackups(liveState());
    expect(view.rows[0]!.download).toBe(`/admin/backups/${backup!.name}.tar.gz`);

    const file = (await download.loader(routeArgs(get(view.rows[0]!.download), { name: backup!.name }))) as Response;
    expect(file.headers.get("Content-Type")).toBe("application/gzip");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="backup-${backup!.name}.tar.gz"`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-download-"));
    fs.writeFileSync(path.join(dir, "b.tar.gz"), Buffer.from(await file.arrayBuffer()));
    expect(spawnSync("tar", ["-xzf", "b.tar.gz"], { cwd: dir }).status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, `backup-${backup!.name}`, "manifest.json"), "utf8"));
    expect(manifest.name).toBe(backup!.name);
    expect(fs.existsSync(path.join(dir, `backup-${backup!.name}`, "app.db"))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers 404 for a backup not kept and for a name that is not a backup's", async () => {
    for (const name of ["2020-01-01T00-00-00Z", "../../app.db", "x"]) {
      const refused = (await answer(() =>
        download.loader(routeArgs(get(`/admin/backups/${name}.tar.gz`), { name })),
      )) as Response;
      expect(refused.status, name).toBe(404);
    }
  });

  it("saves the nightly hour, and refuses one that is not an hour", async () => {
    const saved = (await answer(() =>
      page.action(routeArgs(post({ intent: "save-backup-hour", hour: "22" }))),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(getSetting("backups").hour).toBe(22);
    const refused = await page.action(routeArgs(post({ intent: "save-backup-hour", hour: "99" })));
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { hourError: "Please choose an hour" },
    });
    expect(getSetting("backups").hour).toBe(22);
  });
});

describe("the nightly backup", () => {
  it("is made once its hour has come on Wellington's clock, once a day", async () => {
    const names = () => listBackups(liveState()).map((b) => b.name);
    const before = names();
    // The owner's hour (22, saved above) two Kansas days from now: the backups the tests above
    // made on today's real clock are not of that day, whatever day the suite runs.
    const night = addDays(businessToday(), 2);
    const at = (time: string) => {
      const instant = kansasInstant(night, time);
      if (!instant.ok) throw new Error(`No ${time} on ${night}`);
      return instant.at;
    };
    await nightlyRoundHere(at("21:59"));
    expect(names()).toEqual(before);
    await nightlyRoundHere(at("22:00"));
    expect(names()).toEqual([backupName(at("22:00")), ...before]);
    await nightlyRoundHere(at("23:00"));
    expect(names()).toHaveLength(before.length + 1);
  });

  it("warns the owner on every admin page once the newest backup is more than two days old", async () => {
    const now = new Date();
    getDb()
      .update(users)
      .set({ createdAt: new Date(now.getTime() - 30 * 86_400_000) })
      .run();
    for (const b of listBackups(liveState())) fs.rmSync(b.dir, { recursive: true });
    makeBackup(liveState(), new Date(now.getTime() - 3 * 86_400_000));
    expect(backupIsStale(now)).toBe(true);
    const header = (await layout.loader(routeArgs(get("/admin/leads")))) as unknown as {
      data: { backupProblems: string[] };
    };
    expect(header.data.backupProblems).toEqual(["backup-stale"]);
    // Only the owner is told: nobody else can act on it.
    const { user } = await upsertUser("crew@example.com", "crew-password-123");
    getDb().update(users).set({ role: "crew" }).where(eq(users.id, user.id)).run();
    const crewCookie = (await startSession(user.id)).split(";")[0]!;
    const crewHeader = (await layout.loader(
      routeArgs(
        new Request("http://site.test/admin/leads", {
          headers: { Cookie: crewCookie },
        }),
      ),
    )) as unknown as {
      data: { backupProblems: string[] };
    };
    expect(crewHeader.data.backupProblems).toEqual([]);
    makeBackup(liveState(), now);
    expect(backupIsStale(now)).toBe(false);
  });
});
