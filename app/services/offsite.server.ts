import type { BackupProblem } from "~/lib/backup-health";
import { backupTime, isBackupStale } from "~/lib/backup-plan";
import { formatKansasDateTime } from "~/lib/business-time";
import { formatBytes } from "~/lib/format-bytes";
import fs from "node:fs";
import {
  hostOf,
  OFFSITE_MESSAGES,
  OffsiteFormSchema,
  offsiteKeys,
  passphraseProblem,
  samePlace,
  type OffsiteForm,
  type OffsiteView,
  type OffsiteTarget,
} from "~/lib/offsite";
import { refusal, type Refusal } from "~/lib/refusal";
import { getSetting, setSetting } from "~/models/settings.server";
import type { BackupInfo } from "~/server/backup-store.server";
import { closeDb } from "~/server/db.server";
import { paths } from "~/server/env.server";

/**
 * The AWS SDK and age, loaded when copies are set up, checked or sent, not with every admin
 * page: a site without off-site copies never loads them, and the server starts without them.
 */
const storageTools = async () => ({
  ...(await import("~/server/s3.server")),
  ...(await import("~/server/offsite-store.server")),
  ...(await import("~/server/offsite-crypto.server")),
});

/**
 * Off-site copies as the owner runs them (decision 0090): set up and checked on the Backups
 * page, every backup sent after it is made, and how the last sending went kept for the page
 * and the owner's warnings.
 */

/** Done (the words to show), or refused: beside a field, or for the whole form when the storage said no. */
export type OffsiteSetup = { done: string } | Refusal<"secretAccessKey" | "passphrase">;

/** The saved place, when copies are on: somewhere to send and a key to encrypt to. */
export function offsiteTarget(): { target: OffsiteTarget; recipient: string } | null {
  const { target, recipient } = getSetting("offsite");
  return target && recipient ? { target, recipient } : null;
}

/**
 * Saves where copies go, once the storage has taken a test file. A new place needs the
 * passphrase: the folder's key is opened with it (or made, for a folder without one);
 * the same place with new keys keeps its key. The passphrase is not kept.
 */
export async function setUpOffsite(
  { passphrase: value, passphraseAgain: again, ...form }: OffsiteForm,
  by: number,
): Promise<OffsiteSetup> {
  const passphrase = { value, again };
  const saved = getSetting("offsite");
  const secretAccessKey = form.secretAccessKey.trim() || saved.target?.secretAccessKey || "";
  if (!secretAccessKey) return refusal(OFFSITE_MESSAGES.badSecret, { field: "secretAccessKey" });
  const target: OffsiteTarget = { ...form, secretAccessKey };
  const keepKey = samePlace(saved.target, target) && saved.recipient !== null && !passphrase.value;
  if (!keepKey) {
    if (!passphrase.value) return refusal(OFFSITE_MESSAGES.passphraseNeeded, { field: "passphrase" });
    const problem = passphraseProblem(passphrase.value, passphrase.again);
    if (problem) return refusal(problem, { field: "passphrase" });
  }
  const { openStorage, checkStorage, keyForFolder, storageProblem, WrongPassphraseError } = await storageTools();
  const storage = openStorage(target, { attempts: 2 });
  try {
    await checkStorage(storage, offsiteKeys(target.folder).check);
  } catch (error) {
    return refusal((error as Error).message);
  }
  let recipient = saved.recipient;
  if (!keepKey) {
    try {
      recipient = await keyForFolder(storage, target.folder, passphrase.value);
    } catch (error) {
      if (error instanceof WrongPassphraseError)
        return refusal(OFFSITE_MESSAGES.wrongPassphrase, { field: "passphrase" });
      return refusal(storageProblem(error, target.endpoint));
    }
  }
  setSetting("offsite", { target, recipient }, by);
  return { done: keepKey ? OFFSITE_MESSAGES.keysSaved : OFFSITE_MESSAGES.saved };
}

/**
 * Where `npm run restore -- s3` fetches from: the storage the OFFSITE_* variables name (a new
 * machine has no settings yet), else the one this site's settings name. The database is
 * closed again after reading them: the restore is about to move it aside.
 */
