import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { routeArgs } from "./admin-session";
import { csvRecords } from "../csv-rows";

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
  return csvRecords(fs.readFileSync(path.join(folder, file), "utf8"));
}
