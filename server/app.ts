import { createRequestHandler } from "@react-router/express";
import express, { type NextFunction, type Request, type Response } from "express";
import { createRequestHandler as createFetchHandler, href, type ServerBuild } from "react-router";
import { requestContext } from "~/server/client-ip.server";
import { env, paths } from "~/server/env.server";
import { siteOrigin } from "~/server/origin.server";
import { answerWhileClosed } from "~/server/maintenance.server";
import { createPageCache } from "~/server/page-cache.server";
import { BODY_MESSAGES, FORM_MAX_BYTES, formBodyKind } from "~/server/request-body.server";
import { acceptsJson } from "~/server/responses.server";
import { prepareApp, startBackgroundTasks } from "~/services/startup.server";
import { MULTIPART_MAX_BYTES, PHOTO_FORM_MAX_BYTES } from "~/server/upload.server";
import { PHOTO_FORM_PATHS } from "~/lib/contact-form";
import { jobPath } from "~/lib/job-page";
import { isLeadPhotosPath } from "~/lib/job-photos";
import { PAGE_CACHE_PATHS } from "~/lib/page-cache-paths";
import { UPLOADS_PREFIX } from "~/lib/static-files";
import { RESTORE_UPLOAD_MAX_BYTES } from "~/lib/backup-restore";

export { env, prepareApp, startBackgroundTasks };

/** For the root Express app (server.js): which proxies may speak for the client. */
export const trustProxy = env.TRUST_PROXY;

const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
const STRIPE_WEBHOOK_PATH = href("/stripe/webhook");
const RESTORE_PATH = href("/admin/backups/restore");

export const app = express.Router();

// Before anything reads the request: TRACE, PUT, OPTIONS and the rest are not ours to
// serve. (Node's own parser already answers 400 to method names it does not know.)
app.use((req: Request, res: Response, next: NextFunction) => {
  if (ALLOWED_METHODS.includes(req.method)) return next();
  res.setHeader("Allow", ALLOWED_METHODS.join(", "));
  res.status(405).type("text/plain").send("Method not allowed.");
});

// While a backup is put back (decision 0094) every request gets the same short page, the
// restoring request itself having been read before the site closed.
app.use(answerWhileClosed);

const JOB_PAGES = jobPath("");

/** The most a POST to this path may carry, as the refusals below and the actions count it. */
function bodyCap(req: Request): number {
  if (formBodyKind(req.get("content-type")) !== "multipart") return FORM_MAX_BYTES;
  // A downloaded backup, streamed to the disk as it comes (server/restore-upload.server.ts).
  if (req.path === RESTORE_PATH) return RESTORE_UPLOAD_MAX_BYTES + FORM_MAX_BYTES;
  // The quote form, the homeowner's job page and a lead's photos each take up to five photos.
  return PHOTO_FORM_PATHS.includes(req.path) || req.path.startsWith(JOB_PAGES) || isLeadPhotosPath(req.path)
    ? PHOTO_FORM_MAX_BYTES
    : MULTIPART_MAX_BYTES;
}

// An answer can go out before its body was read whole: a picture over 10 MB is refused
// as the parser meets it, a signed-out POST before it is read. On a connection kept alive
// the unread rest would be taken for the next request, which would then wait for nothing
// until the socket is reset. So the rest is read and dropped, up to the path's body cap
// (declared sizes above it were refused already, and close their connection); a body
// that goes on past the cap loses its connection instead.
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method !== "POST") return next();
  // What the connection had read when this body began: counting with a "data" listener
  // instead would start the body flowing before the action reads it.
  const readBefore = req.socket.bytesRead;
  res.once("finish", () => dropUnreadBody(req, res, readBefore));
  next();
});

function dropUnreadBody(req: Request, res: Response, readBefore: number) {
  if (req.complete || req.destroyed || !res.shouldKeepAlive) return;
  // A declared length is at most the cap (checked below) and the body ends there. A body
  // in chunks may go on: it has what is left of the cap, less what was read already
  // (framing included, and less what still waits in the stream, counted as it drains).
  let left = req.get("content-length")
    ? Infinity
    : bodyCap(req) - (req.socket.bytesRead - readBefore - req.readableLength);
  // The action's reader (React Router's stream over the request) is done with it.
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left < 0) req.socket.destroy();
  });
  req.resume();
}

const hsts = env.SITE_URL?.startsWith("https:");

function securityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self)",
    // Browsers honour HSTS only over https, so it is sent when the visitor came that way.
    ...(https ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

// Made once, not per request.
const SECURITY_HEADERS = { http: Object.entries(securityHeaders(false)), https: Object.entries(securityHeaders(true)) };
const SITE_WIDE = new Set(SECURITY_HEADERS.https.map(([name]) => name.toLowerCase()));

// A route may answer with its own value of one of these (the job page's Referrer-Policy,
// decision 0069). React Router's adapter adds a route's headers with res.append, which
// would send both values; the route's replaces the site-wide one instead (decision 0072).
app.use((req: Request, res: Response, next: NextFunction) => {
  for (const [name, value] of SECURITY_HEADERS[hsts || req.secure ? "https" : "http"]) res.setHeader(name, value);
  const append = res.append.bind(res);
  res.append = (name: string, value?: string | string[]) =>
    value !== undefined && SITE_WIDE.has(name.toLowerCase()) ? res.setHeader(name, value) : append(name, value);
  next();
});

/**
 * Origins whose forms may change something here: the public origin (SITE_URL) and the
 * origin this request was sent to, as the trusted proxy reports it.
 */
function ownOrigins(req: Request): string[] {
  // req.protocol and req.host read X-Forwarded-Proto/-Host only from a trusted proxy.
  const own = `${req.protocol}://${req.host}`;
  return env.SITE_URL ? [env.SITE_URL, own] : [own];
}

// A form posted from another site must never change anything here (CSRF). Browsers
// send Origin on every cross-site POST; same-origin requests may omit it.
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method !== "POST") return next();
  const origin = req.get("origin");
  if (!origin) return next();
  if (ownOrigins(req).includes(origin)) return next();
  res.status(403).type("text/plain").send("Cross-site request refused.");
});

/** A body refused unread, in the words the actions use: as JSON to a script that asked for it (a phone's queue). */
function refuseEarly(req: Request, res: Response, status: 413 | 415) {
  const message = status === 413 ? BODY_MESSAGES.tooLarge : BODY_MESSAGES.unsupported;
  if (acceptsJson(req.get("accept")))
    return res.status(status).set("Cache-Control", "no-store").json({ ok: false, error: message });
  res.status(status).type("text/plain").send(message);
}

// Cheap refusals before any byte of the body is read. The actions read bodies with the
// same caps while streaming, for senders that do not declare a length.
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method !== "POST") return next();
  // Stripe's webhook is JSON, read raw by its route (its signature covers the exact bytes).
  const webhook = req.path === STRIPE_WEBHOOK_PATH && /^application\/json\b/i.test(req.get("content-type") ?? "");
  if (!formBodyKind(req.get("content-type")) && !webhook) return refuseEarly(req, res, 415);
  if (Number(req.get("content-length") ?? "0") > bodyCap(req)) {
    res.setHeader("Connection", "close");
    return refuseEarly(req, res, 413);
  }
  next();
});

// Uploaded files: names are server-chosen with a sniffed extension, so the type is
// right; nosniff (above) and this CSP stop a file from ever running as a page.
app.use(
  UPLOADS_PREFIX,
  express.static(paths.uploads, {
    immutable: true,
    maxAge: "365d",
    index: false,
    dotfiles: "deny",
    fallthrough: false,
    setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox"),
  }),
);

// The public origin may reach us under another Host (a proxy that rewrites it); React
// Router's own action check then needs to know that host is ours.
const allowedActionOrigins = env.SITE_URL ? [new URL(env.SITE_URL).host] : undefined;

async function loadServerBuild(): Promise<ServerBuild> {
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  return allowedActionOrigins ? { ...build, allowedActionOrigins } : build;
}

// Given a function, React Router rebuilds its route table on every request (so that
// development picks up edits); given the build itself, it does so once. A production
// build never changes while it runs.
const serverBuild = env.NODE_ENV === "production" ? await loadServerBuild() : loadServerBuild;

app.use(
  createRequestHandler({
    build: serverBuild,
    mode: env.NODE_ENV,
    getLoadContext: (req) => requestContext(req.ip ?? req.socket.remoteAddress ?? "unknown"),
  }),
);

// Anonymous reads of public pages, answered by server.js before Express (decision 0014).
// Rendered as a request without cookies from the public origin; the page does not depend
// on who asks. Pages are served with SITE_URL's HSTS only: behind a proxy that is the
// documented set-up, and the proxy may add its own.
const fetchHandler = createFetchHandler(serverBuild, env.NODE_ENV);
/** One anonymous render of a public page, as the cache makes it (also timed by `npm run bench`). */
export const renderPage = (pathAndQuery: string) =>
  fetchHandler(new Request(new URL(pathAndQuery, siteOrigin())), requestContext("127.0.0.1"));
export const pageCache = createPageCache({
  render: renderPage,
  baseHeaders: securityHeaders(!!hsts),
  paths: PAGE_CACHE_PATHS,
});

// Whatever went wrong while reading or answering a request ends here, never in an
// uncaught exception: a client error keeps its status, anything else is logged as ours.
app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
  const status = errorStatus(error);
  if (status >= 500) console.error(`${req.method} ${req.originalUrl} failed:`, error);
  if (res.headersSent) return next(error);
  const message = status >= 500 ? "Something went wrong on our side." : status === 404 ? "Not found" : "Bad request.";
  res.status(status).type("text/plain").send(message);
});

function errorStatus(error: unknown): number {
  const status =
    typeof error === "object" && error !== null
      ? ((error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode)
      : undefined;
  if (typeof status === "number" && status >= 400 && status < 600) return status;
  // Turning a malformed request into a Fetch Request (a bad URL or header) throws a TypeError.
  return error instanceof TypeError ? 400 : 500;
}
