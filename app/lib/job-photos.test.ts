import { describe, expect, it } from "vitest";
import {
  defaultPhotoTag,
  isLeadPhotosPath,
  JobPhotoFieldsSchema,
  photoKeys,
  photoLabel,
  photoTimeline,
  takenAtOf,
} from "./job-photos";

const now = new Date("2026-11-30T18:00:00Z");
const DAY = 86_400_000;

describe("takenAtOf", () => {
  it("believes a phone's clock within the last 30 days", () => {
    expect(takenAtOf(String(now.getTime() - 3 * DAY), now)).toEqual(new Date(now.getTime() - 3 * DAY));
  });
  it("holds a time ahead to now, and one too old to 30 days ago", () => {
    expect(takenAtOf(String(now.getTime() + DAY), now)).toEqual(now);
    expect(takenAtOf("0", now)).toEqual(new Date(now.getTime() - 30 * DAY));
  });
  it("ignores what is not a number", () => {
    for (const value of [null, "", "  ", "yesterday", "NaN", "Infinity"]) expect(takenAtOf(value, now)).toBeNull();
  });
});

describe("photoKeys", () => {
  it("gives one file the key itself and several their place after it", () => {
    expect(photoKeys("abc", 1)).toEqual(["abc"]);
    expect(photoKeys("abc", 3)).toEqual(["abc-0", "abc-1", "abc-2"]);
    expect(photoKeys(undefined, 2)).toEqual([null, null]);
  });
});

describe("the fields schema", () => {
  it("takes a tag, a trimmed caption and a key", () => {
    expect(JobPhotoFieldsSchema.parse({ tag: "after", caption: "  Ridge vent  ", key: "Q_1-x" })).toMatchObject({
      tag: "after",
      caption: "Ridge vent",
      key: "Q_1-x",
    });
    expect(JobPhotoFieldsSchema.parse({ tag: "damage", caption: "   " })).toMatchObject({ caption: "" });
  });
  it("refuses no tag, another tag, a long caption and a key with other characters", () => {
    for (const fields of [
      {},
      { tag: "selfie" },
      { tag: "other", caption: "x".repeat(201) },
      { tag: "other", key: "a/b" },
      { tag: "other", key: "k".repeat(65) },
    ])
      expect(JobPhotoFieldsSchema.safeParse(fields).success, JSON.stringify(fields).slice(0, 40)).toBe(false);
  });
});

describe("isLeadPhotosPath", () => {
  it("knows a lead's photo upload from every other path", () => {
    expect(isLeadPhotosPath("/admin/leads/42/photos")).toBe(true);
    expect(isLeadPhotosPath("/admin/leads/42/photos.data")).toBe(true);
    for (const path of [
      "/admin/leads/x/photos",
      "/admin/leads//photos",
      "/admin/leads/42/visits",
      "/admin/leads/photos/a.jpg",
    ])
      expect(isLeadPhotosPath(path), path).toBe(false);
  });
});

describe("defaultPhotoTag", () => {
  it("is before until the job is completed, then after", () => {
    expect(defaultPhotoTag({ completedAt: null })).toBe("before");
    expect(defaultPhotoTag({ completedAt: now })).toBe("after");
  });
});

describe("photoLabel", () => {
  const lead = new Date("2026-11-01T15:00:00Z");
  it("is the tag's word, or where the homeowner sent it from", () => {
    expect(photoLabel({ tag: "during", createdAt: now }, lead)).toBe("During");
    expect(photoLabel({ tag: null, createdAt: new Date(lead.getTime() + 20) }, lead)).toBe("From the quote request");
    expect(photoLabel({ tag: null, createdAt: now }, lead)).toBe("Sent from the job page");
  });
});

describe("photoTimeline", () => {
  it("puts the newest first by when it was taken, grouped by Kansas day", () => {
    const days = photoTimeline([
      // Sent late at night Kansas time (after midnight UTC): still the 29th in Wellington.
      { id: 1, takenAt: null, createdAt: new Date("2026-11-30T03:00:00Z") },
      { id: 2, takenAt: new Date("2026-11-30T15:00:00Z"), createdAt: new Date("2026-11-30T20:00:00Z") },
      { id: 3, takenAt: new Date("2026-11-30T16:30:00Z"), createdAt: new Date("2026-11-30T16:31:00Z") },
    ]);
    expect(days.map((d) => [d.day, d.label, d.photos.map((p) => [p.id, p.time])])).toEqual([
      [
        "2026-11-30",
        "Monday, November 30, 2026",
        [
          [3, "10:30 AM"],
          [2, "9:00 AM"],
        ],
      ],
      ["2026-11-29", "Sunday, November 29, 2026", [[1, "9:00 PM"]]],
    ]);
  });
});
