import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { PAGE_CACHE_PATHS } from "~/lib/page-cache-paths";
import { createPageCache } from "~/server/page-cache.server";

/**
 * Public pages as the server answers them: through the real page cache, rendered by
 * `render` on a miss. Started before the describe block's tests, stopped after them;
 * `base()` is its address.
 */
export function servePagesThroughCache(render: () => Promise<Response>): { base: () => string } {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const cache = createPageCache({ render, baseHeaders: {}, paths: PAGE_CACHE_PATHS });
    server = http.createServer((req, res) => {
      if (!cache.handle(req, res, () => res.writeHead(500).end())) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { base: () => base };
}
