import busboy from "busboy";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { RESTORE_FILE_FIELD, RESTORE_MESSAGES, RESTORE_UPLOAD_MAX_BYTES } from "~/lib/backup-restore";
import { FORM_MAX_BYTES, refuseBody } from "~/server/request-body.server";

/**
 * A downloaded backup posted to the restore page (decision 0094). It may weigh gigabytes,
 * so unlike the site's picture forms, which hold a photo in memory, it is streamed to a
 * file as it arrives, with busboy. The text fields beside it are small and capped.
 */

export type ReceivedBackup =
  { form: FormData; file: string | null } | { form: FormData; file: null; error: typeof RESTORE_MESSAGES.tooLarge };

/** Reads the form, writing the backup file into `dir` (".partial": a crash's leftover is pruned). */
export async function receiveBackupUpload(request: Request, dir: string): Promise<ReceivedBackup> {
  if (!request.body) refuseBody(400);
  const contentType = request.headers.get("content-type") ?? "";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: RESTORE_UPLOAD_MAX_BYTES, fields: 20, fieldSize: FORM_MAX_BYTES, parts: 25 },
    });
  } catch {
    refuseBody(400);
  }
  fs.mkdirSync(dir, { recursive: true });
  const form = new FormData();
  let file: string | null = null;
  let tooLarge = false;
  const writes: Promise<void>[] = [];
  parser.on("field", (name, value, info) => {
    if (!info.valueTruncated) form.append(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // Another field's file, or an empty file input (no name, no bytes): read past it.
    if (name !== RESTORE_FILE_FIELD || file || !info.filename) return void stream.resume();
    const target = path.join(dir, `uploaded-${Date.now()}-${randomBytes(4).toString("hex")}.partial`);
    file = target;
    stream.on("limit", () => (tooLarge = true));
    writes.push(pipeline(stream, fs.createWriteStream(target)));
  });
  try {
    await pipeline(Readable.fromWeb(request.body as NodeWebStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch {
    if (file) fs.rmSync(file, { force: true });
    refuseBody(400);
  }
  if (file && (tooLarge || fs.statSync(file).size === 0)) {
    fs.rmSync(file, { force: true });
    if (tooLarge) return { form, file: null, error: RESTORE_MESSAGES.tooLarge };
    file = null;
  }
  return { form, file };
}
