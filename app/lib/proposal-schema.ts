import { z } from "~/lib/zod";
import { NAME_MAX, PROPOSAL_MESSAGES } from "./proposal";

// The acceptance form's schema, apart from lib/proposal.ts, which the homeowner's page
// imports: that page loads no validation library (decision 0039). The server parses the
// form with this (`parseWithZod`) and the page shows conform's reply.

/**
 * The homeowner's acceptance as typed. The name need not match the lead's: a spouse or a
 * co-owner may be the one who signs, and what they typed is what is recorded and shown.
 */
export const AcceptanceSchema = z.object({
  fullName: z
    .string({ error: PROPOSAL_MESSAGES.nameMissing })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    // Checked after the transform, not piped into a second string schema: conform's zod
    // coercion would read a name of spaces, tidied to "", as a field never sent.
    .refine((v) => v.length > 0, { error: PROPOSAL_MESSAGES.nameMissing, abort: true })
    .refine((v) => v.length <= NAME_MAX, PROPOSAL_MESSAGES.nameTooLong),
  // A checked box sends "on", which conform reads as true; an unchecked one sends nothing.
  agree: z.boolean({ error: PROPOSAL_MESSAGES.agreeMissing }).refine((v) => v, PROPOSAL_MESSAGES.agreeMissing),
});
