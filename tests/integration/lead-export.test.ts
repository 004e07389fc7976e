import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { createLead } from "~/models/lead.server";
import { getDb } from "~/server/db.server";
import { loader } from "~/routes/resources/leads-csv";

// The leads CSV is written as it is read (decision 0054), with the same bytes as before (and a
// byte-order mark first since session 17).
let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const download = async () => {
  const response = (await loader(
    routeArgs(new Request("http://site.test/admin/leads/export.csv", { headers: { Cookie: cookie } })),
  )) as Response;
  const bytes = Buffer.from(await response.arrayBuffer());
  // Excel on Windows reads a CSV as UTF-8 only after a byte-order mark (response.text() would
  // drop it silently, so the bytes are checked).
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { response, text: bytes.subarray(3).toString("utf8") };
};
const HEADER =
  "received,name,email,phone,message,notification,autoresponder,read,archived,service,street,city,zip,preferred contact,photos,status,follow up on,lost reason,invoiced,paid,owed,job value";

describe("the leads CSV, streamed", () => {
  it("writes each lead as the export always did: quoting, defused formulas, mail states, the phone as the admin shows it", async () => {
    const db = getDb().$client;
    const site = createLead({
      name: 'Smith, "Bob"',
      email: "bob@example.com",
      phone: "620 555 0142",
      message: "Two lines:\nhail",
      service: "Roof Repairs",
      street: "9 Elm",
      city: "Derby",
      zip: "67037",
      preferredContact: "text",
    });
    // 18:37 UTC on a November day is 12:37 PM in Kansas: the file says the office's time (decision 0078).
    db.prepare("update leads set created_at = ? where id = ?").run(Date.UTC(2026, 10, 28, 18, 37, 9), site.id);
    db.prepare(
      "insert into leads (name, email, message, source, status, lost_reason, follow_up_on, read_at, archived_at, created_at) values ('Ann', 'ann@example.com', 'Called', 'phone', 'lost', '=HYPERLINK(1)', '2026-12-01', 1, 1, ?)",
    ).run(Date.UTC(2026, 9, 31, 15));
    const { response, text } = await download();
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(text).toBe(
      [
        HEADER,
        '2026-11-28 12:37 PM CST,"Smith, ""Bob""",bob@example.com,(620) 555-0142,"Two lines:\nhail",pending,pending,no,no,Roof Repairs,9 Elm,Derby,67037,Text,0,New,,,,,,',
        "2026-10-31 10:00 AM CDT,Ann,ann@example.com,,Called,skipped,skipped,yes,yes,,,,,,0,Lost,2026-12-01,'=HYPERLINK(1),,,,",
        "",
      ].join("\r\n"),
    );
  });

  it("lists every lead once, newest first, across many batches and equal times", async () => {
    const db = getDb().$client;
    db.prepare("delete from leads").run();
    const insert = db.prepare(
      "insert into leads (name, email, message, created_at) values (?, 'x@example.com', 'm', ?)",
    );
    db.transaction(() => {
      // Three moments only, one with a fraction of a millisecond as the default writes them:
      // the batches' edges fall among leads of the same time.
      for (let i = 0; i < 1_234; i++)
        insert.run(`Lead ${i}`, Date.UTC(2026, 0, 1 + (i % 3)) + (i % 3 === 1 ? 0.25 : 0));
    })();
    const expected = db.prepare("select name from leads order by created_at desc, id desc").pluck().all();
    const { text } = await download();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(HEADER);
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1).map((l) => l.split(",")[1])).toEqual(expected);
  });

  it("says what each job was invoiced, has paid and still owes, from sent invoices only", async () => {
    const db = getDb().$client;
    const lead = createLead({ name: "Wanda Won", email: "wanda@example.com", phone: null, message: "Reroof" });
    db.prepare("update leads set created_at = ? where id = ?").run(Date.UTC(2030, 0, 1), lead.id);
    const invoice = db.prepare(
      "insert into invoices (lead_id, kind, state, number, lines, subtotal_cents, total_cents, paid_cents) values (?, ?, ?, ?, '[]', ?, ?, ?)",
    );
    invoice.run(lead.id, "deposit", "paid", 901, 300_000, 300_000, 300_000);
    invoice.run(lead.id, "progress", "partly_paid", 902, 500_050, 500_050, 100_000);
    invoice.run(lead.id, "progress", "void", 903, 99_900, 99_900, 0);
    invoice.run(lead.id, "final", "draft", null, 123_400, 123_400, 0);
    const { text } = await download();
    const row = text.split("\r\n").find((line) => line.includes("Wanda Won"))!;
    // No proposal was accepted (nor an estimate made): no job value.
    expect(row.split(",").slice(-4)).toEqual(["8000.50", "4000.00", "4000.50", ""]);
  });

  it("answers a visitor who is not signed in with 401 and no data", async () => {
    const refused = await loader(routeArgs(new Request("http://site.test/admin/leads/export.csv"))).catch(
      (r: Response) => r,
    );
    expect((refused as Response).status).toBe(401);
  });
});
