// What `npm run bench` and `npm run bench:nginx` share: the page types, the load
// generator (autocannon, 50 keep-alive connections) and the table they print.
import autocannon from "autocannon";
import fs from "node:fs";
import http from "node:http";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const PAGE_TYPES: [string, string][] = [
  ["home", "/"],
  ["service", "/services/residential-roofing-wichita"],
  ["area", "/wellington-framing-roofing-services"],
  ["portfolio", "/portfolio"],
  ["contact", "/contact"],
  ["not found", "/no-such-page"],
];

/**
 * The nearest-rank percentile of sorted times: the smallest at or above which p% of them
 * fall (the 95th of 20 is the 19th, not the slowest; with fewer than 20 it is the slowest).
 */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p * sorted.length) / 100) - 1))];
export const ms = (n: number) => `${n.toFixed(1)} ms`;

export const DAY = 24 * 60 * 60 * 1000;
/** An instant's UTC day, "YYYY-MM-DD". */
export const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The reports as the scale benches time them at `now`: the Leads & sales report for a month,
 * the busiest year and all ten years (by year), and the Money report for a month and a year.
 */
export function reportPages(now: number): { label: string; path: string }[] {
  const year = new Date(now).getUTCFullYear();
  return [
    { label: "Reports, this month", path: "/admin/reports" },
    { label: "Reports, last year", path: `/admin/reports?period=year&year=${year - 1}` },
    {
      label: "Reports, ten years",
      path: `/admin/reports?period=range&from=${dayOf(now - 3650 * DAY)}&to=${dayOf(now)}`,
    },
    { label: "Money report, month", path: "/admin/reports/money" },
    { label: "Money report, year", path: `/admin/reports/money?period=year&year=${year}` },
  ];
}

export type Load = { rps: number; p50: number; p99: number; bytes: number; errors: number };

/** CONNECTIONS keep-alive connections for SECONDS against one URL. */
export async function load(url: string, encoding: false | "br" | "gzip"): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: encoding ? { "accept-encoding": encoding } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    errors: result.errors + result.timeouts + (result.non2xx - (url.endsWith("/no-such-page") ? result.non2xx : 0)),
  };
}

/** What the app sends for each page, raw and brotli, to be replayed by a server without a framework. */
export type Captured = {
  path: string;
  raw: string;
  rawHeaders: Record<string, string>;
  br: string;
  brHeaders: Record<string, string>;
};
export async function capture(base: string, file: string): Promise<Captured[]> {
  const pages: Captured[] = [];
  for (const [, page] of PAGE_TYPES) {
    // node:http, not fetch: the bytes as sent, never decompressed.
    const variant = (br: boolean) =>
      new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
        http
          .get(base + page, { headers: { "Accept-Encoding": br ? "br" : "identity" } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => {
              const headers: Record<string, string> = {};
              for (const [k, v] of Object.entries(res.headers)) {
                if (typeof v === "string" && !["date", "connection", "keep-alive", "transfer-encoding"].includes(k))
                  headers[k] = v;
              }
              resolve({ body: Buffer.concat(chunks), headers });
            });
            res.on("error", reject);
          })
          .on("error", reject);
      });
    const raw = await variant(false);
    const br = await variant(true);
    pages.push({
      path: page,
      raw: raw.body.toString("base64"),
      rawHeaders: raw.headers,
      br: br.body.toString("base64"),
      brHeaders: br.headers,
    });
  }
  fs.writeFileSync(file, JSON.stringify(pages));
  return pages;
}

export function row(cells: (string | number)[], widths: number[]) {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" ");
}

export const LOAD_WIDTHS = [12, 6, 9, 9, 7, 9, 9, 9];
/** One line of the table: the app, the yardstick, their ratio, then the app's latency and size. */
export function printLoad(label: string, encoding: string, app: Load, yardstick: Load) {
  console.log(
    row(
      [
        label,
        encoding,
        app.rps.toFixed(0),
        yardstick.rps.toFixed(0),
        `${(app.rps / yardstick.rps).toFixed(2)}x`,
        ms(app.p50),
        ms(app.p99),
        app.bytes.toFixed(0),
      ],
      LOAD_WIDTHS,
    ) + (app.errors ? `  (${app.errors} errors)` : ""),
  );
}
