import { describe, expect, it } from "vitest";
import { alertDue, alertMail, diskProblem, reportDue } from "./backup-health";

describe("backup health", () => {
  it("calls a disk nearly full from 90% used, with what is left", () => {
    const block = 4096;
    expect(diskProblem({ blocks: 1000, bavail: 101, bsize: block })).toBeNull();
    expect(diskProblem({ blocks: 1000, bavail: 100, bsize: block })).toEqual({
      kind: "disk-full",
      usedShare: 0.9,
      free: 100 * block,
    });
    expect(diskProblem(null)).toBeNull();
    expect(diskProblem({ blocks: 0, bavail: 0, bsize: block })).toBeNull();
  });

  it("words a full disk and counts several problems in the subject", () => {
    const mail = alertMail(
      [
        { kind: "disk-full", usedShare: 0.934, free: 2_500_000_000 },
        { kind: "backup-stale", newest: null },
      ],
      "https://roofs.example.com",
    );
    expect(mail.subject).toBe("Backups need a look: 2 problems");
    expect(mail.text).toContain("- The server's disk is 93% full (2.33 GB free): backups may soon fail.");
    expect(mail.text).toContain("- There is no backup yet.");
  });

  it("mails a warning once a Kansas day and the report from the backup hour of the first", () => {
    // 11:30 PM on Dec 7 in Wellington is Dec 8 in UTC: still the 7th there.
    expect(alertDue("2026-12-07", new Date("2026-12-08T05:30:00Z"))).toBe(false);
    expect(alertDue("2026-12-07", new Date("2026-12-08T06:30:00Z"))).toBe(true);
    expect(reportDue(null, 2, 3, new Date("2027-01-01T08:00:00Z"))).toBe(false);
    expect(reportDue(null, 3, 3, new Date("2027-01-01T09:00:00Z"))).toBe(true);
    expect(reportDue("2027-01", 5, 3, new Date("2027-01-01T11:00:00Z"))).toBe(false);
    expect(reportDue("2026-12", 5, 3, new Date("2027-01-02T11:00:00Z"))).toBe(false);
  });
});
