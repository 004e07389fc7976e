import type { APIResponse } from "@playwright/test";
import net from "node:net";
import { adminSessionCookie, expect, test } from "./fixtures";
import { BOUNDARY as boundary, FORM, multipart, MULTIPART, sweep, type HostileBody } from "./hostile-bodies";
import { test as siteTest } from "./own-site";
import { adminAccess, NO_INTENT, type AdminRouteId } from "../../app/lib/access";

// Hostile input against the real production server: no request may stop it or earn a
// 5xx. These speak HTTP directly, so they run once (desktop, scripts on).

/** Sends raw bytes over a socket and returns what came back before the server closed or went quiet. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(3000, () => socket.destroy());
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      // One answer is all we want; keep-alive would otherwise hold the socket open.
      if (/\r\n\r\n/.test(answer)) socket.end();
    });
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.on("close", () => resolve(answer));
    socket.write(bytes, "latin1");
  });
}

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);

test("@desktop @js odd methods and malformed requests are answered, and the server keeps serving", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  const cases: [string, (status: number) => boolean][] = [
    ["TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s === 405],
    ["TRACE /contact HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", (s) => s === 405],
    ["CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s === 405],
    ["TRACK / HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s === 501],
    ["BREW / HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s === 501],
    ["PUT /admin HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s === 405],
    ["DELETE /contact HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s === 405],
    ["OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s >= 400 && s < 500],
    ["GET / HTTP/1.1\r\nHost: bad host/\\@\r\n\r\n", (s) => s >= 200 && s < 500],
    ["GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s >= 200 && s < 500],
    ["GET //evil.example/..%2f HTTP/1.1\r\nHost: x\r\n\r\n", (s) => s >= 200 && s < 500],
    [
      "POST /contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 999\r\n\r\nname=a",
      (s) => s === 0 || (s >= 400 && s < 500),
    ],
    [
      "POST /contact HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\nzz\r\n",
      (s) => s === 0 || (s >= 400 && s < 500),
    ],
  ];
  for (const [request, ok] of cases) {
    const status = statusOf(await raw(port, request));
    expect(ok(status), `${JSON.stringify(request.split("\r\n")[0])} answered ${status}`).toBe(true);
  }
  const health = await raw(port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect(statusOf(health)).toBe(200);
});

// Every place that takes a POST (and the `.data` form scripts use), with the route whose post
// table in app/lib/access.ts lists the intents its forms send: each is tried with ids that name
// nothing, beside a made-up intent and one named like a prototype's property.
const ACTIONS: [path: string, routeId: AdminRouteId | null][] = [
  ["/contact", null],
  ["/contact.data", null],
  ["/contact/send", null],
  ["/admin/login", null],
  ["/admin", "routes/admin/dashboard"],
  ["/admin.data", "routes/admin/dashboard"],
  ["/admin/projects", "admin-projects"],
  ["/admin/projects.data", "admin-projects"],
  ["/admin/projects/roofing", "admin-projects-category"],
  ["/admin/images", "routes/admin/image-library"],
  ["/admin/images.data", "routes/admin/image-library"],
  ["/admin/contact", "routes/admin/contact"],
  ["/admin/contact.data", "routes/admin/contact"],
  ["/admin/testimonials", "routes/admin/testimonial-list"],
  ["/admin/testimonials.data", "routes/admin/testimonial-list"],
  ["/admin/roof-measurement", "routes/admin/roof-measurement"],
  ["/admin/roof-measurement.data", "routes/admin/roof-measurement"],
  ["/admin/leads", "routes/admin/lead-list"],
  ["/admin/leads.data", "routes/admin/lead-list"],
  ["/admin/leads/1", "routes/admin/lead"],
  ["/admin/leads/1.data", "routes/admin/lead"],
  ["/admin/leads/abc", "routes/admin/lead"],
  ["/admin/leads/1/photos", "routes/admin/lead-job-photos"],
  ["/admin/leads/1/photos.data", "routes/admin/lead-job-photos"],
  ["/admin/leads/1/notes", "routes/admin/lead-job-notes"],
  ["/admin/leads/1/notes.data", "routes/admin/lead-job-notes"],
  ["/admin/leads/1/texts", "routes/admin/lead-texts"],
  ["/admin/leads/1/texts.data", "routes/admin/lead-texts"],
  ["/admin/leads/1/claim", "routes/admin/lead-claim"],
  ["/admin/leads/1/claim.data", "routes/admin/lead-claim"],
  ["/admin/leads/new", "routes/admin/new-lead"],
  ["/admin/leads/new.data", "routes/admin/new-lead"],
  ["/admin/leads/pipeline", "routes/admin/pipeline"],
  ["/admin/reports/accountant", "routes/admin/accountant-export"],
  ["/admin/reports/accountant.data", "routes/admin/accountant-export"],
  ["/admin/schedule", "routes/admin/schedule"],
  ["/admin/reports", "routes/admin/reports"],
  ["/admin/reports/money", "routes/admin/reports-money"],
  ["/admin/visits/1/on-my-way", "routes/admin/visit-on-my-way"],
  ["/admin/visits/1/on-my-way.data", "routes/admin/visit-on-my-way"],
  // The team's pages: the signed-in ones, and those reached before a session.
  ["/admin/team", "routes/admin/team"],
  ["/admin/team.data", "routes/admin/team"],
  ["/admin/account", "routes/admin/account"],
  ["/admin/account/two-step", "routes/admin/two-step"],
  ["/admin/site/pictures", "routes/admin/site-pictures"],
  ["/admin/site/words", "routes/admin/site-words"],
  ["/admin/go-live", "routes/admin/go-live"],
  ["/admin/backups", "routes/admin/backups"],
  ["/admin/login/code", null],
  ["/admin/forgot-password", null],
  [`/admin/reset-password/${"A".repeat(43)}`, null],
  [`/admin/invitation/${"A".repeat(43)}`, null],
  ["/admin/pricing", "routes/admin/pricing"],
  ["/admin/pricing.data", "routes/admin/pricing"],
  ["/admin/images/upload", "routes/resources/image-upload"],
  ["/proposal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", null],
  ["/proposal/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.data", null],
  ["/proposal/not-a-token", null],
  // A homeowner's review link: unknown, and shaped like a real token.
  ["/review/abc", null],
  [`/review/${"A".repeat(43)}`, null],
  [`/review/${"A".repeat(43)}.data`, null],
  // Twilio's webhooks: believed only with its signature, so every hostile body is refused unread or unsigned.
  ["/webhooks/twilio/sms", null],
  ["/webhooks/twilio/status", null],
];
/** The intents a route's forms send, and two no form sends. */
const intentsOf = (routeId: AdminRouteId | null) => [
  ...Object.keys((routeId && adminAccess(routeId).post) || {}).filter((intent) => intent !== NO_INTENT),
  "made-up",
  "__proto__",
];
const BAD_BODIES: HostileBody[] = [
  ["JSON", "application/json", '{"name":"x"}'],
  ["plain text", "text/plain", "name=x"],
  ["no content type", null, "name=x"],
  ["empty form", FORM, ""],
  ["garbled form", FORM, "%zz=%%&&==&intent"],
  ["multipart without boundary", "multipart/form-data", "--x\r\n"],
  ["truncated multipart", MULTIPART, `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished`],
  ["multipart with a broken part header", MULTIPART, `--${boundary}\r\nnot a header\r\n\r\nx\r\n--${boundary}--\r\n`],
  [
    "too many files",
    MULTIPART,
    multipart([
      ["a", "x", "a.png"],
      ["b", "x", "b.png"],
      ["c", "x", "c.png"],
    ]),
  ],
  [
    "a text file called .png",
    MULTIPART,
    multipart([
      ["intent", "upload"],
      ["file", "<html>hi</html>", "a.png"],
    ]),
  ],
  ["a 100 KB field", FORM, `message=${"a".repeat(100_000)}`],
];
const intentBodies = (intents: string[]): HostileBody[] =>
  intents.flatMap((intent): [string, string, string][] => [
    [`${intent} with an unknown id`, FORM, `intent=${intent}&id=999999`],
    [`${intent} with a non-numeric id`, FORM, `intent=${intent}&id=abc&rating=99`],
    [
      `${intent} as multipart with an unknown id`,
      MULTIPART,
      multipart([
        ["intent", intent],
        ["id", "-1"],
      ]),
    ],
  ]);