export function offsitePlaceForRestore(env: NodeJS.ProcessEnv): { target: OffsiteTarget } | Refusal {
  if (env.OFFSITE_ENDPOINT || env.OFFSITE_BUCKET) {
    const parsed = OffsiteFormSchema.safeParse({
      endpoint: env.OFFSITE_ENDPOINT,
      region: env.OFFSITE_REGION || "us-east-1",
      bucket: env.OFFSITE_BUCKET,
      folder: env.OFFSITE_FOLDER ?? "",
      accessKeyId: env.OFFSITE_ACCESS_KEY_ID,
      secretAccessKey: env.OFFSITE_SECRET_ACCESS_KEY ?? "",
    });
    if (!parsed.success) return refusal(`Check the OFFSITE_ variables: ${parsed.error.issues[0]?.message}.`);
    if (!parsed.data.secretAccessKey) return refusal("Set OFFSITE_SECRET_ACCESS_KEY too.");
    const { passphrase: _passphrase, passphraseAgain: _again, ...target } = parsed.data;
    return { target };
  }
  const noPlace = refusal(
    "Name the storage: OFFSITE_ENDPOINT, OFFSITE_REGION, OFFSITE_BUCKET, OFFSITE_FOLDER, OFFSITE_ACCESS_KEY_ID and OFFSITE_SECRET_ACCESS_KEY (README, “Restore on a new server”).",
  );
  if (!fs.existsSync(paths.database)) return noPlace;
  try {
    const { target } = getSetting("offsite");
    return target ? { target } : noPlace;
  } finally {
    closeDb();
  }
}

/** Whether the saved storage takes a test file now: the words for the page. */
export async function checkOffsite(): Promise<{ done: string } | Refusal> {
  const { target } = getSetting("offsite");
  if (!target) return refusal(OFFSITE_MESSAGES.notSetUp);
  try {
    const { openStorage, checkStorage } = await storageTools();
    await checkStorage(openStorage(target, { attempts: 2 }), offsiteKeys(target.folder).check);
    return { done: OFFSITE_MESSAGES.connected };
  } catch (error) {
    return refusal((error as Error).message);
  }
}

/** What the Backups page shows: the place (never its secret) and how the last sending went. */
export function offsiteView(): OffsiteView {
  const { target, recipient } = getSetting("offsite");
  const { lastSent, lastFailure } = getSetting("offsiteStatus");
  const place = target && {
    endpoint: target.endpoint,
    host: hostOf(target.endpoint),
    region: target.region,
    bucket: target.bucket,
    folder: target.folder,
    accessKeyId: target.accessKeyId,
  };
  return {
    on: !!target && !!recipient,
    place,
    lastSent: lastSent && {
      when: formatKansasDateTime(new Date(lastSent.at)),
      what: `the backup of ${formatKansasDateTime(backupTime(lastSent.name) ?? new Date(lastSent.at))}, ${lastSent.files.toLocaleString("en-US")} ${lastSent.files === 1 ? "file" : "files"} (${formatBytes(lastSent.bytes)}) sent`,
    },
    lastFailure: lastFailure && { when: formatKansasDateTime(new Date(lastFailure.at)), message: lastFailure.message },
  };
}

/**
 * What is wrong with off-site copies, when they are on: the last sending failed, or the
 * newest copy sent is more than two days old.
 */
export function offsiteProblem(now = new Date()): BackupProblem | null {
  if (!offsiteTarget()) return null;
  const { lastSent, lastFailure } = getSetting("offsiteStatus");
  if (lastFailure) return { kind: "offsite-failed", at: new Date(lastFailure.at), message: lastFailure.message };
  const newest = lastSent && backupTime(lastSent.name);
  if (newest && isBackupStale(newest, now)) return { kind: "offsite-stale", newest };
  return null;
}

export function turnOffsiteOff(by: number) {
  setSetting("offsite", { target: null, recipient: null }, by);
}

// One sending at a time in a process (a second backup made while one is being sent waits).
let sending: Promise<unknown> = Promise.resolve();

/**
 * Sends a backup off-site when copies are on, then keeps the bucket to the plan; notes how
 * it went. Never throws: a failed sending is noted (and the next backup sends again what is
 * missing). Whether it was sent; null when copies are off.
 */
export function sendOffsiteCopy(backup: BackupInfo, now = new Date()): Promise<boolean | null> {
  const run = sending.then(async () => {
    const place = offsiteTarget();
    if (!place) return null;
    const { openStorage, sendBackup, pruneOffsite, storageProblem } = await storageTools();
    const storage = openStorage(place.target);
    try {
      const sent = await sendBackup(storage, place.target.folder, place.recipient, backup);
      await pruneOffsite(storage, place.target.folder, now);
      setSetting("offsiteStatus", {
        lastSent: { name: backup.name, at: new Date().toISOString(), ...sent },
        lastFailure: null,
      });
      return true;
    } catch (error) {
      console.error(`The backup ${backup.name} could not be sent off-site:`, error);
      const message = storageProblem(error, place.target.endpoint);
      setSetting("offsiteStatus", {
        ...getSetting("offsiteStatus"),
        lastFailure: { at: new Date().toISOString(), message },
      });
      return false;
    }
  });
  sending = run.catch(() => undefined);
  return run;
}
