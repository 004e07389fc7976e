/**
 * One CSV cell. Quotes when needed, and defuses values a spreadsheet would run as a
 * formula (a visitor could type "=HYPERLINK(...)" into the contact form). A number, a
 * negative number or a phone number like "+1 (620) 555-0142" holds no function name or
 * cell reference, so it is left as it is rather than shown with a stray apostrophe.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().,+\-/]*$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (row: readonly unknown[]) => row.map(csvCell).join(",") + "\r\n";

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map(csvLine).join("");
}

/**
 * The same bytes as `toCsv`, written as the rows are read: `rows` is pulled only when the
 * reader wants more, about `rowsPerChunk` at a time, so memory stays flat however many
 * there are (issue 31). A reader that goes away stops the rows (their `finally` runs).
 */
export function csvStream(header: readonly string[], rows: Iterable<readonly unknown[]>, { rowsPerChunk = 200 } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: Iterator<readonly unknown[]> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(header)));
      },
      pull(controller) {
        iterator ??= rows[Symbol.iterator]();
        let text = "";
        for (let n = 0; n < rowsPerChunk; n++) {
          const next = iterator.next();
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += csvLine(next.value);
        }
        controller.enqueue(encoder.encode(text));
      },
      cancel() {
        iterator?.return?.();
      },
    },
    // One chunk waiting at most: the next is read only once the last has gone out.
    { highWaterMark: 1 },
  );
}

/** The headers of a CSV download named `fileName` (never cached: it is a customer's data). */
export function csvHeaders(fileName: string): HeadersInit {
  return { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"`, "Cache-Control": "no-store" };
}

/** Excel reads a CSV without a byte order mark as the local code page, mangling "×" or "é". */
export const UTF8_BOM = "\uFEFF";
