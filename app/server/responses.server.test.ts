import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { downloadResponse, notFound } from "./responses.server";

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

describe("downloadResponse", () => {
  it("streams the file, and a reader that stops half-way ends it without an error anywhere", async () => {
    const whole = await downloadResponse(Readable.from(["a", "b", "c"]), "text/plain", "x.txt").text();
    expect(whole).toBe("abc");

    const source = new PassThrough();
    const uncaught: unknown[] = [];
    const listen = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", listen);
    try {
      const reader = downloadResponse(source, "application/zip", "x.zip").body!.getReader();
      source.write("first");
      expect(Buffer.from((await reader.read()).value!).toString()).toBe("first");
      await reader.cancel();
      // The writer goes on a moment after the reader left, as an archive writer does.
      source.write("late");
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(source.destroyed).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", listen);
    }
  });
});
