import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db.server";
import { answerWhileClosed, MaintenanceError, underMaintenance, whileClosed } from "~/server/maintenance.server";

// While a backup is put back from the admin the site is closed: every request gets the
// short page, and nothing reopens the database under the files being swapped.

let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => answerWhileClosed(req, res, () => res.end("the site")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the site closed while a backup goes in", () => {
  it("answers every request with the short page, then serves again", async () => {
    expect(await (await fetch(`${base}/about`)).text()).toBe("the site");
    await whileClosed(async () => {
      for (const path of ["/", "/admin/leads", "/healthz"]) {
        const answer = await fetch(base + path);
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("30");
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(await answer.text()).toContain("<h1>Back in a minute</h1>");
      }
    });
    expect((await fetch(`${base}/about`)).status).toBe(200);
  });

  it("keeps the database closed meanwhile, and opens the site again when the work fails", async () => {
    getDb();
    await expect(
      whileClosed(async () => {
        expect(() => getDb()).toThrow(MaintenanceError);
        throw new Error("the copy failed");
      }),
    ).rejects.toThrow("the copy failed");
    expect(underMaintenance()).toBe(false);
    expect(() => getDb()).not.toThrow();
  });

  it("takes one restore at a time", async () => {
    let release = () => {};
    const first = whileClosed(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(whileClosed(async () => {})).rejects.toThrow(MaintenanceError);
    release();
    await first;
  });
});
