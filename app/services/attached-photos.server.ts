import fs from "node:fs";
import path from "node:path";
import { ATTACHED_PHOTO_HOURS, type AttachedPhoto } from "~/lib/contact-form";
import { hashLinkToken, isLinkToken, newLinkToken } from "~/server/link-token.server";
import { privateUploadsDir } from "~/server/storage.server";

/**
 * Photos a visitor sent with a quote form that came back with an error (decision 0034).
 * Without scripts the browser cannot send a file again, so the server keeps it: cleaned
 * like every photo, in a folder of the private uploads that no page serves, under the
 * SHA-256 of a random token that only the visitor's re-rendered form carries. Another
 * visitor cannot name it, and a listing of the folder opens nothing. A kept photo goes
 * with the corrected form (and is deleted then) or is swept after ATTACHED_PHOTO_HOURS.
 */
export const attachedPhotosDir = path.join(privateUploadsDir, "attached");
export const ATTACHED_PHOTO_MAX_AGE_MS = ATTACHED_PHOTO_HOURS * 60 * 60 * 1000;

const fileOf = (token: string) => path.join(attachedPhotosDir, hashLinkToken(token));

/** Keeps a cleaned photo's bytes; the token that names it, with the visitor's file name. */
export function keepAttachedPhoto(bytes: Uint8Array, name: string): AttachedPhoto {
  sweepAttachedPhotos();
  const { token } = newLinkToken();
  fs.mkdirSync(attachedPhotosDir, { recursive: true });
  fs.writeFileSync(fileOf(token), bytes, { flag: "wx" });
  return { token, name: name.slice(0, 255) };
}

/** A kept photo's bytes, or null for a token we never gave out, or one whose photo is gone or too old. */
export function readAttachedPhoto(token: string, now = Date.now()): Buffer | null {
  if (!isLinkToken(token)) return null;
  try {
    const file = fileOf(token);
    if (now - fs.statSync(file).mtimeMs > ATTACHED_PHOTO_MAX_AGE_MS) return null;
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Whether a token still names a kept photo. */
export function hasAttachedPhoto(token: string, now = Date.now()): boolean {
  if (!isLinkToken(token)) return false;
  try {
    return now - fs.statSync(fileOf(token)).mtimeMs <= ATTACHED_PHOTO_MAX_AGE_MS;
  } catch {
    return false;
  }
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
      if (now - fs.statSync(file).mtimeMs <= ATTACHED_PHOTO_MAX_AGE_MS) continue;
      fs.rmSync(file, { force: true });
      removed++;
    } catch {
      // Gone meanwhile (used by its form): nothing to sweep.
    }
  }
  return removed;
}
