/**
 * Lists in forms (`lines[3].label`, `hours[0].days`) are bounded before anything parses or
 * renders them: a refused form is rendered back with a row per index, so a few bytes naming
 * `lines[9999]` would otherwise cost a row for each of ten thousand indexes.
 *
 * A form declares its lists by name with indexes written `[]` ("lines", "hours",
 * "hours[].days") and the most rows each may hold. An index in a list the form does not
 * declare is past any limit, and so is a named key under a declared one. Conform's list
 * buttons (`__intent__`, insert and remove) must name a declared list and an index inside it.
 */
export type ListLimits = Readonly<Record<string, number>>;

/** The short answer to a form whose lists go past their limits (a 400). */
export const LIST_TOO_LONG = "The form has more rows than it can take. Please reload the page and try again.";

const TOKEN = /([^.[\]]+)|\[(\d*)\]/g;

type Segment = string | number;

/**
 * "hours[2].days" as ["hours", 2, "days"]; null for a name that is no path (conform ignores those).
 * A dotted segment of digits ("lines.9999") counts as the index it is: conform sets
 * `lines["9999"]`, which on the array an earlier `lines[0]` made is row 9999.
 */
function segmentsOf(name: string): Segment[] | null {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of name.matchAll(TOKEN)) {
    const at = match.index;
    if (at !== last && !(at === last + 1 && name[last] === ".")) return null;
    const key = match[1];
    if (key !== undefined) segments.push(at > 0 && /^\d+$/.test(key) ? Number(key) : key);
    else segments.push(match[2] === "" ? "" : Number(match[2]));
    last = at + match[0].length;
  }
  return last === name.length ? segments : null;
}

/** The list a prefix of segments names, with its indexes written `[]`: ["hours", 2, "days"] is "hours[].days". */
function listName(segments: Segment[]): string {
  return segments.map((s, i) => (typeof s === "number" || s === "" ? "[]" : i === 0 ? s : `.${s}`)).join("");
}

/**
 * How many rows each list of the submitted names would get: the highest index plus one,
 * or the number of values pushed with `name[]` or repeated under the list's own name.
 */
function listLengths(names: Iterable<string>, limits: ListLimits): Map<string, number> {
  const lengths = new Map<string, number>();
  const grow = (list: string, length: number) => lengths.set(list, Math.max(lengths.get(list) ?? 0, length));
  const repeated = new Map<string, number>();
  for (const name of names) {
    const segments = segmentsOf(name);
    if (!segments) continue;
    segments.forEach((segment, i) => {
      if (typeof segment === "number") grow(listName(segments.slice(0, i)), segment + 1);
      // A named key under a list ("lines.label") makes it an object, no rows a page can show.
      else if (i > 0 && segment !== "" && listName(segments.slice(0, i)) in limits)
        grow(listName(segments.slice(0, i)), Infinity);
    });
    const whole = segments.at(-1) === "" ? listName(segments.slice(0, -1)) : listName(segments);
    if (segments.at(-1) === "" || whole in limits) repeated.set(name, (repeated.get(name) ?? 0) + 1);
  }
  for (const [name, count] of repeated) {
    const segments = segmentsOf(name)!;
    grow(listName(segments.at(-1) === "" ? segments.slice(0, -1) : segments), count);
  }
  return lengths;
}

/** A conform list button's intent within the form's lists; anything else it could carry is not ours. */
function intentFits(serialized: string, limits: ListLimits): boolean {
  let intent: unknown;
  try {
    intent = JSON.parse(serialized);
  } catch {
    return false;
  }
  if (typeof intent !== "object" || intent === null) return false;
  const { type, payload } = intent as { type?: unknown; payload?: { name?: unknown; index?: unknown } };
  if (
    (type !== "insert" && type !== "remove") ||
    typeof payload !== "object" ||
    payload === null ||
    typeof payload.name !== "string"
  )
    return false;
  const segments = segmentsOf(payload.name);
  if (!segments || segments.includes("")) return false;
  const limit = limits[listName(segments)];
  if (limit === undefined || !withinLimits([payload.name], limits)) return false;
  if (payload.index === undefined) return type === "insert";
  return Number.isInteger(payload.index) && (payload.index as number) >= 0 && (payload.index as number) < limit;
}

/** Whether every list the names give a row to stays within the form's limits. */
function withinLimits(names: Iterable<string>, limits: ListLimits): boolean {
  for (const [list, length] of listLengths(names, limits)) if (length > (limits[list] ?? 0)) return false;
  return true;
}

/**
 * Whether a submitted form's lists stay within their limits: every field name's indexes,
 * the number of values each list gets, and conform's list intent. Checked on the names
 * alone, before any value is parsed.
 */
export function formListsFit(
  form: { keys(): Iterable<string>; get(name: string): unknown },
  limits: ListLimits = {},
): boolean {
  const intent = form.get("__intent__");
  if (intent !== null && intent !== undefined && (typeof intent !== "string" || !intentFits(intent, limits)))
    return false;
  const state = form.get("__state__");
  if (state !== null && state !== undefined) {
    // Conform parses it as JSON: a broken one would be a server error, not the sender's.
    if (typeof state !== "string") return false;
    try {
      JSON.parse(state);
    } catch {
      return false;
    }
  }
  return withinLimits(
    [...form.keys()].filter((n) => n !== "__intent__" && n !== "__state__"),
    limits,
  );
}
