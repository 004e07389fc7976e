import { formatKansasStamp } from "./business-time";

/**
 * One CSV cell. Quotes when needed, and defuses values a spreadsheet would run as a
 * formula (a visitor could type "=HYPERLINK(...)" into the contact form). A number, a
 * negative number or a phone number like "+1 (620) 555-0142" holds no function name or
 * cell reference, so it is left as it is rather than shown with a stray apostrophe. An
 * instant is Kansas time with its zone named, as the office reads its day (decision 0078).
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : value instanceof Date ? formatKansasStamp(value) : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().,+\-/]*$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (row: readonly unknown[]) => row.map(csvCell).join(",") + "\r\n";

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map(csvLine).join("");
}

export type CsvChunkOptions = {
  /** About this many rows to a chunk. */
  rowsPerChunk?: number;
  /** Start with UTF8_BOM, for a file a spreadsheet opens (the export's CSV files). */
  bom?: boolean;
};

/**
 * The same text as `toCsv`, a chunk at a time: `rows` is pulled only when the next chunk
 * is, `rowsPerChunk` rows to a chunk, so memory stays flat however many there are.
 * Stopping early (`return()`, a `for` loop left) stops the rows (their `finally` runs).
 */
export function* csvChunks(
  header: readonly string[],
  rows: Iterable<readonly unknown[]>,
  { rowsPerChunk = 200, bom = false }: CsvChunkOptions = {},
): Generator<string, void, undefined> {
  yield (bom ? UTF8_BOM : "") + csvLine(header);
  let text = "";
  let n = 0;
  for (const row of rows) {
    text += csvLine(row);
    if (++n === rowsPerChunk) {
      yield text;
      text = "";
      n = 0;
    }
  }
  if (text) yield text;
}

/**
 * `csvChunks` as a byte stream for a Response: the next chunk is read only once the last
 * has gone out, and a reader that goes away stops the rows.
 */
export function csvStream(
  header: readonly string[],
  rows: Iterable<readonly unknown[]>,
  options: CsvChunkOptions = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = csvChunks(header, rows, options);
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      cancel() {
        chunks.return();
      },
    },
    // One chunk waiting at most.
    { highWaterMark: 1 },
  );
}

/** The headers of a CSV download named `fileName` (never cached: it is a customer's data). */
export function csvHeaders(fileName: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  };
}

/** Excel reads a CSV without a byte order mark as the local code page, mangling "×" or "é". */
export const UTF8_BOM = "\uFEFF";
