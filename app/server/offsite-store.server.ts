import fs from "node:fs";
import path from "node:path";
import { backupsToKeep, backupTime } from "~/lib/backup-plan";
import { backupNameOfKey, offsiteKeys, pictureOfKey } from "~/lib/offsite";
import {
  BACKUP_PICTURE_FOLDERS,
  DATABASE_FILE,
  MANIFEST_FILE,
  parseManifest,
  type BackupInfo,
  type BackupManifest,
} from "~/server/backup-store.server";
import { filesUnder } from "~/server/folder-walk.server";
import {
  decryptBytes,
  decryptToFile,
  encryptBytes,
  encryptFile,
  fileSha256,
  makeKey,
  openKey,
  WrongPassphraseError,
} from "~/server/offsite-crypto.server";
import {
  deleteObjects,
  getBytes,
  getObject,
  listObjects,
  putObject,
  uploadStream,
  type Storage,
} from "~/server/s3.server";

/**
 * A backup's off-site copy (decision 0090): its pieces encrypted and put in the bucket as
 * `offsiteKeys` lays them out, the same 7 daily and 4 weekly kept there as here, and a copy
 * fetched back into a backup folder that `restoreBackup` then checks and puts in place.
 */

/** What a copy's manifest adds to the backup's own: the database's checksum, checked on the way back. */
type OffsiteManifest = BackupManifest & { database: { sha256: string; bytes: number } };

export class DamagedCopyError extends Error {}

// Pictures go up a few at once: most are small, and one at a time waits on the network.
const AT_ONCE = 4;

/**
 * Runs `run` on every item, a few at once. After a failure no new item starts, and the
 * failure is thrown once those under way have ended: nothing keeps sending behind the
 * caller's back after it was told the sending failed.
 */
