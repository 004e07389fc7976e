import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fakeResendForApp } from "./fake-mail";

// The owner is told when his backups are not safe (decision 0091): a failed nightly backup
// is noted and mailed at most once a Kansas day, written from what is wrong when it goes;
// and on the first of each month a mail says where the last backup is and how big it is.

const fake = await fakeResendForApp({ SITE_URL: "https://roofs.example.com" });
const { paths } = await import("~/server/env.server");
const { upsertUser } = await import("~/models/user.server");
const { getSetting, setSetting } = await import("~/models/settings.server");
const { processOutbox } = await import("~/services/outbox.server");
const { backupProblems, reportIfDue, warnIfNeeded } = await import("~/services/backup-health.server");
const { listBackups, liveState } = await import("~/server/backup-store.server");
const { nightlyRoundHere: round } = await import("./nightly-here");

// 9 AM in Wellington on Monday, December 7, 2026 (CST, UTC-6).
const morning = new Date("2026-12-07T15:00:00Z");
const nextMorning = new Date("2026-12-08T15:00:00Z");

describe("the owner's backup warnings", () => {
  it("note a nightly backup that failed, mail it once a day, and clear when one is made", async () => {
    await upsertUser("owner@example.com", "owner-password-long");
    setSetting("contact", { ...getSetting("contact"), notificationEmail: "owner@prairieridge.example" });
    // Where the backups go is taken by a file: the nightly backup cannot be made.
    const backups = path.join(path.dirname(paths.database), "backups");
    fs.writeFileSync(backups, "not a folder");
    await round(morning);
    expect(backupProblems(morning).map((p) => p.kind)).toEqual(["backup-failed"]);
    await processOutbox(undefined, morning);
    expect(fake.sent.map((m) => [m.to, m.subject])).toEqual([
      [['"Prairie Ridge Framing & Roofing" <owner@prairieridge.example>'], "Backups need a look: a backup failed"],
    ]);
    expect(fake.sent[0]!.text).toContain("- The backup of Dec 7, 2026, 9:00 AM failed: ");
    expect(fake.sent[0]!.text).toContain("Backups page: https://roofs.example.com/admin/backups");

    // Ten minutes later, still failing: not again today.
    await round(new Date(morning.getTime() + 10 * 60_000));
    expect(warnIfNeeded(new Date(morning.getTime() + 20 * 60_000))).toBe(false);
    await processOutbox(undefined, new Date(morning.getTime() + 20 * 60_000));
    expect(fake.sent).toHaveLength(1);

    // The disk mended; the next round makes the backup, and nothing is wrong any more.
    fs.rmSync(backups);
    await round(nextMorning);
    expect(listBackups(liveState())).toHaveLength(1);
    expect(getSetting("backupHealth").lastFailure).toBeNull();
    expect(backupProblems(nextMorning)).toEqual([]);
    expect(warnIfNeeded(nextMorning)).toBe(false);
  });

  it("say once a month where the last backup is, its size, and that off-site copies are off", async () => {
    fake.sent.length = 0;
    // Before the backup hour (3 AM) on the first: not yet; the night's round after it makes
    // the backup and queues the mail, once.
    expect(reportIfDue(new Date("2027-01-01T08:30:00Z"))).toBe(false);
    await round(new Date("2027-01-01T09:30:00Z"));
    expect(reportIfDue(new Date("2027-01-01T11:00:00Z"))).toBe(false);
    expect(reportIfDue(new Date("2027-01-02T10:00:00Z"))).toBe(false);
    await processOutbox(undefined, new Date("2027-01-01T10:00:00Z"));
    const [report] = fake.sent;
    expect(report!.subject).toBe("Backups for January 2027: all well");
    expect(report!.text).toMatch(
      /^Last backup: Jan 1, 2027, 3:30 AM, [\d.]+ (KB|MB), on the server in .*backups\. 2 kept there \(the last 7 days and 4 weeks\), made every night at 3 AM Kansas time\.$/m,
    );
    expect(report!.text).toContain("Off-site copies are off: if the server is lost, the backups on it go too.");
  });
});
