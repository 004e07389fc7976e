// npm run drill:bodies
// Sends the server oversize and malformed bodies and reports what it answered and how
// much memory it held: a 60 MB form must be refused (413) without being read whole, and
// the process must still answer afterwards. Numbers are printed, nothing is asserted.
import http from "node:http";
import { megabytes, rssOf, startServer } from "./server-process";

const PORT = Number(process.env.DRILL_PORT ?? 3470);
const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 5);
const SIZE = 60 * 1024 * 1024;

/** POSTs `size` bytes of form data in 64 KB pieces, declared up front or chunked. */
function post(base: string, path: string, size: number, declared: boolean, type = "application/x-www-form-urlencoded"): Promise<number | string> {
  return new Promise((resolve) => {
    const piece = Buffer.alloc(64 * 1024, "a");
    const request = http.request(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": type, ...(declared ? { "Content-Length": size } : { "Transfer-Encoding": "chunked" }) },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on("error", (error) => {
      if (!answered) resolve(`connection closed (${(error as NodeJS.ErrnoException).code ?? error.message})`);
    });
    let sent = 0;
    const write = () => {
      while (sent < size && !request.destroyed) {
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

const server = await startServer(PORT);
try {
  const pid = server.child.pid!;
  const before = rssOf(pid);
  const cases: [string, () => Promise<number | string>][] = [
    ["60 MB form, length declared", () => post(server.base, "/contact", SIZE, true)],
    ["60 MB form, chunked", () => post(server.base, "/contact", SIZE, false)],
    ["60 MB multipart, chunked", () => post(server.base, "/admin/images/upload", SIZE, false, "multipart/form-data; boundary=x")],
    ["60 MB JSON", () => post(server.base, "/contact", SIZE, true, "application/json")],
  ];
  let peak = before ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid) ?? 0)), 20);
  console.log(`Server resident memory at start: ${megabytes(before)}; ${ROUNDS} rounds of each`);
  for (const [name, send] of cases) {
    const answers = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) answers.add(String(await send()));
    console.log(`${name.padEnd(32)} answered ${[...answers].join(", ")}`);
  }
  clearInterval(sampler);
  const health = await fetch(`${server.base}/healthz`);
  console.log(`Peak resident memory during the drill: ${megabytes(peak)}; after: ${megabytes(rssOf(pid))}; /healthz ${health.status}`);
} finally {
  server.stop();
}
