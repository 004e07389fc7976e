import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { routeArgs } from "./admin-session";

/** A CSV's text as rows of cells (quoted cells with commas, quotes and line breaks read back; a BOM dropped). */
export function parseCsv(source: string): string[][] {
  const text = source.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

/**
 * "Export everything" downloaded as the owner (`cookie`) and unpacked into a new folder, as
 * the owner's own computer would (Python's zipfile, not this code's): the folder, and the
 * answer's headers.
 */
export async function downloadExport(cookie: string): Promise<{ folder: string; headers: Headers }> {
  const { loader } = await import("~/routes/resources/export-zip");
  const response = await loader(
    routeArgs(new Request("http://site.test/admin/export.zip", { headers: { Cookie: cookie } })),
  );
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "export-"));
  const zip = path.join(out, "export.zip");
  fs.writeFileSync(zip, Buffer.from(await response.arrayBuffer()));
  const unpack = spawnSync(
    "python3",
    [
      "-c",
      "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; z.extractall(sys.argv[2])",
      zip,
      out,
    ],
    { encoding: "utf8" },
  );
  if (unpack.status !== 0) throw new Error(unpack.stderr);
  return { folder: out, headers: response.headers };
}

/** One CSV of an unpacked export as objects by column name. */
export function exportedRows(folder: string, file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(folder, file), "utf8"));
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ""])));
}