async function eachAtOnce<T>(items: readonly T[], run: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await run(items[next++]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  const failure = ended.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

/**
 * The key the folder's copies are encrypted to. A folder that already has one (an earlier
 * setup, another server of the same site) keeps it, and the passphrase must open it: its
 * copies stay readable with the one passphrase. Otherwise a new key is made and stored.
 * WrongPassphraseError when the passphrase does not open the folder's key.
 */
export async function keyForFolder(storage: Storage, folder: string, passphrase: string): Promise<string> {
  const keys = offsiteKeys(folder);
  const locked = await getBytes(storage, keys.key);
  if (locked) return (await openKey(locked, passphrase)).recipient;
  const made = await makeKey(passphrase);
  await putObject(storage, keys.key, made.locked);
  return made.recipient;
}

/**
 * Sends one backup: the list of its pictures first (so a prune running meanwhile keeps
 * them), the pictures the bucket does not have yet, the database, and the manifest last,
 * which makes the copy whole. A send cut short is finished by the next one: pictures
 * already there are not sent again.
 */
export async function sendBackup(
  storage: Storage,
  folder: string,
  recipient: string,
  backup: BackupInfo,
): Promise<{ files: number; bytes: number }> {
  const keys = offsiteKeys(folder);
  const pieces = keys.backup(backup.name);
  const there = new Set((await listObjects(storage, keys.pictures)).map((o) => o.key));
  const pictures: { key: string; file: string }[] = [];
  for (const pictureFolder of BACKUP_PICTURE_FOLDERS) {
    const root = path.join(backup.dir, pictureFolder);
    for (const relative of filesUnder(root))
      pictures.push({ key: keys.picture(pictureFolder, relative), file: path.join(root, relative) });
  }
  await putObject(storage, pieces.pictureList, pictures.map((p) => `${p.key}\n`).join(""));
  let files = 0;
  let bytes = 0;
  await eachAtOnce(
    pictures.filter((p) => !there.has(p.key)),
    async ({ key, file }) => {
      const sha256 = await fileSha256(file);
      await uploadStream(storage, key, await encryptFile(file, recipient), { sha256 });
      files += 1;
      bytes += fs.statSync(file).size;
    },
  );
  const database = path.join(backup.dir, DATABASE_FILE);
  const sha256 = await fileSha256(database);
  const size = fs.statSync(database).size;
  await uploadStream(storage, pieces.database, await encryptFile(database, recipient), { sha256 });
  const { dir: _dir, at: _at, ...manifest } = backup;
  const withDatabase: OffsiteManifest = { ...manifest, database: { sha256, bytes: size } };
  await putObject(storage, pieces.manifest, await encryptBytes(JSON.stringify(withDatabase), recipient));
  return { files: files + 1, bytes: bytes + size };
}

export type OffsiteBackup = { name: string; at: Date; bytes: number };

/** The whole copies in the bucket (those with their manifest), newest first, and the pieces of each. */
async function copiesIn(storage: Storage, folder: string) {
  const keys = offsiteKeys(folder);
  const byName = new Map<string, { keys: string[]; bytes: number; whole: boolean }>();
  for (const object of await listObjects(storage, keys.backups)) {
    const name = backupNameOfKey(keys.backups, object.key);
    if (!name) continue;
    const entry = byName.get(name) ?? { keys: [], bytes: 0, whole: false };
    entry.keys.push(object.key);
    entry.bytes += object.size;
    if (object.key === keys.backup(name).manifest) entry.whole = true;
    byName.set(name, entry);
  }
  return byName;
}

export async function listOffsiteBackups(storage: Storage, folder: string): Promise<OffsiteBackup[]> {
  return [...(await copiesIn(storage, folder))]
    .filter(([, copy]) => copy.whole)
    .map(([name, copy]) => ({ name, at: backupTime(name)!, bytes: copy.bytes }))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

// A copy without its manifest is still being sent, or was cut short; after a day it is neither.
const UNFINISHED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * The bucket kept to the plan: copies the plan no longer keeps removed, and unfinished ones
 * older than a day; then pictures no copy left there needs. The names removed.
 */
export async function pruneOffsite(storage: Storage, folder: string, now = new Date()): Promise<string[]> {
  const keys = offsiteKeys(folder);
  const copies = await copiesIn(storage, folder);
  const keep = backupsToKeep([...copies].filter(([, copy]) => copy.whole).map(([name]) => name));
  const removed: string[] = [];
  const doomed: string[] = [];
  for (const [name, copy] of copies) {
    const stale = !copy.whole && now.getTime() - backupTime(name)!.getTime() > UNFINISHED_FOR_MS;
    if ((copy.whole && !keep.has(name)) || stale) {
      removed.push(name);
      doomed.push(...copy.keys);
    }
  }
  const needed = new Set<string>();
  for (const [name, copy] of copies) {
    if (removed.includes(name)) continue;
    const list = await getBytes(storage, keys.backup(name).pictureList);
    // A copy whose list cannot be read (still being sent, say) keeps every picture.
    if (!copy.keys.includes(keys.backup(name).pictureList) || !list) return finish(removed, doomed);
    for (const key of new TextDecoder().decode(list).split("\n")) if (key) needed.add(key);
  }
  for (const object of await listObjects(storage, keys.pictures)) if (!needed.has(object.key)) doomed.push(object.key);
  return finish(removed, doomed);

  async function finish(names: string[], objects: string[]) {
    await deleteObjects(storage, objects);
    return names;
  }
}

/**
 * A copy fetched back into `into` as a backup folder (database, pictures, manifest), every
 * piece decrypted and checked against the checksum it was sent with. WrongPassphraseError
 * when the passphrase does not open the folder's key; DamagedCopyError when a piece is
 * missing, changed or cut short.
 */
export async function fetchBackup(
  storage: Storage,
  folder: string,
  passphrase: string,
  name: string,
  into: string,
): Promise<BackupManifest> {
  const keys = offsiteKeys(folder);
  const pieces = keys.backup(name);
  const locked = await getBytes(storage, keys.key);
  if (!locked) throw new DamagedCopyError(`There is no key in this folder (${keys.key}): no copy here can be opened.`);
  const { identity } = await openKey(locked, passphrase);
  const lockedManifest = await getBytes(storage, pieces.manifest);
  if (!lockedManifest) throw new DamagedCopyError(`There is no whole copy named ${name} in this folder.`);
  const manifest = await readPiece(`the manifest of ${name}`, async () => {
    const text = new TextDecoder().decode(await decryptBytes(lockedManifest, identity));
    const parsed = parseManifest(text);
    const database = (JSON.parse(text) as Partial<OffsiteManifest>).database;
    if (!parsed || typeof database?.sha256 !== "string") throw new Error("not a manifest this site wrote");
    return { ...parsed, database };
  });
  fs.mkdirSync(into, { recursive: true });
  await fetchPiece(storage, identity, pieces.database, path.join(into, DATABASE_FILE), manifest.database.sha256);
  const list = await getBytes(storage, pieces.pictureList);
  if (!list) throw new DamagedCopyError(`The list of pictures of ${name} is missing.`);
  const pictures = new TextDecoder()
    .decode(list)
    .split("\n")
    .filter(Boolean)
    .map((key) => ({ key, place: pictureOfKey(keys.pictures, key) }));
  for (const pictureFolder of BACKUP_PICTURE_FOLDERS) fs.mkdirSync(path.join(into, pictureFolder), { recursive: true });
  await eachAtOnce(pictures, async ({ key, place }) => {
    if (!place || !BACKUP_PICTURE_FOLDERS.includes(place.folder))
      throw new DamagedCopyError(`The list of pictures of ${name} names something else: ${key}`);
    const file = path.join(into, place.folder, place.relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await fetchPiece(storage, identity, key, file);
  });
  const { database: _database, ...backupManifest } = manifest;
  fs.writeFileSync(path.join(into, MANIFEST_FILE), `${JSON.stringify(backupManifest, null, 2)}\n`);
  return backupManifest;
}

/** One piece decrypted into a file and checked against the checksum it was sent with. */
async function fetchPiece(storage: Storage, identity: string, key: string, file: string, expected?: string) {
  const object = await getObject(storage, key);
  if (!object) throw new DamagedCopyError(`A piece of the copy is missing: ${key}`);
  const sha256 = expected ?? object.metadata.sha256;
  const written = await readPiece(key, () => decryptToFile(object.body, identity, file));
  if (sha256 && written.sha256 !== sha256)
    throw new DamagedCopyError(`A piece of the copy is damaged (its checksum does not match): ${key}`);
}

async function readPiece<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DamagedCopyError || error instanceof WrongPassphraseError) throw error;
    throw new DamagedCopyError(`A piece of the copy is damaged (it does not decrypt): ${what}`, { cause: error });
  }
}
