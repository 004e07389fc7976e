import { z } from "~/lib/zod";
import { isBackupName } from "./backup-plan";

/**
 * Off-site copies (decision 0090): every backup is also encrypted on the server and sent to
 * S3-compatible storage the owner chooses, so losing the server does not lose the business.
 * This file holds what the Backups page, the sending and `npm run restore -- s3` share: the
 * owner's settings, the form's rules and words, and where each piece lives in the bucket.
 */

export const OFFSITE_INTENTS = { save: "save-offsite", check: "check-offsite", turnOff: "turn-offsite-off" } as const;

/** Where the copies go. The secret is the storage's, not the owner's passphrase, which is never kept. */
export const OffsiteTargetSchema = z.object({
  endpoint: z.string(),
  region: z.string(),
  bucket: z.string(),
  /** A folder inside the bucket ("" for its top), so one bucket may hold several sites. */
  folder: z.string(),
  accessKeyId: z.string(),
  secretAccessKey: z.string(),
});
export type OffsiteTarget = z.infer<typeof OffsiteTargetSchema>;

export const OffsiteSettingsSchema = z.object({
  target: OffsiteTargetSchema.nullable(),
  /**
   * The public half of the key every copy is encrypted to (an age recipient, "age1…"). Its
   * private half lives only in the bucket, locked with the owner's passphrase: the server
   * can encrypt every night without holding anything that decrypts.
   */
  recipient: z.string().nullable(),
});
export type OffsiteSettings = z.infer<typeof OffsiteSettingsSchema>;
export const NO_OFFSITE: OffsiteSettings = { target: null, recipient: null };

/** How the last sending went: what the Backups page and the owner's warnings read. */
export const OffsiteStatusSchema = z.object({
  lastSent: z.object({ name: z.string(), at: z.string(), files: z.number(), bytes: z.number() }).nullable(),
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type OffsiteStatus = z.infer<typeof OffsiteStatusSchema>;
export const NO_OFFSITE_STATUS: OffsiteStatus = { lastSent: null, lastFailure: null };

/** What the Backups page shows of off-site copies, written by its loader in Kansas time (never the secret). */
export type OffsiteView = {
  on: boolean;
  place: {
    endpoint: string;
    host: string;
    region: string;
    bucket: string;
    folder: string;
    accessKeyId: string;
  } | null;
  lastSent: { when: string; what: string } | null;
  lastFailure: { when: string; message: string } | null;
};

export const PASSPHRASE_MIN = 12;

export const OFFSITE_MESSAGES = {
  badEndpoint: "Please enter the storage's address, starting with https://",
  badRegion: "Please enter the region (for example us-east-1; Cloudflare R2 uses auto)",
  badBucket: "Please enter the bucket's name: 3 to 63 lowercase letters, digits, dots or dashes",
  badFolder: "A folder may hold only letters, digits, dashes, dots, underscores and slashes",
  badKeyId: "Please enter the access key ID",
  badSecret: "Please enter the secret access key",
  shortPassphrase: `Please choose a passphrase of at least ${PASSPHRASE_MIN} characters`,
  passphraseMismatch: "The two passphrases are not the same",
  passphraseNeeded: "Please enter your passphrase: the copies are locked with it",
  wrongPassphrase:
    "That passphrase does not open the backups already in this folder. Enter the passphrase they were made with, or choose another folder.",
  wrongRestorePassphrase: "That passphrase does not open these off-site copies. Nothing was changed.",
  saved: "Off-site copies are on. Every backup is now also sent there.",
  keysSaved: "Off-site settings saved",
  turnedOff: "Off-site copies are off. What was sent stays in the bucket.",
  notSetUp: "Off-site copies are not set up yet",
  refusedKeys: "The storage refused the keys. Check the access key ID and the secret.",
  noBucket: "There is no bucket of that name at that address. Check its name and region.",
  connected: "Connected: the storage took a test file and removed it.",
} as const;

/** Why a storage could not be reached, in the owner's words. */
export const unreachable = (endpoint: string) => `Could not reach ${hostOf(endpoint)}. Check the address.`;

export function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const FOLDER = /^[A-Za-z0-9._\-/]*$/;

/** The setup form's fields; the passphrase is checked by the action (needed only with a new place). */
export const OffsiteFormSchema = z.object({
  endpoint: z
    .string({ error: OFFSITE_MESSAGES.badEndpoint })
    .trim()
    .max(300, OFFSITE_MESSAGES.badEndpoint)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
      } catch {
        return false;
      }
    }, OFFSITE_MESSAGES.badEndpoint)
    .transform((v) => new URL(v).origin),
  region: z
    .string({ error: OFFSITE_MESSAGES.badRegion })
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, OFFSITE_MESSAGES.badRegion),
  bucket: z.string({ error: OFFSITE_MESSAGES.badBucket }).trim().regex(BUCKET, OFFSITE_MESSAGES.badBucket),
  folder: z
    .string()
    .trim()
    .max(100, OFFSITE_MESSAGES.badFolder)
    .regex(FOLDER, OFFSITE_MESSAGES.badFolder)
    .refine((v) => !v.split("/").some((part) => part === ".." || part === "."), OFFSITE_MESSAGES.badFolder)
    .transform((v) => v.replace(/^\/+|\/+$/g, "").replace(/\/{2,}/g, "/"))
    .default(""),
  accessKeyId: z
    .string({ error: OFFSITE_MESSAGES.badKeyId })
    .trim()
    .min(1, OFFSITE_MESSAGES.badKeyId)
    .max(200, OFFSITE_MESSAGES.badKeyId),
  // Blank keeps the saved one: the page never shows a saved secret again.
  secretAccessKey: z.string().max(200, OFFSITE_MESSAGES.badSecret).default(""),
  // Needed for a new place only: checked by `passphraseProblem` where that is known.
  passphrase: z.string().max(1000, OFFSITE_MESSAGES.shortPassphrase).default(""),
  passphraseAgain: z.string().max(1000, OFFSITE_MESSAGES.passphraseMismatch).default(""),
});
export type OffsiteForm = z.infer<typeof OffsiteFormSchema>;

