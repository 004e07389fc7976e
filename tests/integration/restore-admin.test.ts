import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { RESTORE_MESSAGES } from "~/lib/backup-restore";
import { OFFSITE_MESSAGES } from "~/lib/offsite";
import { getUserByEmail } from "~/models/user.server";
import { createLead, listAllLeads } from "~/models/lead.server";
import { backupsDirOf, checkBackup, liveState, makeBackup, restoreBackup } from "~/server/backup-store.server";
import { filesUnder } from "~/server/folder-walk.server";
import { closeDb, getDb } from "~/server/db.server";
import { MaintenanceError, whileClosed } from "~/server/maintenance.server";
import { getAdmin } from "~/services/auth.server";
import { readFlash } from "~/services/flash.server";
import { backupDownload, backUpNow } from "~/services/backups.server";
import { sendOffsiteCopy, setUpOffsite } from "~/services/offsite.server";
import { startFakeS3, type FakeS3 } from "../fake-s3";
import * as page from "~/routes/admin/backup-restore";

// Restore from the admin (decision 0094): the owner picks a kept backup or uploads
// a downloaded one, confirms with his password, and the site's state is the backup's.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const URL_ = "http://site.test/admin/backups/restore";
const post = (body: URLSearchParams | FormData) =>
  new Request(URL_, {
    method: "POST",
    headers:
      body instanceof URLSearchParams
        ? { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }
        : { Cookie: cookie },
    body,
  });
const fields = (more: Record<string, string>) =>
  new URLSearchParams({ intent: "restore-backup", currentPassword: "owner-password", ...more });

async function answer(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** What the action said back to the page: its form and field errors. */
function said(result: unknown): { status: number; errors: Record<string, string[] | null> } {
  const { data, init } = result as {
    data: { result: { error: Record<string, string[] | null> } };
    init: { status: number };
  };
  return { status: init.status, errors: data.result.error };
}

const leadNames = () => listAllLeads().map((l) => l.name);
const leftovers = () => fs.readdirSync(backupsDirOf(liveState())).filter((n) => /partial|unpacked|uploaded/.test(n));

describe("restoring a backup from the admin", () => {
  let kept = "";
  beforeAll(() => {
    createLead({ name: "Kept Before", email: "kept@example.com", phone: null, message: "Roof" });
    kept = makeBackup(liveState()).name;
    createLead({ name: "Added After", email: "after@example.com", phone: null, message: "Gutters" });
  });

  it("lists the backups kept and describes the one chosen", async () => {
    const view = await page.loader(
      routeArgs(new Request(`${URL_}?from=here&backup=${kept}`, { headers: { Cookie: cookie } })),
    );
    expect(view.here.map((b) => b.name)).toContain(kept);
    expect(view.chosen).toMatchObject({ from: "here", name: kept });
    expect(view.chosen?.detail).toMatch(/\d+ leads?, .*picture files?/);
    expect(view.offsite).toBeNull();
  });

  it("refuses a wrong password and changes nothing", async () => {
    const result = await answer(() =>
      page.action(routeArgs(post(fields({ from: "here", backup: kept, currentPassword: "not-it" })))),
    );
    expect(said(result)).toMatchObject({ status: 400, errors: { currentPassword: [RESTORE_MESSAGES.passwordWrong] } });
    expect(leadNames()).toContain("Added After");
  });

  it("refuses a backup no longer kept", async () => {
    const result = await answer(() =>
      page.action(routeArgs(post(fields({ from: "here", backup: "2020-01-01T03-00-00Z" })))),
    );
    expect(said(result).errors[""]).toEqual([RESTORE_MESSAGES.notFound]);
  });

  it("puts a kept backup back, keeps the state before it, and keeps the owner signed in", async () => {
    const done = (await answer(() => page.action(routeArgs(post(fields({ from: "here", backup: kept })))))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/backups");
    const cookies = done.headers.getSetCookie();
    const flash = await readFlash(
      new Request(URL_, { headers: { Cookie: cookies.map((c) => c.split(";")[0]).join("; ") } }),
    );
    expect(flash.flash).toMatchObject({ type: "success" });
    expect(flash.flash?.message).toMatch(
      /^Restored the backup of .*: \d+ leads?, .* picture files?\. What was here before is kept as before-restore-/,
    );

    expect(leadNames()).toContain("Kept Before");
    expect(leadNames()).not.toContain("Added After");

    // The state before is a whole backup itself: it can be put back in turn.
    const aside = fs.readdirSync(backupsDirOf(liveState())).find((n) => n.startsWith("before-restore-"))!;
    const check = checkBackup(path.join(backupsDirOf(liveState()), aside));
    expect(check.ok).toBe(true);

    // The new session is the owner's, in the restored database.
    const session = cookies.find((c) => c.startsWith("__session="))!.split(";")[0];
    const admin = await getAdmin(new Request(URL_, { headers: { Cookie: session } }));
    expect(admin?.userId).toBe(getUserByEmail("owner@example.com")?.id);
    cookie = session;
    expect(leftovers()).toEqual([]);
  });

  it("puts back a downloaded .tar.gz uploaded on the page", async () => {
    const file = path.join(backupsDirOf(liveState()), "..", "download.tar.gz");
    const download = backupDownload(kept)!;
    await pipeline(Readable.fromWeb(download.body as never), fs.createWriteStream(file));
    createLead({ name: "Added Again", email: "again@example.com", phone: null, message: "Siding" });
    const form = new FormData();
    for (const [k, v] of fields({ from: "upload" })) form.append(k, v);
    form.append("backupFile", new Blob([fs.readFileSync(file)], { type: "application/gzip" }), "download.tar.gz");
    const done = (await answer(() => page.action(routeArgs(post(form))))) as Response;
    expect(done.status).toBe(302);
    expect(leadNames()).not.toContain("Added Again");
    expect(leadNames()).toContain("Kept Before");
    cookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0];
    expect(leftovers()).toEqual([]);
  });

  it("refuses a file that is not a backup, and keeps nothing of it", async () => {
    createLead({ name: "Still Here", email: "still@example.com", phone: null, message: "Deck" });
    const form = new FormData();
    for (const [k, v] of fields({ from: "upload" })) form.append(k, v);
    form.append("backupFile", new Blob([Buffer.from("GIF89a not a backup")]), "backup.tar.gz");
    const result = await answer(() => page.action(routeArgs(post(form))));
    expect(said(result)).toMatchObject({ status: 400, errors: { "": [RESTORE_MESSAGES.notAnArchive] } });
    expect(leadNames()).toContain("Still Here");
    expect(leftovers()).toEqual([]);
  });

  it("asks for the file when none was chosen", async () => {
    const form = new FormData();
    for (const [k, v] of fields({ from: "upload" })) form.append(k, v);
    form.append("backupFile", new Blob([]), "");
    const result = await answer(() => page.action(routeArgs(post(form))));
    expect(said(result).errors.backupFile).toEqual([RESTORE_MESSAGES.chooseFile]);
  });

  it("answers a malformed upload with a 400", async () => {
    const request = new Request(URL_, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrestore-backup\r\n--xy',
    });
    const result = (await answer(() => page.action(routeArgs(request)))) as Response;
    expect(result.status).toBe(400);
    expect(leftovers()).toEqual([]);
  });

  it("puts the state back when a restore fails half-way", async () => {
    // A backup whose pictures cannot all be copied (a socket file, which no copy takes):
    // the check passes, the copy fails after the state was moved aside.
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), "rb-"));
    fs.cpSync(path.join(backupsDirOf(liveState()), kept), broken, { recursive: true });
    const socket = net.createServer().listen(path.join(broken, "uploads", "s"));
    await once(socket, "listening");
    const before = { leads: leadNames(), pictures: filesUnder(liveState().uploads).length };
    const asideBefore = fs.readdirSync(backupsDirOf(liveState())).filter((n) => n.startsWith("before-restore-"));
    closeDb();
    try {
      expect(() => restoreBackup(broken, liveState())).toThrow();
    } finally {
      socket.close();
      fs.rmSync(broken, { recursive: true, force: true });
    }
    expect(leadNames()).toEqual(before.leads);
    expect(filesUnder(liveState().uploads)).toHaveLength(before.pictures);
    expect(fs.readdirSync(backupsDirOf(liveState())).filter((n) => n.startsWith("before-restore-"))).toEqual(
      asideBefore,
    );
  });

  it("closes the database while the files are swapped", async () => {
    await whileClosed(async () => {
      expect(() => getDb()).toThrow(MaintenanceError);
    });
    expect(() => getDb()).not.toThrow();
  });
});

