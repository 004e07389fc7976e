// The browser suite's HTTPS front: Debian's nginx running deploy/nginx.conf (the file an
// owner copies), with a certificate made here by openssl, in front of a second app server.
//   node scripts/proxy-for-tests.js <https port> <app port>
// Runs nginx in the foreground until it is stopped.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const [httpsPort, appPort] = process.argv.slice(2).map(Number);
const dir = path.resolve(".tmp/proxy");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(path.join(dir, "logs"), { recursive: true });

const cert = path.join(dir, "cert.pem");
const key = path.join(dir, "key.pem");
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout",
    key,
    "-out",
    cert,
  ],
  { stdio: "ignore" },
);

// The shipped server block, with this machine's ports, name and certificate.
const block = fs
  .readFileSync("deploy/nginx.conf", "utf8")
  .replace(/^\s*listen \[::\].*$/gm, "")
  .replace(/listen 80;/, `listen 127.0.0.1:${httpsPort + 1};`)
  .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`)
  .replaceAll("www.example.com", "localhost")
  .replace(/ssl_certificate .*;/, `ssl_certificate ${cert};`)
  .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${key};`)
  .replaceAll("proxy_pass http://127.0.0.1:3000;", `proxy_pass http://127.0.0.1:${appPort};`);

const temp = (name) => `${name} ${path.join(dir, name.replace(/_path$/, ""))};`;
fs.writeFileSync(
  path.join(dir, "nginx.conf"),
  `worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "logs/error.log")} warn;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 256; }
http {
  access_log ${path.join(dir, "logs/access.log")};
  ${["client_body_temp_path", "proxy_temp_path", "fastcgi_temp_path", "uwsgi_temp_path", "scgi_temp_path"].map(temp).join("\n  ")}
  ${block}
}
`,
);

const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
if (!nginx) {
  console.error("nginx is missing: npm test installs it (apt-get install nginx) when run as root.");
  process.exit(1);
}
const child = spawn(
  nginx,
  ["-e", path.join(dir, "logs/error.log"), "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"],
  { stdio: "inherit" },
);
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill("SIGQUIT"));
child.on("exit", (code) => process.exit(code ?? 0));
