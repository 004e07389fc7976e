import Database from "better-sqlite3";
import { E2E_DIR } from "../../playwright.config";
import { addDays, businessToday } from "../../app/lib/business-time";

export type SeedEstimate = {
  street: string;
  city: string;
  zip: string;
  lines: {
    key: string;
    label: string;
    quantity: number;
    unit: string;
    unitPriceCents: number;
    totalCents: number;
    adjusted: boolean;
  }[];
  taxBasisPoints: number;
  taxCents: number;
};

const DERBY: SeedEstimate = {
  street: "412 N Main St",
  city: "Derby",
  zip: "67037",
  lines: [
    {
      key: "shingles",
      label: "Architectural shingles",
      quantity: 45,
      unit: "bundles",
      unitPriceCents: 4150,
      totalCents: 186750,
      adjusted: false,
    },
    {
      key: "labor",
      label: "Labor, up to 6/12",
      quantity: 15,
      unit: "squares",
      unitPriceCents: 9000,
      totalCents: 135000,
      adjusted: false,
    },
  ],
  taxBasisPoints: 750,
  taxCents: 24131,
};

/** A traced 6/12 gable (1,677 sq ft) for the lead's address: the proposal shows its outline. */
const GABLE = {
  top: {
    scale: 0.1,
    scaleSource: "typed",
    facets: [
      {
        points: [
          { x: 150, y: 150 },
          { x: 650, y: 150 },
          { x: 650, y: 450 },
          { x: 150, y: 450 },
        ],
        pitch: 6,
      },
    ],
    lines: [
      { a: { x: 150, y: 300 }, b: { x: 650, y: 300 }, kind: "ridge" },
      { a: { x: 150, y: 150 }, b: { x: 650, y: 150 }, kind: "eave" },
      { a: { x: 150, y: 450 }, b: { x: 650, y: 450 }, kind: "eave" },
    ],
    pitchLine: null,
    map: null,
  },
};

function insertEstimate(db: Database.Database, leadId: number, estimate: SeedEstimate) {
  const subtotal = estimate.lines.reduce((sum, l) => sum + l.totalCents, 0);
  db.prepare(
    "insert into estimates (lead_id, tier, tax_rate_bp, lines, subtotal_cents, tax_cents, total_cents) values (?, 'better', ?, ?, ?, ?, ?)",
  ).run(
    leadId,
    estimate.taxBasisPoints,
    JSON.stringify(estimate.lines),
    subtotal,
    estimate.taxCents,
    subtotal + estimate.taxCents,
  );
}

/** An estimate ($3,458.81) for a lead that came in through the site, in the database at `dbPath`. */
export function addEstimate(dbPath: string, leadId: number) {
  const db = new Database(dbPath);
  try {
    insertEstimate(db, leadId, DERBY);
  } finally {
    db.close();
  }
}

/**
 * A measured lead with an estimate ($3,458.81 by default), written straight into the e2e
 * database, for specs about what happens after the estimate (proposals, invoices, the job
 * page); `roof` adds its traced roof measurement. Its id.
 */
export function seedLeadWithEstimate(
  name: string,
  email: string,
  { estimate = DERBY, roof = false }: { estimate?: SeedEstimate; roof?: boolean } = {},
): number {
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    const lead = db
      .prepare(
        `insert into leads (name, email, phone, message, street, city, zip, status, source, read_at)
         values (?, ?, '316-555-0188', 'Hail last week', ?, ?, ?, 'measured', 'phone', ?) returning id`,
      )
      .get(name, email, estimate.street, estimate.city, estimate.zip, Date.now()) as { id: number };
    insertEstimate(db, lead.id, estimate);
    if (roof) {
      db.prepare(
        "insert into roof_customers (customer_name, street, city, state, zip_code, area, pitch, drawing, lead_id) values (?, ?, ?, 'KS', ?, 1677, 6, ?, ?)",
      ).run(name, estimate.street, estimate.city, estimate.zip, JSON.stringify(GABLE), lead.id);
    }
    return lead.id;
  } finally {
    db.close();
  }
}

/**
 * A won job written straight into the database (the shared e2e site's, or `dbPath`): its accepted proposal for `totalCents`,
 * and the drafts asked for (a deposit at 30%, a progress bill at 25%), or sent invoices
 * owing their whole amount. The lead's id.
 */
export function seedWonJob(
  name: string,
  totalCents: number,
  invoices: { kind: "deposit" | "progress"; state: "draft" | "sent" }[],
  dbPath = `${E2E_DIR}/app.db`,
): number {
  const db = new Database(dbPath);
  db.pragma("busy_timeout = 5000");
  try {
    const write = db.transaction(() => {
      const email = `${name.replace(/\W+/g, "-").toLowerCase()}@example.com`;
      const leadId = db
        .prepare(
          "insert into leads (name, email, phone, message, status, source, read_at) values (?, ?, '316-555-0142', 'Roof', 'won', 'phone', ?) returning id",
        )
        .pluck()
        .get(name, email, Date.now()) as number;
      const content = {
        customer: { name, email, phone: "", address: "" },
        company: { name: "Prairie Ridge", phone: "", email: "", address: "" },
        totalCents,
        validUntil: addDays(businessToday(), 30),
        lines: [],
      };
      const proposalId = db
        .prepare(
          "insert into proposals (lead_id, content, total_cents, expires_at, accepted_at, accepted_name, accepted_ip) values (?, ?, ?, ?, ?, ?, '127.0.0.1') returning id",
        )
        .pluck()
        .get(leadId, JSON.stringify(content), totalCents, Date.now() + 86_400_000, Date.now(), name) as number;
      for (const { kind, state } of invoices) {
        const bp = kind === "deposit" ? 3000 : 2500;
        const amount = Math.round((totalCents * bp) / 10_000);
        const lines = JSON.stringify([
          {
            description: `${kind === "deposit" ? "Deposit" : "Progress payment"}: ${bp / 100}% of the accepted proposal`,
            amountCents: amount,
            basisPoints: bp,
          },
        ]);
        const number =
          state === "sent"
            ? (db.prepare("select coalesce(max(number), 0) + 1 from invoices").pluck().get() as number)
            : null;
        db.prepare(
          "insert into invoices (lead_id, proposal_id, number, kind, state, lines, subtotal_cents, total_cents, due_on, sent_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(
          leadId,
          proposalId,
          number,
          kind,
          state,
          lines,
          amount,
          amount,
          state === "sent" ? addDays(businessToday(), 10) : null,
          state === "sent" ? Date.now() : null,
        );
      }
      return leadId;
    });
    return write.immediate();
  } finally {
    db.close();
  }
}
