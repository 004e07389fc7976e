import { inArray, sql } from "drizzle-orm";
import { invoices } from "~/db/schema";

/**
 * An invoice sent and not yet paid in full. Named with literals, as invoices_open_idx is:
 * SQLite takes a partial index only for a query that names its expression so (a bound value
 * in its place reads every invoice ever sent). Its own module: the invoice, claim and report
 * models all ask it, and the invoice model already reads the claim's.
 */
export const isOpenInvoice = sql`${invoices.state} in ('sent', 'partly_paid')`;

/** An invoice sent and not void (drafts were never sent): what is billed, counted and owed on. */
export const isSentInvoice = inArray(invoices.state, ["sent", "partly_paid", "paid"]);
