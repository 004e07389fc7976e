/**
 * The business's calendar and clock: Wellington, Kansas. Days are YYYY-MM-DD on its
 * calendar, instants are read on its wall clock, whatever zone the server or the browser is
 * in. Pure (Intl only), on the server and in the browser alike: the schedule, the leads'
 * follow-ups, the proposals' validity, the mails and the exports all read time here.
 */

// Wellington, Kansas: "due today" is the business's today, not the server's (UTC) one.
// eslint-disable-next-line no-restricted-syntax -- the one place the zone is written
export const BUSINESS_TIME_ZONE = "America/Chicago";

// en-CA writes dates as YYYY-MM-DD. Made once per zone: every admin page asks for today.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day (YYYY-MM-DD) in the given time zone. */
export function dayIn(timeZone: string, at: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The Kansas day of an instant. */
export const kansasDay = (at: Date) => dayIn(BUSINESS_TIME_ZONE, at);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC day (YYYY-MM-DD) `days` days after 1970-01-01, in integer arithmetic (no Date: rows by the thousand). */
function utcDayNumbered(days: number): string {
  // Days to a proleptic Gregorian date, by eras of 400 years counted from March 1st.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The Kansas day (YYYY-MM-DD) of an instant given in milliseconds, for reading thousands of rows. */
export const kansasDayOf = (ms: number): string => utcDayNumbered(kansasDayNumberOf(ms));

/**
 * The Kansas day of an instant in ms, as days since 1970-01-01 (days apart by subtraction):
 * Kansas is five or six hours behind UTC, so where both give the same day that is the day,
 * and only the hour between asks the zone.
 */
export function kansasDayNumberOf(ms: number): number {
  const standard = Math.floor((ms - 6 * HOUR_MS) / DAY_MS);
  return standard === Math.floor((ms - 5 * HOUR_MS) / DAY_MS)
    ? standard
    : Date.parse(`${kansasDay(new Date(ms))}T00:00:00Z`) / DAY_MS;
}

/** The business's today: "due today" is Wellington's today, not the server's (UTC) one. */
export const businessToday = (now = new Date()) => kansasDay(now);

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` sends). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYY-MM-DD plus whole days, on the calendar (no time zone can shift it). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The moment a proposal valid until `day` stops being open: the end of that day in
 * Wellington, so "valid until December 23" holds all of December 23 there.
 */
export function endOfBusinessDay(day: string): Date {
  // The next day's first moment: midnight always happens in Kansas (the clocks change at 2 AM).
  return startOfKansasDay(addDays(day, 1));
}

/** "2026-12-23" → "December 23, 2026". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** A moment as Wellington reads it: "November 23, 2026 at 1:05 PM". */
export function formatMoment(at: Date): string {
  return at.toLocaleString("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

// Made once: every list prints many.
const kansasDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: BUSINESS_TIME_ZONE });
/**
 * "Nov 29, 2026": the Kansas day of an instant (or its ISO string), as every list, card and
 * by-line prints a date; the same text on the server and in any browser.
 */
export const formatKansasDate = (at: Date | string) => kansasDate.format(new Date(at));

// The same day with its time: "Nov 29, 2026, 9:14 AM", Kansas time on the server and in any browser.
const kansasDateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: BUSINESS_TIME_ZONE,
});
export const formatKansasDateTime = (at: Date | string) => kansasDateTime.format(new Date(at));

const shortDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});

/** "Fri, Nov 20" for a YYYY-MM-DD day. */
export const formatShortDay = (day: string) => shortDay.format(new Date(`${day}T12:00:00Z`));

/** "HH:MM" on a 24-hour clock (what `<input type="time">` sends). */
export function isClockTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string) {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in a zone at an instant: its day (YYYY-MM-DD) and time (HH:MM). */
export function wallClock(at: Date, timeZone = BUSINESS_TIME_ZONE): { day: string; time: string } {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The zone's offset from UTC at an instant, in milliseconds (Kansas: -5 h in summer, -6 h in winter). */
function offsetAt(at: number, timeZone: string): number {
  const { day, time } = wallClock(new Date(at), timeZone);
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  return asUtc - Math.floor(at / 60_000) * 60_000;
}

export type KansasInstant =
  | { ok: true; at: Date }
  | { ok: false; reason: "invalid" }
  // Spring forward: the clock jumps from 2:00 to 3:00 AM, so 2:30 AM never happens that day.
  | { ok: false; reason: "skipped" };

/**
 * The instant a Kansas day and time name. In the hour that happens twice (fall back, 1:00 to
 * 1:59 AM) it is the first one, still daylight time: the one a person means by "1:30".
 */
export function kansasInstant(day: string, time: string, timeZone = BUSINESS_TIME_ZONE): KansasInstant {
  if (!isCalendarDay(day) || !isClockTime(time)) return { ok: false, reason: "invalid" };
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offsets in force half a day either side cover any change that day.
  const offsets = [...new Set([offsetAt(wall - DAY_MS / 2, timeZone), offsetAt(wall + DAY_MS / 2, timeZone)])];
  const matches = offsets
    .map((offset) => wall - offset)
    .filter((at) => {
      const back = wallClock(new Date(at), timeZone);
      return back.day === day && back.time === time;
    })
    .sort((a, b) => a - b);
  const first = matches[0];
  return first === undefined ? { ok: false, reason: "skipped" } : { ok: true, at: new Date(first) };
}

/** The first instant of a Kansas day (midnight always exists there: the clocks change at 2 AM). */
export function startOfKansasDay(day: string): Date {
  // Remembered: a report asks for the same few hundred days on every page, each otherwise
  // three trips through Intl. Bounded; cleared when full (a day costs microseconds to redo).
  let start = kansasMidnights.get(day);
  if (start === undefined) {
    const found = kansasInstant(day, "00:00");
    if (!found.ok) throw new Error(`Not a day: ${day}`);
    if (kansasMidnights.size >= 4096) kansasMidnights.clear();
    kansasMidnights.set(day, (start = found.at.getTime()));
  }
  return new Date(start);
}
const kansasMidnights = new Map<string, number>();

/** 0 for Monday … 6 for Sunday. */
const weekdayIndex = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The Monday that starts the week of a day: the schedule's weeks run Monday to Sunday, the
 * working days together and the weekend after them (decision 0066).
 */
export const weekStart = (day: string) => addDays(day, -weekdayIndex(day));

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The week a `?week=` value names (any day of it), or the week of `today` for anything else. */
export function weekOf(asked: string | null | undefined, today: string): string {
  return weekStart(asked && isCalendarDay(asked) ? asked : today);
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
});
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** "9:00 AM", Kansas time. */
export const formatKansasTime = (at: Date) => timeFormat.format(at);
/** "Monday, March 9, 2026" for a calendar day. */
export const formatLongDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));

const zoneFormat = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, timeZoneName: "short" });
/** "CST" or "CDT": Kansas's zone as it was at an instant. */
const kansasZoneName = (at: Date) => zoneFormat.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "CT";

/**
 * "2026-11-28 12:37 PM CST": an instant as a spreadsheet cell says it (decision 0078), Kansas
 * time with the zone named, so the hour that happens twice in the fall is told apart.
 */
export const formatKansasStamp = (at: Date) => `${kansasDay(at)} ${formatKansasTime(at)} ${kansasZoneName(at)}`;

/** "12:30 AM" for an "HH:MM" value, as a message says a typed time. */
export function formatClockTime(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}
