import { describe, expect, it } from "vitest";
import { CALENDAR_FEED_PREFIX, calendarFeedPath, webcalUrl } from "./calendar-feed";

describe("calendar feed addresses", () => {
  it("every feed's path begins with the prefix the page cache skips", () => {
    expect(calendarFeedPath("abc")).toBe("/calendar/abc.ics");
    expect(CALENDAR_FEED_PREFIX).toBe("/calendar/");
    expect(calendarFeedPath("abc").startsWith(CALENDAR_FEED_PREFIX)).toBe(true);
  });

  it("a webcal: link for a phone's calendar, over http or https", () => {
    expect(webcalUrl("https://roofs.example/calendar/abc.ics")).toBe("webcal://roofs.example/calendar/abc.ics");
    expect(webcalUrl("http://localhost:3000/calendar/abc.ics")).toBe("webcal://localhost:3000/calendar/abc.ics");
  });
});
