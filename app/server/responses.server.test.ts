import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { notFound } from "./responses.server";

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

/** Every source file under a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("notFound", () => {
  it("throws a 404 response with its message and headers", async () => {
    const response = thrown(() => notFound()) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
    const withHeaders = thrown(() => notFound("No such proposal", { "Cache-Control": "no-store" })) as Response;
    expect(withHeaders.headers.get("Cache-Control")).toBe("no-store");
    expect(await withHeaders.text()).toBe("No such proposal");
  });

  // "Not found" was said four ways (a thrown Response, a thrown data(), a returned
  // Response, each with its own text). One helper now (decision 0035). A page that draws
  // its own 404 (returns its data with the status) is a page, not a bare answer.
  it("is the only way the app throws or answers a bare 404", () => {
    const adHoc = sources("app")
      .filter((file) => !file.endsWith("responses.server.ts"))
      .filter((file) => /(throw|return) (new Response\(|data\(")[^;]*status: 404/.test(readFileSync(file, "utf8")));
    expect(adHoc).toEqual([]);
  });
});
