import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One way to validate a form (decision 0039): each form's action parses the post with its
// zod schema from app/lib through conform's parseWithZod and answers with the reply, never
// with a hand-written { ok, message } or { error, values } of its own. The browser tests
// (tests/e2e/form-errors.spec.ts, contact.spec.ts, proposal.spec.ts) post bad input with
// scripts off and find each message beside its field.

const read = (path: string) => readFileSync(join(import.meta.dirname, "../../app", path), "utf8");

/** Where each form is parsed, and the schema it must be parsed with. */
const FORMS = [
  {
    form: "quote form",
    parser: "lib/contact-schema.ts",
    schema: "ContactSchema",
    caller: "services/contact-request.server.ts",
    uses: "parseContactForm(",
  },
  {
    form: "review form",
    parser: "services/review-collection.server.ts",
    schema: "ReviewSchema",
    caller: "routes/review.tsx",
    uses: "submitReview(",
  },
  { form: "proposal acceptance", parser: "routes/proposal.tsx", schema: "AcceptanceSchema" },
  { form: "sign-in", parser: "routes/admin/login.tsx", schema: "LoginSchema" },
  { form: "pricing", parser: "routes/admin/pricing.tsx", schema: "PricingPageFormSchema" },
  { form: "roof tool's customer", parser: "routes/admin/roof-measurement.tsx", schema: "RoofCustomerSchema" },
  { form: "roof tool's Maps key", parser: "routes/admin/roof-measurement.tsx", schema: "MapsKeySchema" },
  { form: "roof tool's publisher tag", parser: "routes/admin/roof-measurement.tsx", schema: "PublisherTagSchema" },
  {
    form: "contact settings and business details",
    parser: "routes/admin/contact.tsx",
    schema: "ContactPageFormSchema",
  },
  {
    form: "lead page's forms (status, estimate, proposal, job)",
    parser: "routes/admin/lead.tsx",
    schema: "LeadFormSchema",
  },
  { form: "trust facts", parser: "routes/admin/site-words.tsx", schema: "TrustFactsFormSchema" },
  { form: "page headlines", parser: "routes/admin/site-words.tsx", schema: "PageWordsFormSchema" },
  { form: "About story and team", parser: "routes/admin/site-words.tsx", schema: "AboutFormSchema" },
] as const;

// A result built by hand: `{ ok: false, message }`, or (in an action) `{ error: "…", values }`
// and a field map of its own. (A schema's `{ error: MESSAGES.required }` is zod's own option.)
const HAND_WRITTEN = [/\bok:\s*(?:true|false)\b/, /\berrors:\s*\{\s*\}/, /\bvalues:\s*\{\s*\}/];
const HAND_WRITTEN_IN_ACTIONS = [
  ...HAND_WRITTEN,
  /\berror:\s*(?:message|parsed|PROPOSAL_MESSAGES|REVIEW_MESSAGES|MESSAGES)\b/,
];

describe("every form in the public site, sign-in, pricing, roof tool and settings", () => {
  it.each(FORMS)("the $form is parsed with $schema through parseWithZod", ({ parser, schema, ...rest }) => {
    const code = read(parser);
    expect(code).toContain("parseWithZod(");
    expect(code).toMatch(new RegExp(String.raw`\bschema:\s*${schema}\b`));
    // The schema lives in app/lib, shared with the browser (or, for a public form, kept off it).
    if (!parser.startsWith("lib/"))
      expect(code).toMatch(new RegExp(String.raw`import \{[^}]*\b${schema}\b[^}]*\} from "~/lib/`));
    if ("caller" in rest) expect(read(rest.caller)).toContain(rest.uses);
  });

  it.each([
    "lib/contact-schema.ts",
    "lib/contact-form.ts",
    "lib/review-schema.ts",
    "lib/review-request.ts",
    "lib/proposal-schema.ts",
    "lib/login-form.ts",
    "lib/maps-settings-form.ts",
    "services/contact-request.server.ts",
    "services/review-collection.server.ts",
    "routes/proposal.tsx",
    "routes/review.tsx",
    "routes/contact.tsx",
    "routes/admin/login.tsx",
    "routes/admin/pricing.tsx",
    "routes/admin/contact.tsx",
    "routes/admin/roof-measurement.tsx",
    "lib/lead-forms.ts",
    "routes/admin/lead.tsx",
    "services/estimate-actions.server.ts",
    "services/lead-job.server.ts",
    "routes/admin/site-words.tsx",
    "lib/site-words.ts",
  ])("%s answers no hand-written result", (path) => {
    const code = read(path);
    for (const pattern of path.startsWith("lib/") ? HAND_WRITTEN : HAND_WRITTEN_IN_ACTIONS)
      expect(code, `${path} matches ${pattern}`).not.toMatch(pattern);
  });
});
