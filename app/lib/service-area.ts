import { AREAS } from "~/lib/landing-pages";

/**
 * The ZIP codes of the towns we serve (AREAS in landing-pages.ts): Wichita's own, then each
 * of the ten towns'. Used only to say kindly when a request comes from farther away; the
 * request is taken either way, so a missing ZIP costs nothing but that note.
 */
export const SERVICE_AREA_ZIPS: Record<(typeof AREAS)[number]["slug"], readonly string[]> = {
  wichita: [
    "67201",
    "67202",
    "67203",
    "67204",
    "67205",
    "67206",
    "67207",
    "67208",
    "67209",
    "67210",
    "67211",
    "67212",
    "67213",
    "67214",
    "67215",
    "67216",
    "67217",
    "67218",
    "67219",
    "67220",
    "67221",
    "67223",
    "67226",
    "67227",
    "67228",
    "67230",
    "67232",
    "67235",
    "67260",
  ],
  wellington: ["67152"],
  derby: ["67037"],
  andover: ["67002"],
  mulvane: ["67110"],
  haysville: ["67060"],
  "park-city": ["67219", "67147"],
  newton: ["67114", "67117"],
  "el-dorado": ["67042"],
  augusta: ["67010"],
  winfield: ["67156"],
};

/** The state every town we serve is in: a lead's address is written with it. */
export const SERVICE_AREA_STATE = "KS";

const ZIPS = new Set(Object.values(SERVICE_AREA_ZIPS).flat());
const TOWNS = new Set(AREAS.map((a) => townKey(a.name)));

// "El Dorado", "el dorado, ks", "Park City KS " all name the same town.
function townKey(city: string): string {
  return city
    .toLowerCase()
    .replace(/[.,]/g, " ")
    .replace(/\s+(ks|kansas)\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * False only when the visitor told us something that places the job outside the towns
 * we serve: a ZIP (its first five digits) not on our list, or, without a ZIP, a city we do
 * not serve. Nothing given, or only a street: we cannot tell, so no note.
 */
export function inServiceArea({ city, zip }: { city?: string | null; zip?: string | null }): boolean {
  const five = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip ?? "")?.[1];
  if (five) return ZIPS.has(five);
  const town = townKey(city ?? "");
  return town === "" || TOWNS.has(town);
}

/** What the form says when the address is farther out: it still sends. */
export const OUTSIDE_AREA_NOTE =
  "Thanks for thinking of us! We mostly work around Wichita and the nearby towns, so we may be a bit far from you, but send it anyway: we read every request and will tell you honestly if we can help.";
