import { describe, expect, it } from "vitest";
import { commonJsExports, onFirstUse } from "./on-first-use.server";

describe("onFirstUse", () => {
  it("imports once, on the first call, for every caller", async () => {
    let imports = 0;
    const load = onFirstUse(async () => ({ n: ++imports }));
    expect(imports).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(imports).toBe(1);
  });

  it("tries a failed import again on the next call", async () => {
    let tries = 0;
    const load = onFirstUse(async () => {
      if (++tries === 1) throw new Error("disk hiccup");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("disk hiccup");
    expect(await load()).toBe("loaded");
    expect(tries).toBe(2);
  });
});

describe("commonJsExports", () => {
  it("reads a CommonJS package's exports whether Node or the container's bundle imported it", async () => {
    const byNode = await import("@zxcvbn-ts/core");
    const exports = commonJsExports(byNode);
    expect(typeof exports.ZxcvbnFactory).toBe("function");
    // What esbuild's chunk of a CommonJS package gives: module.exports as `default` only.
    expect(commonJsExports({ default: exports })).toBe(exports);
    // An ES module without a default export is what it is.
    const esm = { ZxcvbnFactory: exports.ZxcvbnFactory };
    expect(commonJsExports(esm)).toBe(esm);
  });
});
