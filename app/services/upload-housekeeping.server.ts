import fs from "node:fs";
import type { Image } from "~/db/schema";
import { listStoredFiles, updateImageFile } from "~/models/image.server";
import { listPhotoFiles } from "~/models/lead-photo.server";
import { listClaimFileNames } from "~/models/insurance-claim.server";
import { sweepAttachedPhotos } from "~/server/attached-photo-files.server";
import { cleanImage, hasMetadata, type CleanImage } from "~/server/image-clean.server";
import { writeCopies, writeVariants } from "~/server/image-resize.server";
import { variantName, variantWidths } from "~/lib/image-variants";
import { filesOf, storeFor, UPLOAD_STORES, uploadDir, uploadPath, type UploadStore } from "~/server/storage.server";

type StoredFile = Pick<Image, "id" | "storedName" | "purpose" | "contentType" | "width">;

/** A file younger than this may belong to an upload still under way: never swept. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Start-up care of the stored pictures, each step safe to repeat: roof pictures moved out
 * of the public folder, metadata stripped from files stored before uploads were cleaned,
 * smaller copies made where a picture lacks one, and files no image row names (left by a
 * crash mid-upload) removed.
 */
export async function tidyUploads(log: (line: string) => void) {
  const rows = listStoredFiles();
  const moved = moveRoofPicturesToPrivate(rows);
  if (moved) log(`Moved ${moved} roof picture file(s) out of the public uploads folder.`);
  const cleaned = await stripStoredMetadata(rows);
  if (cleaned) log(`Removed metadata (EXIF, GPS, ICC) from ${cleaned} stored picture(s).`);
  // Read again after a cleaning: turning pictures upright changes their width.
  const made = await addMissingVariants(cleaned ? listStoredFiles() : rows);
  if (made) log(`Made ${made} smaller cop${made === 1 ? "y" : "ies"} of stored pictures.`);
  // A database with no pictures at all is new or lost, not a sign that every file is
  // litter: the files may be the only copy left, so they stay.
  const kept = [
    ...rows.map((row) => ({ storedName: row.storedName, store: storeFor(row.purpose) })),
    ...quotePhotoFiles(),
    // The insurance claims' files (a carrier's scope, photos for the adjuster): private.
    ...listClaimFileNames().map((f) => ({ storedName: f.storedName, store: "private" as const })),
  ];
  const removed = kept.length ? removeOrphanUploads(kept) : 0;
  if (removed) log(`Removed ${removed} uploaded file(s) no record refers to.`);
  // Photos kept for a quote form that was never corrected (they live in their own folder, which the sweep above passes by).
  const expired = sweepAttachedPhotos();
  if (expired) log(`Removed ${expired} photo(s) kept for a quote form that was never sent again.`);
}

/** Roof pictures stored before they were private: moved, with their smaller copies. */
export function moveRoofPicturesToPrivate(rows: StoredFile[]): number {
  let moved = 0;
  for (const row of rows) {
    if (storeFor(row.purpose) !== "private") continue;
    for (const name of filesOf(row.storedName)) {
      const from = uploadPath(name, "public");
      if (!fs.existsSync(from)) continue;
      const to = uploadPath(name, "private");
      fs.mkdirSync(uploadDir("private"), { recursive: true });
      if (!fs.existsSync(to)) moveFile(from, to);
      fs.rmSync(from, { force: true });
      moved++;
    }
  }
  return moved;
}

/** rename, or copy and delete when the two folders are on different volumes. */
function moveFile(from: string, to: string) {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    fs.copyFileSync(from, `${to}.moving`);
    fs.renameSync(`${to}.moving`, to);
  }
}

/**
 * Pictures stored before every upload was cleaned still carry their EXIF (GPS included):
 * each is decoded, turned upright and re-encoded like a new upload. A file is done when
 * it has no metadata left, so this only reads headers once everything is clean. Order
 * makes a crash harmless: smaller copies, then the row, then the file, which is replaced
 * in one rename and so still has its metadata (and is redone) until the very end.
 */
export async function stripStoredMetadata(rows: StoredFile[]): Promise<number> {
  let cleaned = 0;
  for (const row of rows) {
    const store = storeFor(row.purpose);
    const file = uploadPath(row.storedName, store);
    if (!fs.existsSync(file) || !(await hasMetadata(file))) continue;
    // A GIF (refused today, accepted once) or an unreadable file is left as it is.
    const image = await cleanImage(fs.readFileSync(file));
    if (!image) continue;
    await replaceVariants(row.storedName, image, store);
    updateImageFile(row.id, { bytes: image.bytes.byteLength, width: image.info.width, height: image.info.height });
    const temporary = `${file}.cleaning`;
    fs.writeFileSync(temporary, image.bytes);
    fs.renameSync(temporary, file);
    cleaned++;
  }
  return cleaned;
}

/**
 * Smaller copies a picture should have but lacks (a width added after it was stored, as
 * 640 was), made from the stored file, which is already clean. Before the server listens,
 * so no page ever names a copy that is not there yet.
 */
export async function addMissingVariants(rows: StoredFile[]): Promise<number> {
  let made = 0;
  for (const row of rows) {
    const store = storeFor(row.purpose);
    const file = uploadPath(row.storedName, store);
    const missing = variantWidths(row).filter(
      (width) => !fs.existsSync(uploadPath(variantName(row.storedName, width), store)),
    );
    if (missing.length === 0 || !fs.existsSync(file)) continue;
    await writeCopies(row.storedName, fs.readFileSync(file), missing, store);
    made += missing.length;
  }
  return made;
}

/** The smaller copies again: turning a picture upright can change which widths it needs. */
async function replaceVariants(storedName: string, image: CleanImage, store: UploadStore) {
  for (const name of filesOf(storedName).slice(1)) fs.rmSync(uploadPath(name, store), { force: true });
  await writeVariants(storedName, image, store);
}

/** Photos sent with quote requests: private, cleaned when they arrived, owned by their message. */
function quotePhotoFiles(): KeptFile[] {
  return listPhotoFiles().map((p) => ({ storedName: p.storedName, store: "private" }));
}

type KeptFile = { storedName: string; store: UploadStore };

/**
 * Files in either uploads folder that no row names (an image, a quote request's photo, or
 * one of their smaller copies), older than an hour. Dotfiles (a .gitkeep) are not ours and stay.
 */
export function removeOrphanUploads(kept: KeptFile[], now = Date.now()): number {
  const wanted = new Set(kept.flatMap((file) => filesOf(file.storedName).map((name) => `${file.store}/${name}`)));
  let removed = 0;
  for (const store of UPLOAD_STORES) {
    const dir = uploadDir(store);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile() || entry.name.startsWith(".") || wanted.has(`${store}/${entry.name}`)) continue;
      const file = uploadPath(entry.name, store);
      if (now - fs.statSync(file).mtimeMs < ORPHAN_MIN_AGE_MS) continue;
      fs.rmSync(file, { force: true });
      removed++;
    }
  }
  return removed;
}
