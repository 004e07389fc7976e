import { describe, expect, it } from "vitest";
import { backupDue, backupName, backupsToKeep, backupTime, hourLabel, isBackupStale } from "./backup-plan";

const at = (iso: string) => new Date(iso);

describe("backup names", () => {
  it("name a backup by its moment in UTC, with no colons, and read it back", () => {
    const made = at("2026-11-27T09:00:05.123Z");
    expect(backupName(made)).toBe("2026-11-27T09-00-05Z");
    expect(backupTime("2026-11-27T09-00-05Z")).toEqual(at("2026-11-27T09:00:05Z"));
  });

  it("are not anything else in the folder", () => {
    for (const name of [
      "2026-11-27T09-00-05Z.partial",
      "notes.txt",
      "2026-13-40T99-00-00Z",
      "../2026-11-27T09-00-05Z",
    ]) {
      expect(backupTime(name), name).toBeNull();
    }
  });
});

describe("which backups are kept", () => {
  // A backup every night at 3 AM Kansas time (09:00 UTC in winter) for 60 nights.
  const nightly = Array.from({ length: 60 }, (_, i) =>
    backupName(new Date(Date.UTC(2026, 10, 27, 9) - i * 86_400_000)),
  );

  it("keeps the last 7 nights and the newest of each of the last 4 weeks", () => {
    const kept = [...backupsToKeep(nightly)].sort().reverse();
    // Nov 27 2026 is a Friday. Days: Nov 27 back to Nov 21. Weeks (from Monday): Nov 23 (its
    // newest is the 27th), Nov 16 (the 22nd), Nov 9 (the 15th), Nov 2 (the 8th).
    expect(kept).toEqual([...nightly.slice(0, 7), "2026-11-15T09-00-00Z", "2026-11-08T09-00-00Z"]);
  });

  it("keeps the newest of a day with several (a manual one after the nightly)", () => {
    const kept = backupsToKeep(["2026-11-27T09-00-00Z", "2026-11-27T20-15-00Z", "2026-11-26T09-00-00Z"]);
    expect(kept).toEqual(new Set(["2026-11-27T20-15-00Z", "2026-11-26T09-00-00Z"]));
  });

  it("counts days on Wellington's clock, not UTC's", () => {
    // 03:30 UTC on Nov 27 is 9:30 PM on Nov 26 in Kansas: the same Kansas day as 3 AM on the 26th.
    const kept = backupsToKeep(["2026-11-27T03-30-00Z", "2026-11-26T09-00-00Z"]);
    expect(kept).toEqual(new Set(["2026-11-27T03-30-00Z"]));
  });

  it("never keeps or drops what is not a backup", () => {
    expect(backupsToKeep(["readme.txt", "2026-11-27T09-00-00Z.partial"])).toEqual(new Set());
  });
});

describe("when the nightly backup is due", () => {
  it("is due once the hour has come on Wellington's clock, once a day", () => {
    // 3 AM CST is 09:00 UTC.
    expect(backupDue(3, at("2026-11-26T09:00:00Z"), at("2026-11-27T08:59:00Z"))).toBe(false);
    expect(backupDue(3, at("2026-11-26T09:00:00Z"), at("2026-11-27T09:00:00Z"))).toBe(true);
    expect(backupDue(3, at("2026-11-27T09:00:00Z"), at("2026-11-27T15:00:00Z"))).toBe(false);
    expect(backupDue(3, null, at("2026-11-27T15:00:00Z"))).toBe(true);
  });

  it("follows daylight saving time: 3 AM CDT is 08:00 UTC", () => {
    expect(backupDue(3, null, at("2026-07-01T07:59:00Z"))).toBe(false);
    expect(backupDue(3, null, at("2026-07-01T08:00:00Z"))).toBe(true);
  });
});

describe("a stale backup", () => {
  it("is none at all, or one older than two days", () => {
    const now = at("2026-11-27T12:00:00Z");
    expect(isBackupStale(null, now)).toBe(true);
    expect(isBackupStale(at("2026-11-25T12:00:01Z"), now)).toBe(false);
    expect(isBackupStale(at("2026-11-25T11:59:59Z"), now)).toBe(true);
  });
});

it("writes hours as the owner reads a clock", () => {
  expect([0, 3, 11, 12, 23].map(hourLabel)).toEqual(["12 AM", "3 AM", "11 AM", "12 PM", "11 PM"]);
});
