import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Image } from "~/db/schema";
import { paths } from "~/server/env.server";
import { VARIANT_WIDTHS, variantName } from "~/lib/image-variants";
import { UPLOADS_PREFIX } from "~/lib/static-files";

/**
 * Two folders of stored pictures. "public" is served to anyone as /uploads/<name>;
 * "private" holds pictures of customers' houses (the roof tool), served only to signed-in
 * staff by the roof image route. The private folder sits beside the database, not inside
 * the public one (everything under it would be served), so it lives on the same volume
 * as the customer records it belongs to and is backed up with them.
 */
export type UploadStore = "public" | "private";
export const privateUploadsDir = path.join(path.dirname(paths.database), "private-uploads");
const DIRS: Record<UploadStore, string> = { public: paths.uploads, private: privateUploadsDir };
export const UPLOAD_STORES = Object.keys(DIRS) as UploadStore[];

/** Roof tool pictures are customer records: private. Library and portfolio pictures are public. */
export function storeFor(purpose: Image["purpose"]): UploadStore {
  return purpose === "roof" ? "private" : "public";
}

export function uploadDir(store: UploadStore): string {
  return DIRS[store];
}

/** Public URL of a stored upload. Names are ours, so they never need escaping. */
export function uploadUrl(storedName: string): string {
  return `${UPLOADS_PREFIX}/${storedName}`;
}

/** A server-chosen name: the visitor's file name never reaches the file system. */
export function newStoredName(extension: string): string {
  return `${randomBytes(12).toString("hex")}.${extension}`;
}

export function uploadPath(storedName: string, store: UploadStore): string {
  const dir = DIRS[store];
  const resolved = path.resolve(dir, storedName);
  if (path.dirname(resolved) !== dir) throw new Error("Invalid upload name");
  return resolved;
}

export function writeUpload(storedName: string, bytes: Uint8Array, store: UploadStore) {
  fs.mkdirSync(DIRS[store], { recursive: true });
  // wx: never overwrite an existing file, even on a (vanishingly unlikely) name clash.
  fs.writeFileSync(uploadPath(storedName, store), bytes, { flag: "wx" });
}

/** The names one stored picture occupies on disk: itself and its smaller copies. */
export function filesOf(storedName: string): string[] {
  return [storedName, ...VARIANT_WIDTHS.map((w) => variantName(storedName, w))];
}

/** Removes a file and any smaller copies made of it. */
export function removeUpload(storedName: string, store: UploadStore) {
  for (const name of filesOf(storedName)) fs.rmSync(uploadPath(name, store), { force: true });
}

const SERVED_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};
// Only names we hand out: 24 hex digits, an optional width suffix, our own extension.
const STORED_NAME = /^[a-f0-9]{24}(?:-w\d+)?\.(jpg|png|webp|gif)$/;

/** A stored file's bytes and type, or null for a name we never gave out or a file that is gone. */
export async function readUpload(
  storedName: string,
  store: UploadStore,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = STORED_NAME.exec(storedName);
  if (!match) return null;
  const bytes = await readStoredFile(storedName, store);
  return bytes && { bytes, contentType: SERVED_TYPES[match[1]] };
}

/**
 * A stored file's bytes by the name a row gave it (a claim's PDF or photo: the row, not the
 * name's shape, says what it is), or null when the file is gone.
 */
export async function readStoredFile(storedName: string, store: UploadStore): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(uploadPath(storedName, store));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
