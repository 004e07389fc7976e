import type { EstimateLine } from "./estimate";
import type { InvoiceLine } from "./invoice-kinds";
import { formatCents } from "./money-format";
import { formatQuantity } from "./proposal";

/**
 * "Export everything" (decision 0059): what the owner takes with him, one CSV per kind of
 * record, each column described once here. The README's section "Export everything" lists
 * the same files and columns (a test holds them together), and models/export.server.ts
 * fills the rows in this order.
 */

export type ExportColumn = readonly [name: string, meaning: string];
export type ExportFile = {
  file: string;
  about: string;
  columns: readonly ExportColumn[];
};

const WHEN = "date and time, Kansas time with its zone (2026-11-28 12:37 PM CST)";
const DOLLARS = "dollars and cents, e.g. 12345.67";

export const EXPORT_FILES = [
  {
    file: "leads.csv",
    about: "every request and lead, archived ones included",
    columns: [
      ["id", "the lead's number (other files refer to it as lead_id)"],
      ["created_at", `when it came in, ${WHEN}`],
      ["name", "the homeowner's name"],
      ["email", "their email (empty when none was given)"],
      ["phone", "their phone, as typed"],
      ["service", "the kind of work asked for"],
      ["street", "street address"],
      ["city", "town"],
      ["zip", "ZIP code"],
      ["message", "what they wrote"],
      ["preferred_contact", "how they like to be reached"],
      ["source", "website, phone (written down by staff), roof_tool or text (a text to the business's number)"],
      ["status", "new, contacted, measured, quoted, won or lost"],
      ["lost_reason", "why it was lost"],
      ["follow_up_on", "the follow-up day, YYYY-MM-DD"],
      ["assigned_to", "the team member it is assigned to"],
      ["read_at", `when staff first marked it read, ${WHEN}`],
      ["archived_at", `when it was archived, ${WHEN}`],
      ["completed_at", `when the job was marked done, ${WHEN}`],
      ["job_value", `the job's value: the accepted proposal plus change orders, else the current estimate, ${DOLLARS}`],
      ["text_consent_at", `when the homeowner agreed to texts (the quote form's box, or staff who asked), ${WHEN}`],
    ],
  },
  {
    file: "lead_history.csv",
    about: "every entry of every lead's history, oldest first",
    columns: [
      ["lead_id", "the lead (leads.csv id)"],
      ["created_at", WHEN],
      ["by", "who wrote it: a team member, the homeowner or the roof tool"],
      ["status_from", "the status before, when the entry changed it"],
      ["status_to", "the status after"],
      ["note", "the note or what happened, in words"],
      ["kind", "what happened: note, invoice-sent, payment-received, visit-booked…"],
      ["amount", `the amount it was about, ${DOLLARS}`],
      ["invoice", "the invoice it was about (invoices.csv number)"],
    ],
  },
  {
    file: "lead_photos.csv",
    about: "the photos homeowners sent with their requests",
    columns: [
      ["lead_id", "the lead (leads.csv id)"],
      ["file", "the picture's path in this zip"],
      ["original_name", "the file's name on the homeowner's device"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "roof_customers.csv",
    about: "the roof tool's customers and their measurements",
    columns: [
      ["id", "the customer's number"],
      ["lead_id", "their lead (leads.csv id)"],
      ["customer_name", "name"],
      ["street", "street address"],
      ["city", "town"],
      ["state", "state"],
      ["zip_code", "ZIP code"],
      ["area_sq_ft", "the measured roof area, square feet"],
      ["length_ft", "length, feet"],
      ["width_ft", "width, feet"],
      ["pitch", "pitch, rise in 12"],
      ["top_picture", "the top view's path in this zip"],
      ["side_picture", "the side view's path in this zip"],
      ["drawing", "the roof drawing (facets and lines), as JSON"],
      ["created_at", WHEN],
      ["updated_at", WHEN],
    ],
  },
  {
    file: "estimates.csv",
    about: "every estimate, including those replaced by a newer one",
    columns: [
      ["id", "the estimate's number"],
      ["lead_id", "the lead (leads.csv id)"],
      ["tier", "the shingle line: good, better or best"],
      ["waste_percent", "waste added to the area, percent"],
      ["tear_off_layers", "layers torn off"],
      ["tax_rate_percent", "sales tax rate, percent"],
      ["subtotal", DOLLARS],
      ["tax", DOLLARS],
      ["total", DOLLARS],
      ["lines", "each line as quantity × label @ price = total, separated by semicolons"],
      ["left_out_reason", "why materials were left out, when they were"],
      ["locked_at", `when an accepted proposal fixed it, ${WHEN}`],
      ["superseded_at", `when a newer estimate replaced it, ${WHEN}`],
      ["created_at", WHEN],
      ["updated_at", WHEN],
    ],
  },
  {
    file: "proposals.csv",
    about: "every proposal sent to a homeowner",
    columns: [
      ["id", "the proposal's number"],
      ["lead_id", "the lead (leads.csv id)"],
      ["total", `${DOLLARS}; once accepted, the total of the option and add-ons chosen`],
      ["created_at", WHEN],
      ["sent_by", "the team member who made it"],
      ["expires_at", WHEN],
      ["accepted_at", `when the homeowner accepted, ${WHEN}`],
      ["accepted_name", "the name they typed to accept"],
      ["chosen_option", "the shingle line accepted: good, better or best (the content's options name it)"],
      ["chosen_add_ons", "the add-ons accepted, by their ids in the content, as JSON"],
      ["withdrawn_at", `when it was withdrawn, ${WHEN}`],
      ["content", "what the homeowner saw (options, add-ons, lines, terms, totals in cents), as JSON"],
    ],
  },
  {
    file: "visits.csv",
    about: "every visit and work day booked, called-off ones included",
    columns: [
      ["id", "the visit's number"],
      ["lead_id", "the lead (leads.csv id)"],
      ["kind", "estimate_visit, inspection, adjuster_meeting or work_day"],
      ["starts_at", `when it starts, ${WHEN}`],
      ["starts_local", "when it starts in Kansas time, YYYY-MM-DD HH:MM"],
      ["duration_minutes", "how long, in minutes"],
      ["assigned_to", "the team member who goes"],
      ["note", "the note for it"],
      ["cancelled_at", `when it was called off, ${WHEN}`],
      ["created_by", "the team member who booked it"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "invoices.csv",
    about: "every invoice, drafts and voided ones included",
    columns: [
      ["id", "the invoice's row number (payments.csv invoice_id)"],
      ["lead_id", "the lead (leads.csv id)"],
      ["proposal_id", "the accepted proposal it bills (proposals.csv id), when any"],
      ["number", "the invoice number as printed, INV-0007 (empty for a draft: numbers are given when sent)"],
      ["kind", "deposit, progress or final"],
      ["state", "draft, sent, partly_paid, paid or void"],
      [
        "payer",
        "who owes it: homeowner, carrier (an insurance claim's carrier) or both (the carrier's check names both)",
      ],
      ["subtotal", DOLLARS],
      ["tax", DOLLARS],
      ["total", DOLLARS],
      ["paid", DOLLARS],
      ["owed", `${DOLLARS}; what is still due (0 for a draft, paid or void one)`],
      ["due_on", "the day it is due, YYYY-MM-DD (Kansas time)"],
      ["lines", "each line as description: amount (a change order says so), separated by semicolons"],
      ["note", "the note printed on it"],
      ["sent_at", `when it was first sent, ${WHEN}`],
      ["voided_at", `when it was voided, ${WHEN}`],
      ["void_reason", "why it was voided"],
      ["created_by", "the team member who made it"],
      ["created_at", WHEN],
      ["updated_at", WHEN],
    ],
  },
  {
    file: "payments.csv",
    about: "every payment received, by hand or online",
    columns: [
      ["id", "the payment's number"],
      ["invoice_id", "the invoice (invoices.csv id)"],
      ["lead_id", "the lead (leads.csv id), through its invoice"],
      ["method", "cash, check, card (on site) or online (Stripe)"],
      ["amount", DOLLARS],
      ["check_number", "the check's number, for a check"],
      ["received_on", "the day it was received, YYYY-MM-DD (Kansas time)"],
      ["note", "the note written with it"],
      ["stripe_session_id", "the Stripe Checkout session (cs_...) of an online payment: find it in Stripe's dashboard"],
      ["stripe_payment_intent", "the Stripe payment (pi_...) of an online payment"],
      ["recorded_by", "the team member who recorded it (empty for an online payment)"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "refunds.csv",
    about: "money given back from payments (invoices.csv paid and owed are net of it)",
    columns: [
      ["id", "the refund's number"],
      ["payment_id", "the payment it came from (payments.csv id)"],
      ["invoice_id", "that payment's invoice (invoices.csv id)"],
      ["lead_id", "the lead (leads.csv id), through the invoice"],
      ["amount", DOLLARS],
      ["refunded_on", "the day it was given back, YYYY-MM-DD (Kansas time)"],
      ["reason", "why it was given back"],
      ["recorded_by", "the team member who recorded it"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "claims.csv",
    about: "the leads that are insurance claims, one each",
    columns: [
      ["id", "the claim's number (claim_supplements.csv claim_id)"],
      ["lead_id", "the lead (leads.csv id)"],
      ["carrier", "the insurance company"],
      ["claim_number", "the carrier's claim number"],
      ["loss_on", "the day of the loss (the storm), YYYY-MM-DD"],
      ["adjuster_name", "the carrier's adjuster"],
      ["adjuster_phone", "the adjuster's phone, as typed"],
      ["adjuster_email", "the adjuster's email"],
      ["deductible", `what the homeowner pays of the claim, ${DOLLARS}`],
      ["approved", `the replacement cost the carrier's scope approved (empty until the scope is in), ${DOLLARS}`],
      ["depreciation", `the recoverable depreciation the carrier holds back until the work is done, ${DOLLARS}`],
      ["created_by", "the team member who marked the lead as a claim"],
      ["created_at", WHEN],
      ["updated_at", WHEN],
    ],
  },
  {
    file: "claim_supplements.csv",
    about: "items asked of a carrier beyond its scope, and what it decided",
    columns: [
      ["id", "the supplement's number"],
      ["claim_id", "the claim (claims.csv id)"],
      ["lead_id", "the lead (leads.csv id), through the claim"],
      ["description", "what was asked"],
      ["requested", `the amount asked, ${DOLLARS}`],
      ["state", "submitted, approved or denied"],
      ["approved", `the amount approved, ${DOLLARS}`],
      ["submitted_on", "the day it was asked, YYYY-MM-DD"],
      ["decided_on", "the day the carrier decided, YYYY-MM-DD"],
      ["invoice", "the invoice it was billed on as a change order (invoices.csv number)"],
      ["created_by", "the team member who added it"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "claim_files.csv",
    about: "files kept on insurance claims: the carriers' scopes, photos, letters",
    columns: [
      ["lead_id", "the lead (leads.csv id)"],
      ["kind", "scope (the carrier's scope of loss), photo or other"],
      ["file", "the file's path in this zip"],
      ["original_name", "the file's name when uploaded"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "projects.csv",
    about: "the portfolio, drafts included",
    columns: [
      ["id", "the project's number"],
      ["title", "title"],
      ["category", "framing, roofing or bright-green"],
      ["service", "the service page it shows on"],
      ["town", "the town page it shows on"],
      ["description", "description"],
      ["picture", "its picture's path in this zip"],
      ["before_picture", "its before picture's path in this zip (shown beside the picture on its page)"],
      ["video_url", "its video link"],
      ["alt_text", "the picture's description for screen readers"],
      ["featured", "1 when featured"],
      ["published", "1 when on the public site, 0 for a draft"],
      ["published_by", "who put it on the site"],
      ["published_at", WHEN],
      ["lead_id", "the job it came from (leads.csv id)"],
      ["created_at", WHEN],
      ["updated_at", WHEN],
    ],
  },
  {
    file: "testimonials.csv",
    about: "every review, pending ones included",
    columns: [
      ["id", "the review's number"],
      ["name", "the reviewer"],
      ["location", "their town"],
      ["quote", "what they wrote"],
      ["rating", "stars, 1 to 5"],
      ["status", "published (approved, on the site) or pending"],
      ["approved_by", "who approved it"],
      ["approved_at", WHEN],
      ["lead_id", "the job it is about (leads.csv id)"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "pictures.csv",
    about: "the image library and the roof tool's pictures",
    columns: [
      ["id", "the picture's number"],
      ["file", "its path in this zip (smaller copies beside it end in -480, -640, -960)"],
      ["original_name", "the file's name when uploaded"],
      ["alt", "its description"],
      ["width", "pixels"],
      ["height", "pixels"],
      ["purpose", "library (public) or roof (private)"],
      ["created_at", WHEN],
    ],
  },
  {
    file: "team.csv",
    about: "the accounts (no passwords or two-step secrets)",
    columns: [
      ["id", "the account's number"],
      ["name", "name"],
      ["email", "email"],
      ["role", "owner, office or crew"],
      ["created_at", WHEN],
      ["last_sign_in_at", WHEN],
      ["removed_at", `when removed from the team, ${WHEN}`],
    ],
  },
  {
    file: "settings.csv",
    about: "the site's settings: business facts, prices, words, pictures, mail (passwords and keys left out)",
    columns: [
      [
        "key",
        "the group's name, one row each (business, contact, pricing, proposal, invoiceReminders and the like; lastBackup is the newest backup, as the site last found it)",
      ],
      ["value", "its values, as JSON"],
      ["updated_at", WHEN],
      ["updated_by", "who saved it last"],
    ],
  },
] as const satisfies readonly ExportFile[];

export type ExportFileName = (typeof EXPORT_FILES)[number]["file"];

/** Cents as the dollars a spreadsheet sums: 1234567 → "12345.67". */
export const dollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : (cents / 100).toFixed(2);

/**
 * An estimate's lines as a person reads them in one spreadsheet cell:
 * "2 × Ridge cap @ $3.50 = $7.00; 1 × Dumpster @ $450.00 = $450.00".
 */
export const estimateLinesText = (lines: readonly EstimateLine[]) =>
  lines
    .map(
      (l) =>
        `${formatQuantity(l.quantity)} × ${l.label} @ ${formatCents(l.unitPriceCents)} = ${formatCents(l.totalCents)}`,
    )
    .join("; ");

/** An invoice's lines in one cell: "Deposit: $3,600.00; Change order, Extra decking: $450.00". */
export const invoiceLinesText = (lines: readonly InvoiceLine[]) =>
  lines
    .map((l) => `${l.changeOrder ? "Change order, " : ""}${l.description}: ${formatCents(l.amountCents)}`)
    .join("; ");
