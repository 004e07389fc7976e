import fs from "node:fs";
import path from "node:path";
import { ATTACHED_PHOTO_HOURS, type AttachedPhoto } from "~/lib/contact-form";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { privateUploadsDir } from "~/server/storage.server";

/**
 * The files of photos a visitor sent with a quote form that came back with an error
 * (decision 0034; the use case is services/contact-request.server.ts). Without scripts
 * the browser cannot send a file again, so the server keeps the cleaned bytes in a folder
 * of the private uploads that no page serves, under the SHA-256 of a random token that
 * only the visitor's re-rendered form carries. Another visitor cannot name one, and a
 * listing of the folder opens nothing. A kept photo goes with the corrected form (and is
 * deleted then) or is swept after ATTACHED_PHOTO_HOURS.
 */
export const attachedPhotosDir = path.join(privateUploadsDir, "attached");
export const ATTACHED_PHOTO_MAX_AGE_MS = ATTACHED_PHOTO_HOURS * 60 * 60 * 1000;

const fileOf = (token: string) => path.join(attachedPhotosDir, hashLinkToken(token));
const isFresh = (file: string, now: number) => now - fs.statSync(file).mtimeMs <= ATTACHED_PHOTO_MAX_AGE_MS;

/** Keeps a cleaned photo's bytes; the token that names it, with the visitor's file name. */
export function keepAttachedPhoto(bytes: Uint8Array, name: string): AttachedPhoto {
  sweepAttachedPhotos();
  const { token } = newLinkToken();
  fs.mkdirSync(attachedPhotosDir, { recursive: true });
  fs.writeFileSync(fileOf(token), bytes, { flag: "wx" });
  return { token, name: name.slice(0, 255) };
}

/**
 * The file a token names while its photo may still be used, or null: a token we never
 * gave out, a photo sent already, or one older than a form's life (the sweep may not
 * have reached it yet). The one age check behind reading and asking.
 */
function usableFile(token: string, now: number): string | null {
  if (!isLinkToken(token)) return null;
  const file = fileOf(token);
  try {
    return isFresh(file, now) ? file : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A kept photo's bytes, or null when the token names none that may still be used. */
export function readAttachedPhoto(token: string, now = Date.now()): Buffer | null {
  const file = usableFile(token, now);
  if (!file) return null;
  try {
    return fs.readFileSync(file);
  } catch (error) {
    // Sent with another tab's form between the two calls.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Whether a token still names a kept photo that may be used. */
export function hasAttachedPhoto(token: string, now = Date.now()): boolean {
  return usableFile(token, now) !== null;
}

export function removeAttachedPhoto(token: string) {
  if (isLinkToken(token)) fs.rmSync(fileOf(token), { force: true });
}

/** Removes kept photos older than a form's lifetime; how many. Run on each keep and at start-up. */
export function sweepAttachedPhotos(now = Date.now()): number {
  if (!fs.existsSync(attachedPhotosDir)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(attachedPhotosDir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(attachedPhotosDir, entry.name);
    try {
      if (isFresh(file, now)) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone meanwhile (used by its form): nothing to sweep.
    }
  }
  return removed;
}
