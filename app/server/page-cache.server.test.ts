import { whileClosed } from "~/server/maintenance.server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_PATHS } from "~/lib/page-cache-paths";
import { cacheKey, chooseEncoding, createPageCache, invalidatePublicPages } from "./page-cache.server";

describe("which requests the page cache answers", () => {
  it.each([
    ["GET", "/", undefined, "/"],
    ["HEAD", "/portfolio", undefined, "/portfolio"],
    ["GET", "/portfolio.data", undefined, "/portfolio.data"],
    ["GET", "/_root.data", undefined, "/_root.data"],
    ["GET", "/sitemap.xml", undefined, "/sitemap.xml"],
    ["GET", "/robots.txt", undefined, "/robots.txt"],
    ["GET", "/?portfolio=roofing", undefined, "/?portfolio=roofing"],
    ["GET", "/?service=gutter-services-wichita", undefined, "/?service=gutter-services-wichita"],
    ["GET", "/portfolio?category=framing", undefined, "/portfolio?category=framing"],
    [
      "GET",
      "/portfolio.data?category=framing&_routes=routes%2Fportfolio",
      undefined,
      "/portfolio.data?_routes=routes%2Fportfolio&category=framing",
    ],
    ["GET", "/?", undefined, "/"],
    ["GET", "/contact", "theme=dark", "/contact"],
    ["GET", "/no-such-page", undefined, "/no-such-page"],
  ])("%s %s (cookie %s) is kept as %s", (method, url, cookie, key) => {
    expect(cacheKey(PAGE_CACHE_PATHS, method, url, cookie)).toBe(key);
  });

  it.each([
    ["POST", "/contact", undefined],
    ["PUT", "/", undefined],
    ["GET", "/", "__session=abc"],
    ["GET", "/contact", "a=1; __flash=xyz"],
    ["GET", "/admin", undefined],
    ["GET", "/admin/images", undefined],
    ["GET", "/admin/login", undefined],
    ["GET", "/uploads/0123.jpg", undefined],
    ["GET", "/proposal/q8r1Jm0dPq3vH1hU2Zs0cR7xKx3Yw9Vt6nLm4pQe5aB", undefined],
    ["GET", "/proposal/q8r1Jm0dPq3vH1hU2Zs0cR7xKx3Yw9Vt6nLm4pQe5aB.data", undefined],
    ["GET", "/review/0123abc", undefined],
    ["GET", "/assets/root-abc.js", undefined],
    ["GET", "/favicon.ico", undefined],
    ["GET", "/wp-login.php", undefined],
    ["GET", "/healthz", undefined],
    ["GET", "/?utm_source=facebook", undefined],
    ["GET", "/portfolio?category=roofing&fbclid=1", undefined],
    ["GET", "/?portfolio=made-up-1", undefined],
    ["GET", "/?tab=roofing", undefined],
    ["GET", "/?service=made-up-service", undefined],
    ["GET", "/portfolio.data?_routes=%3Cscript%3E", undefined],
    ["GET", "/?constructor=1", undefined],
    ["GET", "//evil.example", undefined],
    ["GET", `/${"a".repeat(600)}`, undefined],
    ["GET", "*", undefined],
  ])("%s %s (cookie %s) goes to the framework", (method, url, cookie) => {
    expect(cacheKey(PAGE_CACHE_PATHS, method, url, cookie)).toBeNull();
  });

  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.8", "gzip"],
    ["*", "gzip"],
    ["identity", "identity"],
    ["", "identity"],
    [undefined, "identity"],
  ])("Accept-Encoding %j gets %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

describe("the page cache in front of a renderer", () => {
  let renders: string[] = [];
  let version = 1;
  let hold: Promise<void> | null = null;
  let server: http.Server;
  let base = "";
  let fellBack = 0;

  const cache = createPageCache({
    paths: PAGE_CACHE_PATHS,
    baseHeaders: { "X-Content-Type-Options": "nosniff" },
    render: async (key) => {
      renders.push(key);
      const seen = version;
      if (hold) await hold;
      if (key === "/sitemap.xml") {
        return new Response(
          "<urlset><url><loc>http://site.test/</loc></url><url><loc>http://site.test/about</loc></url></urlset>",
          {
            headers: { "Content-Type": "application/xml" },
          },
        );
      }
      if (key === "/flash")
        return new Response("for one visitor", { headers: { "Set-Cookie": "__flash=; Max-Age=0" } });
      if (key === "/gone") return new Response(null, { status: 302, headers: { Location: "/" } });
      if (key === "/broken") throw new Error("render failed");
      const status = key === "/missing" ? 404 : 200;
      return new Response(`<html><body>${key} version ${seen} ${"x".repeat(2000)}</body></html>`, {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'sha256-abc'" },
      });
    },
  });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const fallback = () => {
        fellBack++;
        res.writeHead(200, { "Content-Type": "text/plain" }).end("framework");
      };
      if (!cache.handle(req, res, fallback)) fallback();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    invalidatePublicPages();
    renders = [];
    fellBack = 0;
    hold = null;
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

  it("stands aside while the site is closed for a restore, and renders nothing", async () => {
    await get("/about");
    renders = [];
    fellBack = 0;
    await whileClosed(async () => {
      expect(await (await get("/about")).text()).toBe("framework");
    });
    expect(fellBack).toBe(1);
    expect(renders).toEqual([]);
  });

  it("renders a page once and answers the rest from memory, with its headers", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/about")));
    expect(renders).toEqual(["/about"]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toBe("script-src 'sha256-abc'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toContain("/about version 1");
    }
  });

  it("sends brotli, gzip or raw bytes as asked, each with its own strong ETag", async () => {
    const raw = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/about`, { headers: { "Accept-Encoding": "br" } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(Number(raw.headers["content-length"])).toBe(Buffer.concat(chunks).byteLength);
    expect(zlib.brotliDecompressSync(Buffer.concat(chunks)).toString()).toContain("/about version 1");
    const gz = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/about`, { headers: { "Accept-Encoding": "gzip" } }, resolve),
    );
    gz.resume();
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/about`, resolve));
    plain.resume();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const tags = [raw.headers.etag, gz.headers.etag, plain.headers.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
  });

  it("answers 304 to a matching If-None-Match, and the page again once it changed", async () => {
    const first = await get("/about");
    const etag = first.headers.get("etag")!;
    const again = await get("/about", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    version++;
    invalidatePublicPages();
    const changed = await get("/about", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(`version ${version}`);
  });

  it("HEAD gets the headers without a body", async () => {
    const res = await fetch(`${base}/about`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });

  it("does not keep a page rendered while a write happened", async () => {
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const pending = get("/about");
    await new Promise((resolve) => setTimeout(resolve, 20));
    version++;
    invalidatePublicPages();
    hold = null;
    release();
    expect(await (await pending).text()).toContain(`version ${version - 1}`);
    expect(await (await get("/about")).text()).toContain(`version ${version}`);
    expect(renders).toEqual(["/about", "/about"]);
  });

  it("a request after a write renders afresh instead of joining a render that began before it", async () => {
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const before = get("/about");
    await new Promise((resolve) => setTimeout(resolve, 20));
    version++;
    invalidatePublicPages();
    hold = null;
    const after = get("/about");
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await (await before).text()).toContain(`version ${version - 1}`);
    expect(await (await after).text()).toContain(`version ${version}`);
    // The newer render is the one kept.
    expect(await (await get("/about")).text()).toContain(`version ${version}`);
    expect(renders).toEqual(["/about", "/about"]);
  });

  it("never keeps an answer that sets a cookie or redirects, and shares it with no one", async () => {
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const both = Promise.all([get("/flash"), get("/flash")]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    hold = null;
    release();
    const [a, b] = await both;
    const bodies = [await a.text(), await b.text()].sort();
    expect(bodies).toEqual(["for one visitor", "framework"]);
    expect(fellBack).toBe(1);
    await get("/flash");
    expect(renders).toEqual(["/flash", "/flash"]);
    const gone = await fetch(`${base}/gone`, { redirect: "manual" });
    expect(gone.status).toBe(302);
    expect(gone.headers.get("location")).toBe("/");
  });

  it("keeps not-found answers apart, and hands a failed render to the framework", async () => {
    expect((await get("/missing")).status).toBe(404);
    expect((await get("/missing")).status).toBe(404);
    expect(renders).toEqual(["/missing"]);
    expect(await (await get("/broken")).text()).toBe("framework");
  });

  it("warms the sitemap's pages", async () => {
    expect(await cache.warm()).toBe(2);
    expect(renders).toEqual(["/sitemap.xml", "/robots.txt", "/", "/about"]);
    await get("/about");
    expect(renders).toHaveLength(4);
  });
});
