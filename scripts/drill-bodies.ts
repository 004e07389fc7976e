// npm run drill:bodies
// Sends the server oversize and malformed bodies and reports what it answered and how
// much memory it held: a 60 MB form must be refused (413) without being read whole, and
// the process must still answer afterwards. Then a signed-in post of a few bytes naming a
// far index of a form's list (`lines[9999]`, `hours[2999]`): it must be refused small and
// at once, not rendered back with a row per index. Numbers are printed, nothing is asserted.
import http from "node:http";
import { megabytes, rssOf, signIn, startServer } from "./server-process";

const PORT = Number(process.env.DRILL_PORT ?? 3470);
const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 5);
const SIZE = 60 * 1024 * 1024;

/** POSTs `size` bytes of form data in 64 KB pieces, declared up front or chunked. */
function post(
  base: string,
  path: string,
  size: number,
  declared: boolean,
  type = "application/x-www-form-urlencoded",
): Promise<number | string> {
  return new Promise((resolve) => {
    const piece = Buffer.alloc(64 * 1024, "a");
    const request = http.request(`${base}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": type,
        ...(declared ? { "Content-Length": size } : { "Transfer-Encoding": "chunked" }),
      },
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

/** A signed-in form post that must be answered with a redirect: where it leads. */
async function postForRedirect(
  base: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const to = res.headers.get("location");
  if (!to) throw new Error(`POST ${path} answered ${res.status} without a redirect`);
  return to;
}

/** A lead written down by hand, measured and estimated: the page whose estimate form posts lines. */
async function estimatedLead(base: string, cookie: string): Promise<string> {
  const lead = new URL(
    await postForRedirect(base, "/admin/messages/new", cookie, {
      name: "Drill Lead",
      phone: "316-555-0100",
      message: "A roof to estimate",
      preferredContact: "call",
    }),
    base,
  ).pathname;
  const tool = new URL(await postForRedirect(base, lead, cookie, { intent: "measure" }), base);
  const customer = tool.searchParams.get("customer") ?? "";
  await postForRedirect(base, "/admin/roof-measurement", cookie, {
    intent: "save",
    id: customer,
    street: "1 Elm St",
    city: "Wichita",
    length: "40",
    width: "30",
    pitch: "6",
  });
  await postForRedirect(base, lead, cookie, {
    intent: "make-estimate",
    tier: "better",
    wastePercent: "10",
    tearOffLayers: "1",
  });
  return lead;
}

/** A small signed-in form post: its status, the bytes of the answer, and how long it took. */
async function timedPost(base: string, path: string, cookie: string, body: string) {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body,
    redirect: "manual",
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  return `${res.status}, ${bytes.toLocaleString("en-US")} bytes of answer in ${((performance.now() - start) / 1000).toFixed(2)} s (a ${body.length}-byte post)`;
}

const server = await startServer(PORT);
try {
  const pid = server.child.pid!;
  const before = rssOf(pid);
  const cases: [string, () => Promise<number | string>][] = [
    ["60 MB form, length declared", () => post(server.base, "/contact", SIZE, true)],
    ["60 MB form, chunked", () => post(server.base, "/contact", SIZE, false)],
    [
      "60 MB multipart, chunked",
      () => post(server.base, "/admin/images/upload", SIZE, false, "multipart/form-data; boundary=x"),
    ],
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
  const cookie = await signIn(server.base);
  const lead = await estimatedLead(server.base, cookie);
  const far = (name: string, fields: string[], extra: string) =>
    [...fields.map((f) => `${name}.${f}=1`), extra].join("&");
  console.log(
    `lines[9999] to save-estimate      answered ${await timedPost(server.base, lead, cookie, far("lines[9999]", ["label", "quantity", "unitPrice"], "intent=save-estimate"))}`,
  );
  console.log(
    `hours[2999] to business details    answered ${await timedPost(server.base, "/admin/contact", cookie, far("hours[2999]", ["label", "opens", "closes"], "intent=save-business-facts"))}`,
  );
  const health = await fetch(`${server.base}/healthz`);
  console.log(
    `Peak resident memory during the drill: ${megabytes(peak)}; after: ${megabytes(rssOf(pid))}; /healthz ${health.status}`,
  );
} finally {
  server.stop();
}
