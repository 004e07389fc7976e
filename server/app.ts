import { createRequestListener } from "@react-router/node";
import express, { type NextFunction, type Request, type Response } from "express";
import "react-router";
import { env, paths } from "~/lib/env.server";
import { startMailQueue } from "~/lib/contact-mailer.server";
import { prepareApp } from "~/lib/startup.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The TCP peer; routes decide whether to trust X-Forwarded-For (TRUST_PROXY). */
    clientAddress: string;
  }
}

export { env, prepareApp, startMailQueue };

export const app = express.Router();

app.use((_req: Request, res: Response, next: NextFunction) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  next();
});

// A form posted from another site must never change anything here (CSRF). Browsers
// send Origin on every cross-site POST; same-origin requests may omit it.
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  if (!origin || origin === "null") return origin === "null" ? refuse(res) : next();
  try {
    if (new URL(origin).host === req.get("host")) return next();
  } catch {
    // fall through: a malformed Origin is refused like a foreign one
  }
  return refuse(res);
});

function refuse(res: Response) {
  res.status(403).type("text/plain").send("Cross-site request refused.");
}

// Uploaded files: names are server-chosen with a sniffed extension, so the type is
// right; nosniff (above) and this CSP stop a file from ever running as a page.
app.use(
  "/uploads",
  express.static(paths.uploads, {
    immutable: true,
    maxAge: "365d",
    index: false,
    dotfiles: "deny",
    fallthrough: false,
    setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox"),
  }),
);

// A missing upload is an ordinary 404, not a server error worth a stack trace in the log.
app.use("/uploads", (error: { status?: number }, _req: Request, res: Response, next: NextFunction) => {
  if (error.status === 404) return res.status(404).type("text/plain").send("Not found");
  next(error);
});

const handleRequest = createRequestListener({
  build: () => import("virtual:react-router/server-build"),
  mode: env.NODE_ENV,
  getLoadContext: (_request, client) => ({ clientAddress: client.address }),
});

app.use((req: Request, res: Response) => {
  void handleRequest(req, res);
});