/** A passphrase as the form takes it: long enough, and typed the same twice. */
export function passphraseProblem(passphrase: string, again: string): string | null {
  if (passphrase.length < PASSPHRASE_MIN) return OFFSITE_MESSAGES.shortPassphrase;
  if (passphrase !== again) return OFFSITE_MESSAGES.passphraseMismatch;
  return null;
}

/** Whether two targets are the same place (the same copies and key), whatever the keys. */
export const samePlace = (a: OffsiteTarget | null, b: OffsiteTarget | null) =>
  !!a && !!b && a.endpoint === b.endpoint && a.bucket === b.bucket && a.folder === b.folder;

/**
 * Where each piece lives in the bucket, under the owner's folder:
 *   key.age                               the private key, locked with the passphrase
 *   backups/<name>/app.db.age             the database, encrypted
 *   backups/<name>/pictures.txt           the picture objects this backup needs, one per line
 *   backups/<name>/manifest.json.age      written last: a backup without it is not whole
 *   pictures/<folder>/<file>.age          each picture once, shared by every backup that has it
 * A picture is never rewritten once stored (each upload gets a new random name), so one sent
 * before is not sent again. The list of picture objects is not encrypted: it says no more
 * than the bucket's own listing of those objects does.
 */
export const offsiteKeys = (folder: string) => {
  const root = folder ? `${folder}/` : "";
  return {
    root,
    key: `${root}key.age`,
    check: `${root}connection-check.txt`,
    backups: `${root}backups/`,
    pictures: `${root}pictures/`,
    backup: (name: string) => ({
      database: `${root}backups/${name}/app.db.age`,
      pictureList: `${root}backups/${name}/pictures.txt`,
      manifest: `${root}backups/${name}/manifest.json.age`,
    }),
    picture: (pictureFolder: string, relative: string) => `${root}pictures/${pictureFolder}/${relative}.age`,
  };
};

/** The backup a key under `backups/` belongs to, or null. */
export function backupNameOfKey(backupsPrefix: string, key: string): string | null {
  if (!key.startsWith(backupsPrefix)) return null;
  const name = key.slice(backupsPrefix.length).split("/")[0];
  return isBackupName(name) ? name : null;
}

/** A picture object's place back on disk: its folder and path, or null for a key that is not one. */
export function pictureOfKey(picturesPrefix: string, key: string): { folder: string; relative: string } | null {
  if (!key.startsWith(picturesPrefix) || !key.endsWith(".age")) return null;
  const rest = key.slice(picturesPrefix.length, -".age".length);
  const slash = rest.indexOf("/");
  if (slash <= 0) return null;
  const relative = rest.slice(slash + 1);
  // Written by this site from names on its own disk: anything climbing out is not ours.
  if (!relative || relative.split("/").some((part) => part === ".." || part === "." || part === "")) return null;
  return { folder: rest.slice(0, slash), relative };
}
