import path from "node:path";
import { csvChunks } from "~/lib/csv";
import { EXPORT_FILES } from "~/lib/export-files";
import { businessToday } from "~/lib/business-time";
import { EXPORT_ROWS } from "~/models/export.server";
import { liveState } from "~/server/backup-store.server";
import { filesUnder } from "~/server/folder-walk.server";
import { zipStream, type ZipEntry } from "~/server/zip.server";
import { downloadResponse } from "~/server/responses.server";

/**
 * "Export everything" (decision 0059): one CSV per kind of record and every
 * picture, in one .zip streamed as it is read. Owner only (it holds every customer).
 */

function* exportEntries(): Generator<ZipEntry> {
  for (const { file, columns } of EXPORT_FILES) {
    const header = columns.map(([name]) => name);
    yield { name: file, source: { text: () => csvChunks(header, EXPORT_ROWS[file](), { bom: true }) } };
  }
  const state = liveState();
  for (const [folder, dir] of [
    ["uploads", state.uploads],
    ["private-uploads", state.privateUploads],
  ] as const) {
    // Pictures are compressed already: deflating them again only spends time.
    for (const relative of filesUnder(dir))
      yield { name: `${folder}/${relative}`, source: { file: path.join(dir, relative) }, level: 0 };
  }
}

export function exportFileName(now = new Date()) {
  return `site-export-${businessToday(now)}.zip`;
}

/** The whole export as a download. */
export function exportResponse(now = new Date()): Response {
  return downloadResponse(zipStream(exportEntries()), "application/zip", exportFileName(now));
}
