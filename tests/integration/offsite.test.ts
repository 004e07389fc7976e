import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFSITE_MESSAGES } from "~/lib/offsite";
import { createLead } from "~/models/lead.server";
import { getSetting } from "~/models/settings.server";
import { upsertUser } from "~/models/user.server";
import { backUpNow } from "~/services/backups.server";
import * as layout from "~/routes/admin/layout";
import { startSession } from "~/services/auth.server";
import { checkOffsite, offsiteProblem, sendOffsiteCopy, setUpOffsite } from "~/services/offsite.server";
import { liveState, listBackups, restoreBackup } from "~/server/backup-store.server";
import { WrongPassphraseError } from "~/server/offsite-crypto.server";
import { DamagedCopyError, fetchBackup, listOffsiteBackups } from "~/server/offsite-store.server";
import { listObjects, openStorage } from "~/server/s3.server";
import { privateUploadsDir } from "~/server/storage.server";
import { paths } from "~/server/env.server";
import { startFakeS3, type FakeS3 } from "../fake-s3";
import { routeArgs } from "./admin-session";

// Off-site copies (decision 0090) against a local S3 through the official AWS SDK: set up
// with a passphrase that is never kept, every backup sent encrypted, pictures sent once,
// a cut line finished by the next sending, the bucket kept to the plan, and a copy fetched
// back only with the passphrase, every piece checked.

const PASSPHRASE = "correct horse battery staple";
let s3: FakeS3;
const form = (passphrase = PASSPHRASE, passphraseAgain = passphrase) => ({
  passphrase,
  passphraseAgain,
  endpoint: s3.endpoint,
  region: "us-east-1",
  bucket: s3.bucket,
  folder: "prairie-ridge",
  accessKeyId: s3.credentials.accessKeyId,
  secretAccessKey: s3.credentials.secretAccessKey,
});
const target = () => {
  const { passphrase: _p, passphraseAgain: _a, ...place } = form();
  return place;
};

let owner: number;
beforeAll(async () => {
  s3 = await startFakeS3();
  owner = (await upsertUser("owner@example.com", "owner-password-long")).user.id;
});
afterAll(async () => {
  await s3?.stop();
});

function writePicture(dir: string, name: string, content: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
}

const objectText = async (key: string) => {
  const answer = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return answer.Body!.transformToString();
};

