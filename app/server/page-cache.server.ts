import { underMaintenance } from "~/server/maintenance.server";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import type { PageCachePaths } from "~/lib/page-cache-paths";

/**
 * Public pages rendered once and answered from memory until a write changes what they
 * show (docs/decisions/0014-page-cache.md). A hit is answered from the raw http server,
 * before Express: headers and compressed bytes are ready, only the encoding is chosen.
 * Which paths and queries it may keep is told by its caller (lib/page-cache-paths.ts):
 * this layer knows no routes.
 */

type Variant = { body: Buffer; etag: string; headers: Record<string, string | number> };
type Entry = {
  status: number;
  etags: Set<string>;
  variants: Record<Encoding, Variant>;
  bytes: number;
  notModified: Record<string, string>;
};
type Encoding = "br" | "gzip" | "identity";

/** Render one page as an anonymous GET would: a fetch Response from React Router. */
type RenderPage = (pathAndQuery: string) => Promise<Response>;

// Pages of this site are 30-150 KB raw (about a quarter of that compressed, three
// versions kept); 48 MB holds every page with its .data many times over.
const MAX_BYTES = 48 * 1024 * 1024;
// Not-found answers are kept apart and few, so a crawler trying random paths can only
// evict other not-found answers, never the pages.
const MAX_MISSING = 100;
const MAX_KEY_LENGTH = 512;
const SESSION_COOKIE = /(?:^|;)\s*__(?:session|flash)=/;

// Not sent again from the cache: per-response, or set by the cache itself.
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
  "vary",
]);

const pages = new LRUCache<string, Entry>({ maxSize: MAX_BYTES, sizeCalculation: (e) => e.bytes });
const missing = new LRUCache<string, Entry>({ max: MAX_MISSING });
type Uncached = { response: Response; raw: Buffer };
const filling = new Map<string, Promise<Entry | Uncached>>();
let generation = 0;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Every write that changes what a public page shows calls this (the models do): the next
 * request renders afresh. A render that started before the write is served to whoever
 * asked for it but not kept.
 */
export function invalidatePublicPages() {
  generation++;
  pages.clear();
  missing.clear();
  // A request arriving from now on must not join a render that began before the write.
  filling.clear();
}

/**
 * The cache key of a request it may answer, or null when the request is not its to answer.
 * A query parameter or value `paths` does not allow renders as usual but is not kept, so
 * made-up values cannot push the real pages out of the cache.
 */
export function cacheKey(
  paths: PageCachePaths,
  method: string | undefined,
  url: string | undefined,
  cookie: string | undefined,
): string | null {
  if ((method !== "GET" && method !== "HEAD") || !url || url.length > MAX_KEY_LENGTH || url[0] !== "/") return null;
  if (cookie && SESSION_COOKIE.test(cookie)) return null;
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (path.includes("//") || paths.skipped(path)) return null;
  // Paths with an extension are files (favicon, pictures, bundles) for the static handler,
  // except the pages' .data and the few files React Router renders.
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.includes(".") && !path.endsWith(".data") && !paths.renderedFiles.includes(path)) return null;
  if (q === -1 || q === url.length - 1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (!Object.hasOwn(paths.allowedQuery, name) || !paths.allowedQuery[name].test(value)) return null;
    kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${path}?${new URLSearchParams(kept)}` : path;
}

/** br when the client takes it, else gzip, else the raw bytes. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  if (!header) return "identity";
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

function cacheable(response: Response): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  if (response.headers.has("set-cookie")) return false;
  const control = response.headers.get("cache-control") ?? "";
  return !/no-store|private/i.test(control);
}

/** The response's own headers worth sending again, after ours; cookies are the caller's to add. */
function headersOf(response: Response, baseHeaders: Record<string, string>): Record<string, string> {
  const headers = { ...baseHeaders };
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && !DROPPED_HEADERS.has(name)) headers[name] = value;
  });
  return headers;
}

async function toEntry(response: Response, raw: Buffer, baseHeaders: Record<string, string>): Promise<Entry> {
  // A page is compressed hardest, once per edit. A not-found answer is made for every new
  // path a crawler tries: cheap settings there, so made-up URLs cannot buy much CPU.
  const found = response.status === 200;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: found ? 11 : 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
    gzip(raw, { level: found ? 9 : 6 }),
  ]);
  const hash = createHash("sha256").update(raw).digest("base64url").slice(0, 27);
  const common: Record<string, string> = { ...headersOf(response, baseHeaders), vary: "Accept-Encoding" };
  const variant = (body: Buffer, encoding: Encoding, tag: string): Variant => ({
    body,
    etag: tag,
    headers: {
      ...common,
      etag: tag,
      "content-length": body.byteLength,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    },
  });
  const tags = { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` };
  const notModified: Record<string, string> = { vary: "Accept-Encoding" };
  if (common["cache-control"]) notModified["cache-control"] = common["cache-control"];
  return {
    status: response.status,
    etags: new Set(Object.values(tags)),
    variants: {
      br: variant(br, "br", tags.br),
      gzip: variant(gz, "gzip", tags.gzip),
      identity: variant(raw, "identity", tags.identity),
    },
    bytes: raw.byteLength + br.byteLength + gz.byteLength + 2048,
    notModified,
  };
}

