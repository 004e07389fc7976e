import http from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
  type RouteObject,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "./admin-session";
import { PAGE_CACHE_PATHS } from "~/lib/page-cache-paths";
import { requestContext } from "~/server/client-ip.server";
import { createPageCache, invalidatePublicPages } from "~/server/page-cache.server";
import * as publicLayout from "~/routes/public-layout";

// Decision 0044: a signed-in owner sees a "Back to admin" bar on public pages,
// and anonymous visitors still get the page cache's answers. The public layout is rendered
// as the server renders it (its loader, its component, its headers), behind the real page
// cache, the way server.js puts the cache in front of the framework.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const routes: RouteObject[] = [
  {
    id: "routes/public-layout",
    loader: publicLayout.loader as never,
    Component: function Layout() {
      return createElement(publicLayout.default as React.FC<{ loaderData: unknown }>, { loaderData: useLoaderData() });
    },
    children: [{ index: true, Component: () => createElement("h1", null, "Home page") }],
  },
];

let renders = 0;
/** One render of the page for a request, with the headers the layout's `headers` gives it. */
async function render(request: Request): Promise<Response> {
  renders++;
  const handler = createStaticHandler(routes);
  const context = await handler.query(request, { requestContext: requestContext("127.0.0.1") as never });
  if (context instanceof Response) return context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  const loaderHeaders = context.loaderHeaders["routes/public-layout"] ?? new Headers();
  const headers = new Headers(publicLayout.headers({ loaderHeaders } as never));
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { status: context.statusCode, headers });
}

type Answer = { status: number; html: string; headers: Headers; fromCache: boolean };
let server: http.Server;
let base = "";
let fallbacks = 0;

beforeAll(async () => {
  // As server/app.ts: the cache renders a request without cookies from the public origin.
  const cache = createPageCache({
    render: (path) => render(new Request(`http://site.test${path}`)),
    baseHeaders: {},
    paths: PAGE_CACHE_PATHS,
  });
  server = http.createServer((req, res) => {
    // What the cache does not answer goes to the framework with the request as it came.
    const framework = async () => {
      fallbacks++;
      const answer = await render(
        new Request(`http://site.test${req.url}`, { headers: { Cookie: req.headers.cookie ?? "" } }),
      );
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(await answer.text());
    };
    if (!cache.handle(req, res, () => void framework())) void framework();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const before = fallbacks;
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, html: await res.text(), headers: res.headers, fromCache: fallbacks === before };
}

const BAR = "Back to admin";

describe("the Back to admin bar and the page cache", () => {
  it("an anonymous visitor gets the cached page, without the bar", async () => {
    invalidatePublicPages();
    const first = await get("/");
    expect(first.status).toBe(200);
    expect(first.fromCache).toBe(true);
    expect(first.html).toContain("Home page");
    expect(first.html).not.toContain(BAR);
    // The cache's own ETag (one per encoding): this answer came from memory.
    expect(first.headers.get("etag")).toMatch(/^"[\w-]{27}(-br|-gz)?"$/);
    expect(first.headers.get("cache-control")).toMatch(/^public/);
    const rendersBefore = renders;
    const again = await get("/", { "If-None-Match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(renders).toBe(rendersBefore);
  });

  it("the signed-in owner gets the bar, from a render of his own that no cache may keep", async () => {
    const owner = await get("/", { Cookie: cookie });
    expect(owner.status).toBe(200);
    expect(owner.fromCache).toBe(false);
    expect(owner.html).toContain(BAR);
    expect(owner.html).toMatch(/<a[^>]*href="\/admin"[^>]*>Back to admin<\/a>/);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    expect(owner.headers.get("etag")).toBeNull();

    // The cache still holds the anonymous page, and answers the next visitor with it.
    const rendersBefore = renders;
    const visitor = await get("/");
    expect(visitor.fromCache).toBe(true);
    expect(renders).toBe(rendersBefore);
    expect(visitor.html).not.toContain(BAR);
  });

  it("a session cookie that signs nobody in shows no bar", async () => {
    const stale = await get("/", { Cookie: "__session=not-a-session" });
    expect(stale.status).toBe(200);
    expect(stale.html).not.toContain(BAR);
    expect(stale.headers.get("cache-control")).toMatch(/^public/);
  });

  it("a page drawn signed in is never kept, even by a cache that was handed one", async () => {
    // A cache whose renders (wrongly) carry the owner's cookie: each answer is sent once and dropped.
    // (The kept pages are the module's, shared by every cache made: start from none.)
    invalidatePublicPages();
    let ownerRenders = 0;
    const leaky = createPageCache({
      render: (path) => {
        ownerRenders++;
        return render(new Request(`http://site.test${path}`, { headers: { Cookie: cookie } }));
      },
      baseHeaders: {},
      paths: PAGE_CACHE_PATHS,
    });
    const probe = http.createServer((req, res) => {
      if (!leaky.handle(req, res, () => res.writeHead(500).end())) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`;
      for (let i = 0; i < 2; i++) {
        const res = await fetch(url);
        expect(await res.text()).toContain(BAR);
        expect(res.headers.get("cache-control")).toBe("private, no-store");
      }
      expect(ownerRenders).toBe(2);
    } finally {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
    }
  });
});