// Pages a person reaches before signing in, and Twilio's webhooks (believed by their signature,
// not a session). Signed out, every other action sends the request to sign in before it reads
// an intent, so only the bodies themselves are tried there.
const BEFORE_SIGN_IN =
  /^\/(contact|proposal|review|webhooks)\b|^\/admin\/(login|forgot-password|reset-password|invitation)\b/;

/**
 * A redirect to the sign-in page (in a `.data` answer, inside the body), 401 from the upload
 * endpoint, or a body refused by its type or size before any route sees it.
 */
async function sentToSignIn(res: APIResponse) {
  if ([401, 413, 415].includes(res.status())) return true;
  if (res.status() === 202) return (await res.text()).includes("/admin/login");
  return [302, 303].includes(res.status()) && (res.headers().location ?? "").includes("/admin/login");
}

// On a site of its own: the intents are the forms' real ones, and some act with no id at all
// (remove the demo content, sign out other devices, clear the maps key, back up now).
siteTest(
  "@desktop @js every action answers bad bodies with a 4xx or a redirect, never a 5xx",
  async ({ playwright, ownSite }) => {
    // About 2,500 requests, one after another (most of a minute on a loaded 2-core machine).
    siteTest.setTimeout(540_000);
    const { baseURL } = ownSite;
    const failures = await sweep(playwright, {
      baseURL,
      session: await ownSite.sessionCookie(),
      places: (signedIn) =>
        ACTIONS.map(([path, routeId]) => [
          path,
          signedIn || BEFORE_SIGN_IN.test(path) ? [...BAD_BODIES, ...intentBodies(intentsOf(routeId))] : BAD_BODIES,
        ]),
      check: async (res, path, signedIn) =>
        !signedIn && !BEFORE_SIGN_IN.test(path) && !(await sentToSignIn(res))
          ? `${res.status()}, signed out, and not sent to sign in:`
          : null,
    });
    expect(failures).toEqual([]);
  },
);

