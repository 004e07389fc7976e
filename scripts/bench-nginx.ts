// npm run bench:nginx
// The same public pages as `npm run bench`, beside Debian's nginx serving the very bytes
// the app sent, as static files (gzip_static for the compressed ones; Debian's nginx has no
// brotli module, so the compressed column is gzip for both). One nginx worker, as the app
// is one process. Skipped with a message when nginx is not installed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { capture, CONNECTIONS, LOAD_WIDTHS, load, printLoad, row, SECONDS } from "./bench-lib";
import { startServer, waitFor } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
if (!nginx) {
  console.log("nginx is not installed (apt-get install nginx): nothing to compare with.");
  process.exit(0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prairie-bench-nginx-"));
const root = path.join(dir, "root");
const server = await startServer(PORT);
let child: ReturnType<typeof spawn> | null = null;
try {
  await new Promise((r) => setTimeout(r, 3000)); // the cache warms from the sitemap
  const pages = await capture(server.base, path.join(dir, "pages.json"));
  for (const page of pages) {
    // "/" is index.html; other pages are files named like their path.
    const file = path.join(root, page.path === "/" ? "index.html" : page.path);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const raw = Buffer.from(page.raw, "base64");
    fs.writeFileSync(file, raw);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  }
  fs.mkdirSync(path.join(dir, "logs"));
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  default_type "text/html; charset=utf-8";
  gzip_static on;
  server {
    listen 127.0.0.1:${PORT + 2};
    root ${root};
    location / { try_files $uri /index.html =404; }
    location = /no-such-page { try_files $uri =404; }
  }
}
`,
  );
  child = spawn(
    nginx,
    ["-e", path.join(dir, "logs/error.log"), "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
    { stdio: "inherit" },
  );
  const nginxBase = `http://127.0.0.1:${PORT + 2}`;
  await waitFor(`${nginxBase}/`);

  console.log(
    `Public pages: ${CONNECTIONS} connections, ${SECONDS} s each; the app beside nginx (1 worker) serving the same bytes`,
  );
  console.log(row(["page", "enc", "app req/s", "nginx", "ratio", "p50", "p99", "bytes"], LOAD_WIDTHS));
  for (const page of pages) {
    for (const encoding of [false, "gzip"] as const) {
      const app = await load(server.base + page.path, encoding);
      const yardstick = await load(nginxBase + page.path, encoding);
      printLoad(page.path.slice(0, 12), encoding || "none", app, yardstick);
    }
  }
} finally {
  child?.kill();
  server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
