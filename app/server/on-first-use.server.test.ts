import { describe, expect, it, vi } from "vitest";
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

  it("sets no timer unless asked to let go", async () => {
    vi.useFakeTimers();
    try {
      const load = onFirstUse(async () => "kept");
      await load();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a newer build when an older one, let go while it was loading, fails", async () => {
    vi.useFakeTimers();
    try {
      const pending: { reject: (e: Error) => void }[] = [];
      let builds = 0;
      const load = onFirstUse(
        () => {
          builds++;
          if (builds === 1) return new Promise<string>((_, reject) => pending.push({ reject }));
          return Promise.resolve(`build ${builds}`);
        },
        { releaseAfterMs: 1000 },
      );
      const first = load();
      vi.advanceTimersByTime(1000);
      expect(await load()).toBe("build 2");
      pending[0]!.reject(new Error("slow disk"));
      await expect(first).rejects.toThrow("slow disk");
      expect(await load()).toBe("build 2");
      expect(builds).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets go of what it built once unused for the time given, and builds it again when asked", async () => {
    vi.useFakeTimers();
    try {
      let builds = 0;
      const load = onFirstUse(async () => ({ n: ++builds }), { releaseAfterMs: 1000 });
      const first = await load();
      vi.advanceTimersByTime(900);
      // Used again before the time ran out: kept, and the time starts over.
      expect(await load()).toBe(first);
      vi.advanceTimersByTime(900);
      expect(await load()).toBe(first);
      expect(builds).toBe(1);
      vi.advanceTimersByTime(1000);
      const again = await load();
      expect(again).not.toBe(first);
      expect(again.n).toBe(2);
    } finally {
      vi.useRealTimers();
    }
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