test("@desktop @js bodies are refused by size, before or while they stream in (413), and by type (415)", async ({
  baseURL,
  request,
}) => {
  const port = Number(new URL(baseURL!).port);
  const post = (path: string, headers: string, body: string) =>
    raw(port, `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n${body}`);
  // Declared sizes are refused before a byte of the body is read.
  expect(
    statusOf(
      await post(
        "/contact",
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 62914560\r\n",
        "name=a",
      ),
    ),
  ).toBe(413);
  expect(
    statusOf(
      await post(
        "/admin/images/upload",
        `Content-Type: ${MULTIPART}\r\nContent-Length: 26214400\r\n`,
        `--${boundary}\r\n`,
      ),
    ),
  ).toBe(413);
  // A body sent in chunks with no declared size is cut off at the cap while it streams.
  const chunk = "a".repeat(32 * 1024);
  const chunked =
    Array.from({ length: 4 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("") + "0\r\n\r\n";
  const streamed = await post(
    "/contact",
    "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n",
    chunked,
  );
  expect(statusOf(streamed)).toBe(413);
  // The contact form may carry five 10 MB photos, and no more.
  expect(
    statusOf(await post("/contact", `Content-Type: ${MULTIPART}\r\nContent-Length: 62914560\r\n`, `--${boundary}\r\n`)),
  ).toBe(413);
  expect(
    statusOf(
      await post("/contact/send", `Content-Type: ${MULTIPART}\r\nContent-Length: 62914560\r\n`, `--${boundary}\r\n`),
    ),
  ).toBe(413);
  const json = await request.post("/contact", { headers: { "Content-Type": "application/json" }, data: "{}" });
  expect(json.status()).toBe(415);
  expect((await request.get("/healthz")).status()).toBe(200);
});

test("@desktop @js security headers: CSP with script hashes on every page, admin pages never cached", async ({
  request,
}) => {
  const session = await adminSessionCookie();
  for (const path of [
    "/",
    "/portfolio",
    "/contact",
    "/services/residential-roofing-wichita",
    "/no-such-page",
    "/admin/login",
  ]) {
    const res = await request.get(path);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'self'");
  }
  expect((await request.get("/admin/login")).headers()["cache-control"]).toContain("no-store");
  for (const path of [
    "/admin",
    "/admin/images",
    "/admin/contact",
    "/admin/testimonials",
    "/admin/roof-measurement",
    "/admin/leads",
  ]) {
    const res = await request.get(path, { headers: { Cookie: `__session=${session}` }, maxRedirects: 0 });
    expect(res.headers()["cache-control"], path).toContain("no-store");
  }
  const data = await request.get("/admin/testimonials.data", { headers: { Cookie: `__session=${session}` } });
  expect(data.headers()["cache-control"]).toContain("no-store");
});

test("@desktop @js a script slipped into a page does not run, and the browser reports it", async ({ browser }) => {
  // A page of its own, outside the fixture that fails tests on any CSP report.
  const page = await browser.newPage();
  const reports: string[] = [];
  page.on("console", (message) => reports.push(message.text()));
  await page.goto("/");
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as Window & { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect(reports.some((text) => /Content Security Policy/.test(text))).toBe(true);
  await page.close();
});

/** A multipart body with text fields and one file of `size` bytes. */
function multipartWithFile(fields: Record<string, string>, file: { field: string; size: number }) {
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  return Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(file.size, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * Two requests on one connection, the second right behind the first: everything the
 * server sent until it closed the connection (the second asks it to).
 */
function twoOnOneConnection(port: number, first: Buffer, second: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    // Only so that a server that never answers cannot hold the test: what came back decides.
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
    socket.write(first);
    socket.write(second);
  });
}

// Decision 0033: a picture over 10 MB was refused (413) as the parser met it, and the
// rest of its body was left unread on a connection still kept alive: the next request on
// it got no answer and was reset about 6 s later (the owner's next page, in a browser).
test("@desktop @js an oversize picture to any upload place is refused, and the same connection answers the next request", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  const cookie = `__session=${await adminSessionCookie()}`;
  const places: [path: string, fields: Record<string, string>, field: string][] = [
    ["/admin/images", { intent: "upload-image", alt: "" }, "file"],
    ["/admin/images/upload", { alt: "" }, "file"],
    [
      "/admin/projects/roofing",
      { intent: "save-project", title: "Big", category: "roofing", description: "Too big" },
      "image",
    ],
    ["/admin/roof-measurement", { intent: "save", street: "1 Elm St", city: "Derby" }, "topImage"],
  ];
  for (const [path, fields, field] of places) {
    // Within the form's cap (two pictures), so it is read until the picture passes 10 MB: 9 MB are left unread.
    const body = multipartWithFile(fields, { field, size: 19 * 1024 * 1024 });
    const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await twoOnOneConnection(
      port,
      Buffer.concat([Buffer.from(head), body]),
      "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses, path).toEqual([413, 200]);
    expect(answer, path).toContain("Image size should be less than 10MB");
  }
});

// Decision 0033: a few bytes naming a far row of a list were refused and then rendered
// back with a row per index: hours[2999] made 9.5 MB of HTML. A short 400 now, by the page.
test("@desktop @js a post naming a far row of a form's list is a short 400, and the page says why", async ({
  baseURL,
}) => {
  const cookie = `__session=${await adminSessionCookie()}`;
  const body = "intent=save-contact-page&hours[1999].label=x&hours[1999].opens=08:00&hours[1999].closes=17:00";
  const refused = await fetch(`${baseURL}/admin/contact`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": FORM },
    body,
  });
  expect(refused.status).toBe(400);
  const page = await refused.text();
  expect(page).toContain("The form has more rows than it can take.");
  // The page around the message, not a row per index (a few kilobytes, where it was megabytes).
  expect(Buffer.byteLength(page)).toBeLessThan(100_000);
});

// A multipart body's boundary may stand anywhere among its parameters. The early refusal
// wanted it first, while the body cap and the readers took it anywhere: the same form got
// the multipart cap and then a 415.
test("@desktop @js a multipart form with its boundary after another parameter is read, and capped, as any other", async ({
  baseURL,
}) => {
  const port = Number(new URL(baseURL!).port);
  const type = `multipart/form-data; charset=utf-8; boundary=${boundary}`;
  const form = await fetch(`${baseURL}/contact/send`, {
    method: "POST",
    headers: { "Content-Type": type },
    body: multipart([
      ["name", "Pat"],
      ["email", "not an address"],
    ]),
  });
  // The quote form's own answer: what is wrong with the fields, as JSON for its script.
  expect(form.status).toBe(400);
  expect(form.headers.get("content-type")).toMatch(/json/);
  const declared = await raw(
    port,
    `POST /admin/images/upload HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 26214400\r\n\r\n--${boundary}\r\n`,
  );
  expect(statusOf(declared)).toBe(413);
});

/** A body sent in chunks of 1 MB, with no declared length, and the request line and headers before it. */
function chunkedPost(path: string, headers: string, body: Buffer) {
  const pieces: Buffer[] = [
    Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}Transfer-Encoding: chunked\r\n\r\n`),
  ];
  for (let at = 0; at < body.length; at += 1024 * 1024) {
    const piece = body.subarray(at, at + 1024 * 1024);
    pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(pieces);
}

// The rest of a body answered early is dropped up to the body cap (20 MB here), counting
// what was read before the answer: a body in chunks (no declared size to refuse) was read
// to the 10 MB where the picture was refused and then up to 20 MB more.
test("@desktop @js a body in chunks answered early is read no further than its cap in all", async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const cookie = `__session=${await adminSessionCookie()}`;
  const next = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  const statuses = (answer: string) => [...answer.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  const upload = (size: number) =>
    twoOnOneConnection(
      port,
      chunkedPost(
        "/admin/images",
        `Cookie: ${cookie}\r\nContent-Type: ${MULTIPART}\r\n`,
        multipartWithFile({ intent: "upload-image", alt: "" }, { field: "file", size }),
      ),
      next,
    );
  // 15 MB in all, within the cap: refused at 10 MB, the rest dropped, the next request answered.
  expect(statuses(await upload(15 * 1024 * 1024))).toEqual([413, 200]);
  // 25 MB in all, past the cap: the connection is dropped rather than read to the end.
  expect(statuses(await upload(25 * 1024 * 1024))).not.toContain(200);
  expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);
});