describe("restoring an off-site copy from the admin", () => {
  const PASSPHRASE = "correct horse battery staple";
  let s3: FakeS3;
  let copy = "";
  beforeAll(async () => {
    s3 = await startFakeS3();
    const owner = getUserByEmail("owner@example.com")!.id;
    const done = await setUpOffsite(
      {
        endpoint: s3.endpoint,
        region: "us-east-1",
        bucket: s3.bucket,
        folder: "site",
        accessKeyId: s3.credentials.accessKeyId,
        secretAccessKey: s3.credentials.secretAccessKey,
        passphrase: PASSPHRASE,
        passphraseAgain: PASSPHRASE,
      },
      owner,
    );
    expect(done).toHaveProperty("done");
    createLead({ name: "Sent Off-site", email: "sent@example.com", phone: null, message: "Roof" });
    const made = backUpNow();
    await sendOffsiteCopy(made);
    copy = made.name;
    createLead({ name: "Made Later", email: "later@example.com", phone: null, message: "Gutters" });
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("lists the off-site copies beside the kept ones", async () => {
    const view = await page.loader(routeArgs(new Request(URL_, { headers: { Cookie: cookie } })));
    expect(view.offsite?.copies.map((c) => c.name)).toContain(copy);
    expect(view.offsite?.problem).toBeNull();
  });

  it("asks for the passphrase, refuses a wrong one, and puts the copy back with the right one", async () => {
    const none = await answer(() => page.action(routeArgs(post(fields({ from: "offsite", backup: copy })))));
    expect(said(none).errors.passphrase).toEqual([RESTORE_MESSAGES.passphraseMissing]);
    const wrong = await answer(() =>
      page.action(routeArgs(post(fields({ from: "offsite", backup: copy, passphrase: "not the passphrase" })))),
    );
    expect(said(wrong).errors.passphrase).toEqual([OFFSITE_MESSAGES.wrongRestorePassphrase]);
    expect(leadNames()).toContain("Made Later");
    expect(leftovers()).toEqual([]);

    const done = (await answer(() =>
      page.action(routeArgs(post(fields({ from: "offsite", backup: copy, passphrase: PASSPHRASE })))),
    )) as Response;
    expect(done.status).toBe(302);
    expect(leadNames()).toContain("Sent Off-site");
    expect(leadNames()).not.toContain("Made Later");
    expect(leftovers()).toEqual([]);
  });
});
