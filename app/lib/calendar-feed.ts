import { href } from "react-router";

/**
 * A person's calendar feed: their own visits as a private .ics address their phone's
 * calendar subscribes to (decision 0096). Only the token's hash is kept, so the full
 * address is shown once, when it is made.
 */

/** The feed's address for a token (the path; the service puts the site's origin before it). */
export const calendarFeedPath = (token: string) => href("/calendar/:token.ics", { token });

/** Every feed's address begins with this: the page cache never keeps one. */
export const CALENDAR_FEED_PREFIX = calendarFeedPath("").replace(/[^/]*$/, "");

/** The visits a feed holds: a month back (a day to look up), a year ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;

/** The same address for a calendar app to open: phones hand `webcal:` links to their calendar. */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//i, "webcal://");

export const CALENDAR_FEED_MESSAGES = {
  title: "Your visits in your phone's calendar",
  intro:
    "Your phone's calendar can show the visits you are sent to, and keep them up to date. The link is yours alone: anyone who has it can see your visits.",
  made: "Here is your link. Copy it now: it is shown only this once.",
  since: (day: string) => `On since ${day}. Your phone's calendar gets your visits from a month back to a year ahead.`,
  lost: "Lost your phone, or sent the link to someone by mistake? Make a new link: the old one stops working at once.",
  turnedOff: "Calendar link turned off. Your phone's calendar gets no more visits from it.",
  alreadyOff: "Your calendar link was already off",
  iphone:
    "iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, then paste the link.",
  android:
    "Android or Google Calendar: on a computer, open calendar.google.com, then Other calendars → + → From URL, and paste the link.",
  refresh: "Google checks for changes a few times a day; an iPhone as often as you set it to.",
} as const;
