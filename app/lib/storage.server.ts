import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { paths } from "./env.server";
import { VARIANT_WIDTHS, variantName } from "./image-variants";

/** Public URL of a stored upload. Names are ours, so they never need escaping. */
export function uploadUrl(storedName: string): string {
  return `/uploads/${storedName}`;
}

/** A server-chosen name: the visitor's file name never reaches the file system. */
export function newStoredName(extension: string): string {
  return `${randomBytes(12).toString("hex")}.${extension}`;
}

export function uploadPath(storedName: string): string {
  const resolved = path.resolve(paths.uploads, storedName);
  if (path.dirname(resolved) !== paths.uploads) throw new Error("Invalid upload name");
  return resolved;
}

export function writeUpload(storedName: string, bytes: Uint8Array) {
  fs.mkdirSync(paths.uploads, { recursive: true });
  // wx: never overwrite an existing file, even on a (vanishingly unlikely) name clash.
  fs.writeFileSync(uploadPath(storedName), bytes, { flag: "wx" });
}

/** Removes a file and any smaller copies made of it. */
export function removeUpload(storedName: string) {
  for (const name of [storedName, ...VARIANT_WIDTHS.map((w) => variantName(storedName, w))]) {
    fs.rmSync(uploadPath(name), { force: true });
  }
}
