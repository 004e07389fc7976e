import { sql, type SQL } from "drizzle-orm";
import { leads } from "~/db/schema";
import { ftsMatchQuery } from "~/lib/search-query";

/**
 * The leads a search finds, as a condition for any query on `leads`:
 * `where(and(eq(leads.status, "new"), leadSearchCondition(q)))`. Undefined when nothing was
 * typed (drizzle's `and` skips it). Matches name, email, phone (however it was typed),
 * street, city, zip and message through the `lead_search` FTS5 index, which triggers keep
 * in step with every write to `leads` (migration 0019, decision 0054).
 */
export function leadSearchCondition(q: string | null | undefined): SQL | undefined {
  const match = ftsMatchQuery(q, { digitsColumn: "phone_digits" });
  if (match === null) return undefined;
  return sql`${leads.id} in (select rowid from lead_search where lead_search match ${match})`;
}
