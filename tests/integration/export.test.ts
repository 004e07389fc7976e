import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "./admin-session";
import { downloadExport } from "./export-csv";
import { csvRows } from "../csv-rows";
import { images, invoices, leadPhotos, payments, roofCustomers, users, visits } from "~/db/schema";
import { EXPORT_FILES } from "~/lib/export-files";
import { actorOf } from "~/lib/actor";
import { createLead, updateLead } from "~/models/lead.server";
import { getSetting, setSetting } from "~/models/settings.server";
import { upsertUser } from "~/models/user.server";
import { getDb } from "~/server/db.server";
import { privateUploadsDir } from "~/server/storage.server";
import { seedDemoContent } from "~/services/seed.server";

// No lock-in (decision 0059). The owner downloads one .zip with a CSV per kind of record and
// every picture; secrets stay behind; the README explains every column it has.

let cookie = "";
let out = "";
let leadId = 0;
let secret = "";

/** A CSV of the export, as rows of cells. */
const csv = (file: string): string[][] => csvRows(fs.readFileSync(path.join(out, file), "utf8"));

beforeAll(async () => {
  cookie = await signedInOwner();
  await seedDemoContent();
  const { user } = await upsertUser("kim@example.com", "kim-password-123", { name: "Kim Ruiz" });
  getDb().update(users).set({ role: "office" }).where(eq(users.id, user.id)).run();
  const lead = createLead({
    name: "Karen Miller",
    email: "karen@example.com",
    phone: "316-555-0188",
    message: "Hail damage",
    city: "Derby",
    textConsent: true,
  });
  leadId = lead.id;
  updateLead(
    lead.id,
    { status: "contacted", lostReason: null, followUpOn: "2026-12-01", note: "Called back" },
    actorOf({ userId: user.id, name: "Kim Ruiz", email: "kim@example.com" }),
  );
  fs.mkdirSync(privateUploadsDir, { recursive: true });
  fs.writeFileSync(path.join(privateUploadsDir, "aaaaaaaaaaaaaaaaaaaaaaaa.jpg"), "a photo of the roof");
  getDb()
    .insert(leadPhotos)
    .values({
      leadId: lead.id,
      storedName: "aaaaaaaaaaaaaaaaaaaaaaaa.jpg",
      originalName: "IMG_0001.jpg",
      contentType: "image/jpeg",
      width: 10,
      height: 10,
      bytes: 19,
    })
    .run();
  const roof = getDb()
    .insert(images)
    .values({
      storedName: "bbbbbbbbbbbbbbbbbbbbbbbb.jpg",
      originalName: "top.jpg",
      contentType: "image/jpeg",
      bytes: 5,
      alt: "top view",
      purpose: "roof",
    })
    .returning()
    .get();
  fs.writeFileSync(path.join(privateUploadsDir, roof.storedName), "roof!");
  getDb()
    .insert(roofCustomers)
    .values({
      customerName: "Karen Miller",
      street: "412 N Main St",
      city: "Derby",
      state: "KS",
      area: 1342,
      pitch: 6,
      topImageId: roof.id,
      leadId: lead.id,
    })
    .run();
  // The job's schedule and money too: a work day at 8:00 AM Kansas time (14:00 UTC in
  // December), a $1,234.50 invoice paid by a check of $1,000 and $34.50 online: what is owed
  // is left in the file.
  getDb()
    .insert(visits)
    .values({
      leadId: lead.id,
      kind: "work_day",
      startsAt: new Date("2026-12-08T14:00:00Z"),
      durationMinutes: 480,
      assigneeId: user.id,
      createdBy: user.id,
    })
    .run();
  const invoice = getDb()
    .insert(invoices)
    .values({
      leadId: lead.id,
      number: 7,
      kind: "deposit",
      state: "partly_paid",
      lines: [{ description: "Deposit", amountCents: 123_450 }],
      subtotalCents: 123_450,
      totalCents: 123_450,
      paidCents: 103_450,
      dueOn: "2026-12-15",
      createdBy: user.id,
    })
    .returning()
    .get();
  getDb()
    .insert(payments)
    .values([
      {
        invoiceId: invoice.id,
        method: "check",
        amountCents: 100_000,
        checkNumber: "1042",
        receivedOn: "2026-12-02",
        recordedBy: user.id,
      },
      {
        invoiceId: invoice.id,
        method: "online",
        amountCents: 3_450,
        receivedOn: "2026-12-03",
        stripeSessionId: "cs_test_123",
      },
    ])
    .run();
  setSetting("maps", { apiKey: "AIzaSyA-a-key-the-owner-pays-for-123", publisherTag: null });
  secret = getSetting("secrets").sessionSecret ?? "";

  const exported = await downloadExport(cookie);
  out = exported.folder;
  expect(exported.headers.get("Content-Type")).toBe("application/zip");
  expect(exported.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="site-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
});

describe("Export everything", () => {
  it("holds one CSV per kind of record, each with the columns the README explains", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const section = readme.slice(readme.indexOf("## Export everything"), readme.indexOf("## Put it on the internet"));
    for (const { file, columns } of EXPORT_FILES) {
      expect(csv(file)[0], file).toEqual(columns.map(([name]) => name));
      expect(section, file).toContain(`**\`${file}\`**`);
      for (const [name, meaning] of columns)
        expect(section, `${file} ${name}`).toContain(`| \`${name}\` | ${meaning} |`);
    }
  });

  it("has the leads with their history, naming the person who wrote each entry", () => {
    const [header, ...rows] = csv("leads.csv");
    const karen = rows.find((r) => r[header!.indexOf("name")] === "Karen Miller")!;
    expect(karen[header!.indexOf("status")]).toBe("contacted");
    expect(karen[header!.indexOf("follow_up_on")]).toBe("2026-12-01");
    // When she agreed to texts, in Kansas time like every other moment.
    expect(karen[header!.indexOf("text_consent_at")]).toMatch(/^\d{4}-\d\d-\d\d \d{1,2}:\d\d [AP]M C[SD]T$/);
    const [h, ...history] = csv("lead_history.csv");
    const entry = history.find((r) => r[h!.indexOf("lead_id")] === String(leadId))!;
    expect(entry[h!.indexOf("by")]).toBe("Kim Ruiz");
    expect(entry[h!.indexOf("note")]).toBe("Called back");
  });

  it("has the job's visits, invoices and payments, money in dollars and times in Kansas too", () => {
    const [vh, ...visitRows] = csv("visits.csv");
    const day = visitRows.find((r) => r[vh!.indexOf("lead_id")] === String(leadId))!;
    expect(day[vh!.indexOf("starts_local")]).toBe("2026-12-08 08:00");
    expect(day[vh!.indexOf("assigned_to")]).toBe("Kim Ruiz");
    const [ih, ...invoiceRows] = csv("invoices.csv");
    const invoice = invoiceRows.find((r) => r[ih!.indexOf("lead_id")] === String(leadId))!;
    expect(invoice[ih!.indexOf("number")]).toBe("INV-0007");
    expect([invoice[ih!.indexOf("total")], invoice[ih!.indexOf("paid")], invoice[ih!.indexOf("owed")]]).toEqual([
      "1234.50",
      "1034.50",
      "200.00",
    ]);
    // Lines a person reads, not JSON; times in Kansas with the zone named (decision 0078).
    expect(invoice[ih!.indexOf("lines")]).toBe("Deposit: $1,234.50");
    expect(day[vh!.indexOf("starts_at")]).toBe("2026-12-08 8:00 AM CST");
    const [ph, ...paymentRows] = csv("payments.csv");
    const mine = paymentRows.filter((r) => r[ph!.indexOf("lead_id")] === String(leadId));
    expect(
      mine.map((r) => [
        r[ph!.indexOf("method")],
        r[ph!.indexOf("amount")],
        r[ph!.indexOf("check_number")],
        r[ph!.indexOf("recorded_by")],
      ]),
    ).toEqual([
      ["check", "1000.00", "1042", "Kim Ruiz"],
      ["online", "34.50", "", ""],
    ]);
  });

  it("carries every picture, and each CSV's picture paths point at a file in the zip", () => {
    const [ph, ...photos] = csv("lead_photos.csv");
    const photo = photos[0]![ph!.indexOf("file")]!;
    expect(photo).toBe("private-uploads/aaaaaaaaaaaaaaaaaaaaaaaa.jpg");
    expect(fs.readFileSync(path.join(out, photo), "utf8")).toBe("a photo of the roof");
    const [rh, ...roofs] = csv("roof_customers.csv");
    expect(fs.existsSync(path.join(out, roofs[0]![rh!.indexOf("top_picture")]!))).toBe(true);
    const [pj, ...projects] = csv("projects.csv");
    expect(projects.length).toBe(9);
    for (const project of projects)
      expect(fs.existsSync(path.join(out, project[pj!.indexOf("picture")]!)), project[1]).toBe(true);
  });

  it("leaves out passwords, two-step secrets, the session secret and the maps key", () => {
    const everything = EXPORT_FILES.map(({ file }) => fs.readFileSync(path.join(out, file), "utf8")).join("\n");
    expect(secret.length).toBeGreaterThan(30);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("AIzaSyA-a-key-the-owner-pays-for-123");
    for (const user of getDb().select().from(users).all()) expect(everything).not.toContain(user.passwordHash);
    expect(csv("team.csv")[0]).toEqual(["id", "name", "email", "role", "created_at", "last_sign_in_at", "removed_at"]);
    expect(csv("settings.csv").map((r) => r[0])).not.toContain("secrets");
  });
});
