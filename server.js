// The HTTP entry point: `npm start` (production) and `npm run dev` both run this file.
// Everything that shares code with the routes lives in server/app.ts, which Vite bundles
// together with the app so they share one module graph and one database connection.
import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const DEV = process.env.NODE_ENV !== "production";
const root = express();
root.disable("x-powered-by");
// Downloads (CSV exports, backups, PDFs) go out as they are: compression() leaves a 'drain'
// listener on its gzip stream at every backpressure wait of a long streamed body (it forwards
// on() there, not off()), and the zip, tar.gz and PDF files are compressed already.
root.use(
  compression({
    filter: (req, res) =>
      !/^attachment/i.test(String(res.getHeader("Content-Disposition") ?? "")) && compression.filter(req, res),
  }),
);

let serverModule;
if (DEV) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  root.use(vite.middlewares);
  const load = () => vite.ssrLoadModule("./server/app.ts");
  serverModule = await load();
  root.set("trust proxy", serverModule.trustProxy);
  root.use(async (req, res, next) => {
    try {
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  serverModule = await import("./build/server/index.js");
  root.set("trust proxy", serverModule.trustProxy);
  // Fingerprinted bundles never change; everything else in public/ may. Scripts, styles
  // and the icon sprite go out as compressed at build time (vite.config.ts), when the
  // browser takes brotli or gzip; anything else, and a browser that takes neither, below.
  root.use("/assets", precompressed("build/client/assets"));
  root.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // The service worker is looked at anew on every visit: a new build's reaches the phones at once.
  root.use(
    express.static("build/client", {
      maxAge: "1h",
      setHeaders: (res, file) => {
        if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
      },
    }),
  );
  root.use(serverModule.app);
}

/**
 * Sends `<file>.br` or `<file>.gz` for a file under `dir` when the build wrote one
 * (vite.config.ts decides which files are worth it) and the request's Accept-Encoding
 * allows it, brotli first: it is smaller. Otherwise passes. The copies are listed once:
 * the folder is the build's and does not change while the server runs.
 */
function precompressed(dir) {
  const copies = new Set(fs.readdirSync(dir).filter((name) => /\.(br|gz)$/.test(name)));
  return (req, res, next) => {
    const encoding =
      req.method === "GET" || req.method === "HEAD" ? acceptedEncoding(req.get("accept-encoding")) : null;
    const copy = encoding && `${req.path.slice(1)}${encoding === "br" ? ".br" : ".gz"}`;
    if (!copy || !copies.has(copy)) return next();
    // The type of the file asked for, not of its .br copy; send() keeps a type already set.
    res.type(path.extname(req.path));
    // Set before the body: compression() leaves an encoded response alone. An error now is
    // the request's own (a failed If-Match, a range past the end): Express's error answer
    // drops the encoding header, where passing on would label a plain answer as brotli.
    res.sendFile(
      copy,
      { root: dir, immutable: true, maxAge: "1y", headers: { "Content-Encoding": encoding, Vary: "Accept-Encoding" } },
      (error) => {
        // A visitor who left (or a phone that lost its signal) mid-file is nobody's error to log.
        if (error && !res.headersSent && error.code !== "ECONNABORTED") next(error);
      },
    );
  };
}

/** "br" or "gzip" when the Accept-Encoding header takes it (not at q=0), brotli first; else null. */
function acceptedEncoding(header = "") {
  const taken = new Set();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (!q || Number(q[1]) > 0) taken.add(name.trim());
  }
  return taken.has("br") || taken.has("*") ? "br" : taken.has("gzip") ? "gzip" : null;
}

// A refusal is the owner's to read (an off-site copy that could not be put back): one line,
// and no empty site served in place of the one that was asked for.
const refused = await serverModule.prepareApp();
if (refused) {
  console.error(`The site did not start. ${refused.refused}`);
  process.exit(1);
}
// Sends pending contact notifications (and retries failed ones) and the daily lead summary.
serverModule.startBackgroundTasks();
const { PORT, HOST } = serverModule.env;
// A last word for the log: every request error is answered above, so reaching these means
// a bug elsewhere (a timer, a stream). Log it and keep serving rather than drop every visitor.
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason));

// Anonymous reads of public pages are answered from memory before Express sees them
// (server/app.ts, decision 0014); everything else, and any render that fails, goes on to
// Express. Development renders every request, so an edit shows at once.
const pageCache = DEV ? null : serverModule.pageCache;
const server = http.createServer((req, res) => {
  if (!pageCache?.handle(req, res, () => root(req, res))) root(req, res);
});
server.on("error", (error) => {
  console.error(`Could not listen on port ${PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(PORT, HOST, () => {
  console.log(`Site ready on http://localhost:${PORT}`);
  if (!serverModule.env.PAGE_CACHE_WARM) return;
  pageCache
    ?.warm()
    .then((n) => console.log(`Page cache: ${n} pages from the sitemap rendered ahead.`))
    .catch((error) => console.error("Warming the page cache failed:", error));
});

// CONNECT never reaches Express (Node hands it to a 'connect' listener or drops the
// socket), and methods Node's parser does not know fail before any handler: answer both.
server.on("connect", (_req, socket) => {
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
  );
});
server.on("clientError", (error, socket) => {
  if (!socket.writable) return socket.destroy();
  const status =
    error.code === "HPE_INVALID_METHOD"
      ? "501 Not Implemented"
      : error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : "400 Bad Request";
  socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
});

// Docker stops a container with SIGTERM; finish in-flight requests, then exit.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
