import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { contentSecurityPolicy, formTargetsFor, inlineScripts } from "~/lib/csp";
import { isAdminPath } from "~/lib/admin-sections";
import { withCriticalCss } from "~/lib/critical-css";
import { deferScripts } from "~/lib/page-html";
import { checkoutOrigin } from "~/server/stripe.server";

export const streamTimeout = 5_000;

/**
 * What the server logs: real failures. A request the router itself turns away (POST to a
 * page without a form: 405; GET of a post-only route: 400; no such route: 404) is the
 * visitor's mistake, answered with its status, and is not logged as an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The router wraps its own errors; the inner one carries the stack.
  console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
};

const isAdmin = (url: string) => isAdminPath(new URL(url).pathname);

// The class the reveal-on-scroll effect adds before the whole stylesheet has arrived.
const ADDED_BY_SCRIPTS = ["reveal-wait"];

/**
 * Pages are rendered whole, then sent: our data comes from SQLite at once, so streaming
 * gains nothing, and the whole page is what lets the CSP name each inline script's hash.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const admin = isAdmin(request.url);
  if (admin) responseHeaders.set("Cache-Control", "no-store");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", reject);
        body.on("end", () => {
          clearTimeout(timeout);
          const rendered = Buffer.concat(chunks).toString("utf8");
          // Public pages inline only the CSS their markup uses; root.tsx loads the rest
          // once scripts run (decision 0005). Development links the stylesheet instead.
          const html =
            admin || import.meta.env.DEV ? rendered : deferScripts(withCriticalCss(rendered, ADDED_BY_SCRIPTS));
          const scriptHashes = inlineScripts(html).map((s) => createHash("sha256").update(s, "utf8").digest("base64"));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            contentSecurityPolicy({
              scriptHashes,
              area: admin ? "admin" : "public",
              dev: import.meta.env.DEV,
              formTargets: formTargetsFor(request.url, checkoutOrigin()),
            }),
          );
          resolve(new Response(html, { status: responseStatusCode, headers: responseHeaders }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}

// Client-side navigations fetch `.data`: admin answers must not be kept by any cache either.
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (isAdmin(request.url)) response.headers.set("Cache-Control", "no-store");
  return response;
};