function matches(ifNoneMatch: string | undefined, entry: Entry): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => entry.etags.has(tag.trim().replace(/^W\//, "")));
}

function send(entry: Entry, req: IncomingMessage, res: ServerResponse) {
  const variant = entry.variants[chooseEncoding(req.headers["accept-encoding"])];
  if (entry.status === 200 && matches(req.headers["if-none-match"], entry)) {
    res.writeHead(304, { ...entry.notModified, etag: variant.etag });
    res.end();
    return;
  }
  res.writeHead(entry.status, variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}

/** An answer that may not be kept (a redirect, a cookie, an error page) goes out as it came. */
function sendUncached(
  response: Response,
  raw: Buffer,
  baseHeaders: Record<string, string>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const headers: Record<string, string | string[]> = headersOf(response, baseHeaders);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  headers["content-length"] = String(raw.byteLength);
  res.writeHead(response.status, headers);
  res.end(req.method === "HEAD" ? undefined : raw);
}

export function createPageCache({
  render,
  baseHeaders,
  paths,
}: {
  render: RenderPage;
  baseHeaders: Record<string, string>;
  paths: PageCachePaths;
}) {
  function fill(key: string): Promise<Entry | Uncached> {
    let pending = filling.get(key);
    if (pending) return pending;
    const started = generation;
    pending = (async () => {
      const response = await render(key);
      const raw = Buffer.from(await response.arrayBuffer());
      if (!cacheable(response)) return { response, raw };
      const entry = await toEntry(response, raw, baseHeaders);
      if (generation === started) (entry.status === 200 ? pages : missing).set(key, entry);
      return entry;
    })().finally(() => {
      // Only its own place: after a write, a newer render of the key may be under way.
      if (filling.get(key) === pending) filling.delete(key);
    });
    filling.set(key, pending);
    return pending;
  }

  return {
    /**
     * Answers the request when it is an anonymous read of a public page, from memory or
     * after one shared render; false when it is not, and the caller goes on. `fallback`
     * takes over if rendering fails.
     */
    handle(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
      // Express answers with the maintenance page meanwhile (server/app.ts).
      if (underMaintenance()) return false;
      const key = cacheKey(paths, req.method, req.url, req.headers.cookie);
      if (key === null) return false;
      const hit = pages.get(key) ?? missing.get(key);
      if (hit) {
        send(hit, req, res);
        return true;
      }
      // An answer that may not be kept is only for the request that asked for it: the
      // others that waited on the same render go the usual way.
      const own = !filling.has(key);
      fill(key).then(
        (result) => {
          if (!("response" in result)) send(result, req, res);
          else if (own) sendUncached(result.response, result.raw, baseHeaders, req, res);
          else fallback();
        },
        (error: unknown) => {
          console.error(`Rendering ${key} for the page cache failed:`, error);
          fallback();
        },
      );
      return true;
    },

    /** Renders the sitemap's pages (and robots.txt) ahead of the first visitors, one at a time. */
    async warm(): Promise<number> {
      const sitemap = await fill(paths.sitemap);
      if ("response" in sitemap) return 0;
      const xml = sitemap.variants.identity.body.toString("utf8");
      const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
      for (const key of [...paths.warmFirst, ...listed]) await fill(key);
      return listed.length;
    },
  };
}
