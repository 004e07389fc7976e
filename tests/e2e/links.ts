import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { E2E_DIR } from "../../playwright.config";

// A homeowner's links (a proposal, a review request) written straight into the e2e
// database, for tests about what the homeowner sees on them rather than how staff send them.

const newToken = () => {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: createHash("sha256").update(token).digest("base64url") };
};

function insertLead(db: Database.Database, name: string, status: string, completed: boolean): number {
  return (
    db
      .prepare(
        `insert into leads (name, email, phone, message, street, city, zip, status, source, read_at, completed_at)
         values (?, ?, '316-555-0188', 'Hail last week', '412 N Main St', 'Derby', '67037', ?, 'phone', ?, ?) returning id`,
      )
      .get(
        name,
        `${randomBytes(6).toString("hex")}@example.com`,
        status,
        Date.now(),
        completed ? Date.now() : null,
      ) as { id: number }
  ).id;
}

/** An open proposal for a new quoted lead; the path of its page. */
export function seedProposal(name: string): string {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const leadId = insertLead(db, name, "quoted", false);
    const { token, hash } = newToken();
    const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const lines = [
      { label: "Architectural shingles", quantity: 45, unit: "bundles", unitPriceCents: 4150, totalCents: 186750 },
      { label: "Labor, up to 6/12", quantity: 15, unit: "squares", unitPriceCents: 9000, totalCents: 135000 },
    ];
    const content = {
      version: 1,
      issuedAt: new Date().toISOString(),
      validUntil,
      company: {
        name: "Prairie Ridge Framing & Roofing",
        phone: "(620) 555-0142",
        email: "hello@example.com",
        address: "Wellington, KS",
      },
      customer: { name, address: "412 N Main St, Derby, KS 67037", email: "", phone: "316-555-0188" },
      roof: null,
      tier: "better",
      lines,
      subtotalCents: 321750,
      taxRateBasisPoints: 750,
      taxCents: 24131,
      totalCents: 345881,
      terms: "Half on signing, half when the work is done.",
    };
    const proposal = db
      .prepare(
        "insert into proposals (lead_id, content, total_cents, expires_at) values (?, ?, 345881, ?) returning id",
      )
      .get(leadId, JSON.stringify(content), Date.now() + 15 * 86_400_000) as { id: number };
    db.prepare("insert into proposal_links (proposal_id, token_hash) values (?, ?)").run(proposal.id, hash);
    return `/proposal/${token}`;
  } finally {
    db.close();
  }
}

/** An open review link for a new completed job (its mail already sent); the path of its form. */
export function seedReviewLink(name: string): string {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const leadId = insertLead(db, name, "won", true);
    const { token, hash } = newToken();
    db.prepare("insert into review_requests (lead_id, token_hash, expires_at) values (?, ?, ?)").run(
      leadId,
      hash,
      Date.now() + 30 * 86_400_000,
    );
    return `/review/${token}`;
  } finally {
    db.close();
  }
}
