import { describe, expect, it } from "vitest";
import { csvCell, csvChunks, csvStream, toCsv, UTF8_BOM } from "./csv";

describe("csv", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    // Kansas time with the zone named: 18:37 UTC in November is 12:37 PM there.
    expect(csvCell(new Date("2026-11-28T18:37:09Z"))).toBe("2026-11-28 12:37 PM CST");
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("+SUM(A1:A9)")).toBe("'+SUM(A1:A9)");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
  });

  it("leaves numbers, negative numbers and phone numbers as they are", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("+1 (620) 555-0142")).toBe("+1 (620) 555-0142");
    expect(csvCell("(620) 555-0142")).toBe("(620) 555-0142");
  });

  it("joins rows with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe("a,b\r\n1,x\r\n");
  });
});

describe("csvStream", () => {
  const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

  it("gives the bytes toCsv gives", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => [i, `a,"${i}"`, null, "=x", "two\nlines"]);
    expect(await read(csvStream(["n", "text", "none", "formula", "lines"], rows, { rowsPerChunk: 100 }))).toBe(
      toCsv(["n", "text", "none", "formula", "lines"], rows),
    );
    expect(await read(csvStream(["only"], []))).toBe("only\r\n");
  });

  it("reads rows only as the reader asks, and stops them when the reader goes away", async () => {
    let made = 0;
    let stopped = false;
    function* rows() {
      try {
        for (;;) yield [made++];
      } finally {
        stopped = true;
      }
    }
    const reader = csvStream(["n"], rows(), { rowsPerChunk: 10 }).getReader();
    await reader.read();
    await reader.read();
    // The header and a chunk or two: never the endless rest.
    expect(made).toBeLessThanOrEqual(30);
    await reader.cancel();
    expect(stopped).toBe(true);
  });
});

describe("csvChunks", () => {
  it("gives toCsv's text a few rows at a time, with the byte order mark when asked", () => {
    const rows = Array.from({ length: 5 }, (_, i) => [i, `"${i}"`]);
    const chunks = [...csvChunks(["n", "quoted"], rows, { rowsPerChunk: 2, bom: true })];
    expect(chunks).toHaveLength(4);
    expect(chunks.join("")).toBe(UTF8_BOM + toCsv(["n", "quoted"], rows));
    expect([...csvChunks(["only"], [])]).toEqual(["only\r\n"]);
  });
});