describe("off-site copies", () => {
  it("are set up with a passphrase that opens the folder's key, and never kept", async () => {
    const short = await setUpOffsite(form("short"), owner);
    expect(short).toEqual({ refused: OFFSITE_MESSAGES.shortPassphrase, field: "passphrase" });
    const mismatch = await setUpOffsite(form(PASSPHRASE, `${PASSPHRASE}!`), owner);
    expect(mismatch).toEqual({ refused: OFFSITE_MESSAGES.passphraseMismatch, field: "passphrase" });
    const badKeys = await setUpOffsite({ ...form(), endpoint: "http://127.0.0.1:9" }, owner);
    expect(badKeys).toEqual({ refused: "Could not reach 127.0.0.1:9. Check the address." });
    expect(getSetting("offsite").target).toBeNull();

    const made = await setUpOffsite(form(), owner);
    expect(made).toEqual({ done: OFFSITE_MESSAGES.saved });
    const saved = getSetting("offsite");
    expect(saved.recipient).toMatch(/^age1/);
    // Nothing the server keeps is the passphrase or the private key.
    const stored = JSON.stringify(getSetting("offsite"));
    expect(stored).not.toContain(PASSPHRASE);
    expect(stored).not.toContain("AGE-SECRET-KEY");
    // The private key is in the bucket, as an age file locked with a passphrase.
    expect(await objectText("prairie-ridge/key.age")).toMatch(/^age-encryption\.org\/v1\n-> scrypt /);
    expect(await checkOffsite()).toEqual({ done: OFFSITE_MESSAGES.connected });

    // Another server of the same site: the folder's key is kept, and only its passphrase opens it.
    const wrong = await setUpOffsite(form("another long passphrase"), owner);
    expect(wrong).toEqual({ refused: OFFSITE_MESSAGES.wrongPassphrase, field: "passphrase" });
    const again = await setUpOffsite(form(), owner);
    expect(again).toEqual({ done: OFFSITE_MESSAGES.saved });
    expect(getSetting("offsite").recipient).toBe(saved.recipient);
    // New keys for the same place need no passphrase; an empty secret keeps the saved one.
    const keysOnly = await setUpOffsite({ ...form(""), secretAccessKey: "" }, owner);
    expect(keysOnly).toEqual({ done: OFFSITE_MESSAGES.keysSaved });
    expect(getSetting("offsite").target?.secretAccessKey).toBe("fake-secret");
  });

  it("send every backup encrypted, each picture once, and come back whole with the passphrase", async () => {
    createLead({ name: "Dana Whitfield", phone: "3165550142", email: "dana@example.com", message: "Hail on the roof" });
    writePicture(paths.uploads, "aaaaaaaaaaaaaaaaaaaaaaaa-800.webp", "a public picture");
    writePicture(path.join(privateUploadsDir, "roofs"), "bbbbbbbbbbbbbbbbbbbbbbbb.jpg", "a roof photo");

    const first = backUpNow(new Date("2026-11-20T09:00:00Z"));
    s3.requests.length = 0;
    expect(await sendOffsiteCopy(first, new Date("2026-11-20T09:00:00Z"))).toBe(true);
    const puts = s3.requests.filter((r) => r.method === "PUT").map((r) => r.path);
    expect(puts).toContain("/site-backups/prairie-ridge/pictures/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp.age");
    expect(puts).toContain(
      "/site-backups/prairie-ridge/pictures/private-uploads/roofs/bbbbbbbbbbbbbbbbbbbbbbbb.jpg.age",
    );
    expect(puts.at(-1)).toBe(`/site-backups/prairie-ridge/backups/${first.name}/manifest.json.age`);
    const status = getSetting("offsiteStatus");
    expect(status.lastSent).toMatchObject({ name: first.name });
    expect(status.lastFailure).toBeNull();

    // Encrypted before it left: neither the database nor a picture is readable in the bucket.
    const database = await objectText(`prairie-ridge/backups/${first.name}/app.db.age`);
    expect(database.startsWith("age-encryption.org/v1\n-> X25519 ")).toBe(true);
    expect(database).not.toContain("Dana Whitfield");
    expect(
      await objectText("prairie-ridge/pictures/private-uploads/roofs/bbbbbbbbbbbbbbbbbbbbbbbb.jpg.age"),
    ).not.toContain("a roof photo");

    // The next backup sends its new picture, not the two already there.
    writePicture(paths.uploads, "cccccccccccccccccccccccc-800.webp", "another picture");
    const second = backUpNow(new Date("2026-11-21T09:00:00Z"));
    s3.requests.length = 0;
    expect(await sendOffsiteCopy(second, new Date("2026-11-21T09:00:00Z"))).toBe(true);
    const pictures = s3.requests.filter((r) => r.method === "PUT" && r.path.includes("/pictures/")).map((r) => r.path);
    expect(pictures).toEqual(["/site-backups/prairie-ridge/pictures/uploads/cccccccccccccccccccccccc-800.webp.age"]);

    const storage = openStorage(target());
    expect((await listOffsiteBackups(storage, "prairie-ridge")).map((b) => b.name)).toEqual([second.name, first.name]);

    // A new machine: an empty place, the copy fetched with the passphrase, checked and put back.
    const into = fs.mkdtempSync(path.join(os.tmpdir(), "offsite-fetch-"));
    await expect(fetchBackup(storage, "prairie-ridge", "not the passphrase", second.name, into)).rejects.toThrow(
      WrongPassphraseError,
    );
    const manifest = await fetchBackup(storage, "prairie-ridge", PASSPHRASE, second.name, into);
    expect(manifest.counts.leads).toBe(1);
    expect(fs.readFileSync(path.join(into, "private-uploads/roofs/bbbbbbbbbbbbbbbbbbbbbbbb.jpg"), "utf8")).toBe(
      "a roof photo",
    );
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "offsite-new-machine-"));
    const state = {
      database: path.join(fresh, "data/app.db"),
      uploads: path.join(fresh, "uploads"),
      privateUploads: path.join(fresh, "data/private-uploads"),
    };
    restoreBackup(into, state);
    const db = new Database(state.database, { readonly: true });
    expect(db.prepare("select name from leads").pluck().all()).toEqual(["Dana Whitfield"]);
    db.close();
    expect(fs.readFileSync(path.join(state.uploads, "cccccccccccccccccccccccc-800.webp"), "utf8")).toBe(
      "another picture",
    );
    fs.rmSync(into, { recursive: true, force: true });
    fs.rmSync(fresh, { recursive: true, force: true });
  });

  it("detect a changed piece and refuse it, naming it", async () => {
    const [newest] = listBackups(liveState());
    const storage = openStorage(target());
    const key = `prairie-ridge/backups/${newest!.name}/app.db.age`;
    const original = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const bytes = Buffer.from(await original.Body!.transformToByteArray());
    bytes[bytes.length - 20] ^= 0xff;
    await s3.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, Metadata: original.Metadata }),
    );
    const into = fs.mkdtempSync(path.join(os.tmpdir(), "offsite-damaged-"));
    const fetching = fetchBackup(storage, "prairie-ridge", PASSPHRASE, newest!.name, into);
    await expect(fetching).rejects.toThrow(DamagedCopyError);
    await expect(fetching).rejects.toThrow(`A piece of the copy is damaged (it does not decrypt): ${key}`);
    fs.rmSync(into, { recursive: true, force: true });
  });

  it("finish a sending a cut line stopped, and say it failed until then", async () => {
    writePicture(paths.uploads, "dddddddddddddddddddddddd-800.webp", "a picture sent on a bad line");
    writePicture(paths.uploads, "eeeeeeeeeeeeeeeeeeeeeeee-800.webp", "and one more");
    const third = backUpNow(new Date("2026-11-22T09:00:00Z"));
    // The line drops for good after the first new picture.
    let pictures = 0;
    s3.cut((r) => r.method === "PUT" && r.path.includes("/pictures/") && ++pictures > 1);
    expect(await sendOffsiteCopy(third, new Date("2026-11-22T09:00:00Z"))).toBe(false);
    expect(getSetting("offsiteStatus").lastFailure?.message).toMatch(/^Could not reach 127\.0\.0\.1:\d+/);
    // The owner is told on every admin page, not only on Backups.
    expect(offsiteProblem()?.kind).toBe("offsite-failed");
    const cookie = (await startSession(owner)).split(";")[0]!;
    const header = (await layout.loader(
      routeArgs(new Request("http://site.test/admin/leads", { headers: { Cookie: cookie } })),
    )) as unknown as { data: { backupProblems: string[] } };
    expect(header.data.backupProblems).toContain("offsite-failed");
    const storage = openStorage(target());
    expect((await listOffsiteBackups(storage, "prairie-ridge")).map((b) => b.name)).not.toContain(third.name);

    s3.cut(null);
    s3.requests.length = 0;
    expect(await sendOffsiteCopy(third, new Date("2026-11-22T09:05:00Z"))).toBe(true);
    const sent = s3.requests.filter((r) => r.method === "PUT" && r.path.includes("/pictures/"));
    expect(sent).toHaveLength(1);
    expect(getSetting("offsiteStatus").lastFailure).toBeNull();
    expect((await listOffsiteBackups(storage, "prairie-ridge"))[0]!.name).toBe(third.name);
    expect(offsiteProblem(new Date("2026-11-22T10:00:00Z"))).toBeNull();
    // Nothing sent since, for more than two days.
    expect(offsiteProblem(new Date("2026-11-24T10:00:00Z"))).toEqual({
      kind: "offsite-stale",
      newest: new Date("2026-11-22T09:00:00Z"),
    });
  });

  it("keep the same 7 daily and 4 weekly there, and the pictures only they need", async () => {
    const storage = openStorage(target());
    // Twelve more nights: the oldest copies fall out of the plan there as they do here. A
    // picture deleted after one night is needed by no copy kept, and goes too.
    const once = path.join(paths.uploads, "ffffffffffffffffffffffff-800.webp");
    fs.writeFileSync(once, "a picture deleted the next day");
    const nights = [23, 24, 25, 26, 27, 28, 29, 30].map((d) => `2026-11-${d}`);
    nights.push("2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04");
    for (const night of nights) {
      const at = new Date(`${night}T09:00:00Z`);
      expect(await sendOffsiteCopy(backUpNow(at), at)).toBe(true);
      fs.rmSync(once, { force: true });
    }
    const there = (await listOffsiteBackups(storage, "prairie-ridge")).map((b) => b.name);
    const here = listBackups(liveState()).map((b) => b.name);
    expect(there).toEqual(here);
    expect(there).not.toContain("2026-11-20T09-00-00Z");
    expect(there).not.toContain("2026-11-23T09-00-00Z");
    const objects = await listObjects(storage, "prairie-ridge/pictures/");
    const names = objects.map((o) => path.posix.basename(o.key));
    expect(names).toContain("cccccccccccccccccccccccc-800.webp.age");
    expect(names).not.toContain("ffffffffffffffffffffffff-800.webp.age");
  });
});
