// npm run bench:scale (decision 0055)
// Year five: a database shaped like ten years of a busy contractor (20,000 leads, 60,000
// history entries, 2,000 roof customers, 3,000 images, 500 published projects), then the
// real server against it, signed in as the owner, each admin page fetched 40 times one
// after another (one client, as the owner would), and the public pages a visitor opens.
// Prints p50 / p95 / the slowest, the HTML's size and the server's CPU time per request beside the
// targets, and how much the server's resident memory grew while it sent the CSV exports.
// Numbers, not a test: nothing is asserted. BENCH_RUNS changes the 40 (each export is
// downloaded 15 times, or fewer runs if asked: its figure is memory); BENCH_KEEP=1 keeps the database;
// BENCH_DB=<file> builds it there once and reuses it on later runs (for profiling one page);
// BENCH_PAGES=<words> times only the pages whose label contains one of the words.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ACCOUNTANT_FILES } from "../app/lib/quickbooks";
import { DAY, dayOf, ms, percentile, reportPages, row } from "./bench-lib";
import { cpuMsOf, megabytes, rssOf, signIn, startServer } from "./server-process";

const PORT = Number(process.env.BENCH_PORT ?? 3560);
// 40: a p95 of 15 runs is their slowest, one collection of garbage or one busy moment on
// the machine; of 40 it is the 38th.
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const EXPORT_RUNS = Math.min(RUNS, 15);
const LEADS = 20_000;
const NOTES = 60_000;
const ROOF_CUSTOMERS = 2_000;
const IMAGES = 3_000;
const PROJECTS = 500;
const TESTIMONIALS = 300;
const YEARS = 10;

// The targets at 20,000 leads on this machine (decision 0055).
const TARGET_PAGE_MS = 50;
const TARGET_PAGE_BYTES = 150 * 1024;
const TARGET_RSS_GROWTH = 20 * 1024 * 1024;
const GC_REPORT = path.join(os.tmpdir(), `bench-scale-gc-${process.pid}.json`);

const dir = process.env.BENCH_DB
  ? path.dirname(path.resolve(process.env.BENCH_DB))
  : fs.mkdtempSync(path.join(os.tmpdir(), "prairie-scale-"));
process.env.DATABASE_PATH = process.env.BENCH_DB ? path.resolve(process.env.BENCH_DB) : path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
const reuse = Boolean(process.env.BENCH_DB && fs.existsSync(process.env.DATABASE_PATH));

// The same data on every run: a small seeded generator (mulberry32).
let seed = 31;
function random() {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const chance = (p: number) => random() < p;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Chris",
  "Karen",
  "Daniel",
  "Lisa",
  "Matt",
  "Nancy",
  "Tony",
  "Betty",
  "Mark",
  "Sandra",
  "Don",
  "Ashley",
  "Steve",
  "Kim",
  "Paul",
  "Emily",
  "Andrew",
  "Donna",
  "Josh",
  "Michelle",
  "Ken",
  "Carol",
];
// Smith about as common as in Kansas: the search "smith" finds a few hundred leads.
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Miller",
  "Davis",
  "Wilson",
  "Anderson",
  "Taylor",
  "Thomas",
  "Moore",
  "Martin",
  "Jackson",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Hill",
  "Green",
  "Adams",
  "Baker",
  "Nelson",
  "Carter",
  "Mitchell",
  "Roberts",
  "Turner",
  "Phillips",
  "Campbell",
  "Parker",
  "Evans",
  "Edwards",
  "Collins",
  "Stewart",
  "Morris",
  "Rogers",
  "Reed",
  "Cook",
  "Morgan",
  "Bell",
  "Murphy",
  "Bailey",
  "Goldsmith",
  "Schmidt",
  "Wagner",
  "Becker",
  "Schultz",
  "Hoffman",
  "Koehn",
  "Unruh",
  "Friesen",
  "Penner",
];
const TOWNS: [string, string][] = [
  ["Wichita", "67203"],
  ["Wichita", "67212"],
  ["Wichita", "67226"],
  ["Wellington", "67152"],
  ["Derby", "67037"],
  ["Andover", "67002"],
  ["Mulvane", "67110"],
  ["Haysville", "67060"],
  ["Park City", "67219"],
  ["Newton", "67114"],
  ["El Dorado", "67042"],
  ["Augusta", "67010"],
  ["Winfield", "67156"],
  ["Belle Plaine", "67013"],
  ["Rose Hill", "67133"],
  ["Valley Center", "67147"],
];
const STREETS = [
  "Main St",
  "Elm St",
  "Oak St",
  "Washington Ave",
  "Maple Dr",
  "Cedar Ln",
  "Harvest Rd",
  "Prairie View Dr",
  "Rock Rd",
  "Woodlawn Blvd",
  "Central Ave",
  "Kellogg Dr",
  "Meadowlark Ln",
  "Sunflower Ct",
  "Pawnee Ave",
];
const SERVICES = [
  "Residential Framing",
  "Residential Roofing",
  "Roof Repairs",
  "Gutter Services",
  "Bright Green Treatment",
  "Structural Repairs",
  "New Construction",
  "Storm / hail damage",
  "Not sure",
];
const MESSAGES = [
  "Hail last week took a lot of granules off the south side. Insurance adjuster comes Tuesday; can you look before then?",
  "Looking for a quote on a full tear-off and new architectural shingles. Two-story, about 2,400 sq ft.",
  "Water stain on the bedroom ceiling after the storm. Probably flashing around the chimney.",
  "We want to add a 16x20 room off the back of the house. Plans are drawn, need framing.",
  "Gutters overflow at the front corner every rain and the downspout pulled loose.",
  "Our roof is 14 years old and curling a bit. Is the Bright Green treatment an option?",
  "Garage roof is sagging in the middle. Would like someone to check the rafters.",
  "Building on our lot north of town next spring, need a framing crew for the house.",
  "Neighbor recommended you. Some shingles blew off in the wind Sunday night.",
  "Please call after 5pm, I work days. Need an estimate for seamless gutters all around.",
];
const NOTES_TEXT = [
  "Left a voicemail.",
  "Talked with homeowner, wants a visit next week.",
  "Measured, 28 squares, 6/12 pitch.",
  "Sent the estimate by mail.",
  "Insurance approved the claim.",
  "Asked to call back after the holidays.",
  "Crew scheduled.",
  "Homeowner picked another contractor.",
  "Gave a price over the phone, will send written.",
  "Texted photos of the damage.",
];
const LOST = ["Went with another contractor", "Price", "No answer after several tries", "Decided not to do the work"];
const CATEGORY_WORDS = {
  framing: [
    "Room Addition",
    "Garage Framing",
    "Custom Home Framing",
    "Dormer Addition",
    "Porch Framing",
    "Structural Repair",
  ],
  roofing: [
    "Roof Replacement",
    "Hail Damage Repair",
    "Shingle Roof",
    "Roof Repair",
    "Metal Roof",
    "Storm Damage Repair",
  ],
  "bright-green": ["Bright Green Treatment", "Shingle Treatment", "Bright Green Roof Care"],
} as const;

const NOW = Date.now();

function phone() {
  const [a, b] = [between(200, 999), between(1000, 9999)];
  // Typed every way people type them; search must find each.
  return pick([`(316) ${a}-${b}`, `316-${a}-${b}`, `316${a}${b}`, `316.${a}.${b}`, `+1 316 ${a} ${b}`]);
}

/** A moment over the last ten years, busier lately (the business grew). */
function createdAt() {
  const x = Math.sqrt(random());
  return Math.floor(NOW - (1 - x) * YEARS * 365 * DAY);
}

function statusFor(created: number) {
  const age = (NOW - created) / DAY;
  if (age < 90)
    return pick([
      "new",
      "new",
      "new",
      "contacted",
      "contacted",
      "visit_scheduled",
      "measured",
      "quoted",
      "quoted",
      "won",
      "lost",
    ] as const);
  return pick(["won", "won", "won", "lost", "lost", "lost", "lost", "quoted", "contacted", "new"] as const);
}

function buildDatabase() {
  const t0 = performance.now();
  // Opening the app's database runs the migrations, as the server does on start.
  return import("~/server/db.server").then(({ getDb, closeDb }) => {
    const sqlite = getDb().$client;
    const insertLead = sqlite.prepare(
      `insert into leads (name, email, phone, message, subject, service, street, city, zip, preferred_contact, status, lost_reason, follow_up_on, source, read_at, archived_at, completed_at, created_at)
       values (@name, @email, @phone, @message, @subject, @service, @street, @city, @zip, @preferredContact, @status, @lostReason, @followUpOn, @source, @readAt, @archivedAt, @completedAt, @createdAt)`,
    );
    const insertNote = sqlite.prepare(
      `insert into lead_notes (lead_id, author, body, status_from, status_to, created_at) values (?, 'office@example.com', ?, ?, ?, ?)`,
    );
    // Years of mails already sent, as the outbox would have left them: history, not mail to send.
    const insertOutbox = sqlite.prepare(
      // eslint-disable-next-line no-restricted-syntax
      `insert into outbox (kind, lead_id, recipient, state, attempts, created_at, sent_at) values (?, ?, ?, 'sent', 1, ?, ?)`,
    );
    const insertEstimate = sqlite.prepare(
      `insert into estimates (lead_id, roof_customer_id, tier, lines, subtotal_cents, tax_cents, total_cents, created_at, updated_at) values (?, ?, 'better', ?, ?, ?, ?, ?, ?)`,
    );
    const insertImage = sqlite.prepare(
      `insert into images (stored_name, original_name, content_type, bytes, width, height, alt, purpose, created_at) values (?, ?, 'image/jpeg', ?, 1600, 1200, ?, ?, ?)`,
    );
    const insertRoof = sqlite.prepare(
      `insert into roof_customers (customer_name, street, city, state, zip_code, area, length, width, pitch, drawing, top_image_id, side_image_id, lead_id, created_at, updated_at)
       values (?, ?, ?, 'KS', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertProject = sqlite.prepare(
      `insert into projects (title, category, description, media_type, image_id, video_url, alt_text, featured, sort_order, published, lead_id, service, town, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?, ?, ?, ?)`,
    );
    const insertTestimonial = sqlite.prepare(
      `insert into testimonials (name, location, quote, rating, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)`,
    );

    type LeadRow = {
      id: number;
      created: number;
      status: string;
      name: string;
      street: string;
      city: string;
      zip: string;
      service: string;
    };
    const leads: LeadRow[] = [];
    sqlite.transaction(() => {
      for (let i = 0; i < LEADS; i++) {
        const created = createdAt();
        const status = statusFor(created);
        const [city, zip] = pick(TOWNS);
        const first = pick(FIRST);
        const last = pick(LAST);
        const name = `${first} ${last}`;
        const street = `${between(100, 9999)} ${pick(STREETS)}`;
        const service = pick(SERVICES);
        const source = chance(0.7) ? "website" : chance(0.85) ? "phone" : "roof_tool";
        const open = status !== "won" && status !== "lost";
        const age = (NOW - created) / DAY;
        const id = Number(
          insertLead.run({
            name,
            email: `${first}.${last}${between(1, 999)}@example.com`.toLowerCase(),
            phone: chance(0.9) ? phone() : null,
            message: pick(MESSAGES),
            subject: "Quote request",
            service,
            street,
            city,
            zip,
            preferredContact: pick(["call", "text", "email"]),
            status,
            lostReason: status === "lost" ? pick(LOST) : null,
            // Open leads have a day to call back: lately around today, years ago long overdue.
            followUpOn:
              open && chance(0.8)
                ? dayOf(age < 90 ? NOW + between(-20, 30) * DAY : created + between(2, 30) * DAY)
                : null,
            source,
            readAt: age > 2 || chance(0.5) ? created + 3_600_000 : null,
            // Some years-old leads were archived; most owners never archive.
            archivedAt: age > 2 * 365 && chance(0.3) ? created + 200 * DAY : null,
            completedAt: status === "won" && age > 30 ? created + between(10, 60) * DAY : null,
            createdAt: created,
          }).lastInsertRowid,
        );
        leads.push({ id, created, status, name, street, city, zip, service });
        if (source === "website") {
          insertOutbox.run("lead-notification", id, "owner@example.com", created, created + 2000);
          insertOutbox.run("lead-autoreply", id, "visitor@example.com", created, created + 2000);
        }
      }
    })();

    // History: about three entries a lead (status changes and notes), one lead with years of it.
    const heavy = leads[leads.length - 1];
    sqlite.transaction(() => {
      let written = 0;
      const steps = ["new", "contacted", "visit_scheduled", "measured", "quoted"];
      const write = (lead: LeadRow, n: number) => {
        for (let k = 0; k < n && written < NOTES; k++, written++) {
          const at = lead.created + (k + 1) * between(1, 5) * 3_600_000;
          if (chance(0.5)) {
            const from = steps[Math.min(k, steps.length - 1)];
            const to = k + 1 < steps.length ? steps[k + 1] : lead.status;
            insertNote.run(lead.id, chance(0.3) ? pick(NOTES_TEXT) : null, from, to === from ? lead.status : to, at);
          } else {
            insertNote.run(lead.id, pick(NOTES_TEXT), null, null, at);
          }
        }
      };
      write(heavy, 300);
      while (written < NOTES) write(pick(leads), between(1, 6));
      // Every entry here is a note the office wrote (a kind that is contact), so each lead's
      // first is its first contact, as writeLeadHistory keeps it.
      sqlite.exec(
        `update leads set first_contact_at = (select min(n.created_at) from lead_notes n where n.lead_id = leads.id)`,
      );
    })();

    // Pictures: the library (portfolio and pages) and the roof tool's private ones.
    const libraryIds: number[] = [];
    const roofImageIds: number[] = [];
    sqlite.transaction(() => {
      for (let i = 0; i < IMAGES; i++) {
        const roof = i % 5 === 0;
        const id = Number(
          insertImage.run(
            `bench-${i}.jpg`,
            `IMG_${4000 + i}.jpg`,
            between(150_000, 900_000),
            roof ? "" : `Project photo ${i}`,
            roof ? "roof" : "library",
            createdAt(),
          ).lastInsertRowid,
        );
        (roof ? roofImageIds : libraryIds).push(id);
      }
    })();

    // A roof traced on its top photo: one rectangular facet at this pitch.
    const topView = (pitch: number) => ({
      scale: 0.3,
      facets: [
        {
          points: [
            { x: 100, y: 100 },
            { x: 500, y: 100 },
            { x: 500, y: 400 },
            { x: 100, y: 400 },
          ],
          pitch,
        },
      ],
    });

    // Roof customers: most measured for a lead, some with traced photos; estimates for quoted and won leads.
    const measured = leads.filter((l) => ["measured", "quoted", "won"].includes(l.status));
    sqlite.transaction(() => {
      for (let i = 0; i < ROOF_CUSTOMERS; i++) {
        const lead = i < measured.length && chance(0.8) ? measured[i] : null;
        const [city, zip] = lead ? [lead.city, lead.zip] : pick(TOWNS);
        const at = lead ? lead.created + 3 * DAY : createdAt();
        const [length, width, pitch] = [between(30, 70), between(24, 40), between(4, 12)];
        const photos = i < roofImageIds.length / 2;
        const drawing = photos ? JSON.stringify({ top: topView(pitch), side: { scale: null, facets: [] } }) : null;
        const customer = Number(
          insertRoof.run(
            lead?.name ?? `${pick(FIRST)} ${pick(LAST)}`,
            lead?.street ?? `${between(100, 9999)} ${pick(STREETS)}`,
            city,
            zip,
            length * width * Math.sqrt(1 + (pitch / 12) ** 2),
            length,
            width,
            pitch,
            drawing,
            photos ? roofImageIds[2 * i] : null,
            photos ? roofImageIds[2 * i + 1] : null,
            lead?.id ?? null,
            at,
            at,
          ).lastInsertRowid,
        );
        if (lead && lead.status !== "measured") {
          const lines = [
            "shingles",
            "underlayment",
            "drip-edge",
            "ridge-cap",
            "starter",
            "nails",
            "labor-low",
            "disposal",
          ].map((key) => {
            const quantity = between(1, 40);
            const unitPriceCents = between(500, 15_000);
            return {
              key,
              label: key,
              quantity,
              unit: "ea",
              unitPriceCents,
              totalCents: quantity * unitPriceCents,
              adjusted: false,
            };
          });
          const subtotal = lines.reduce((s, l) => s + l.totalCents, 0);
          insertEstimate.run(lead.id, customer, JSON.stringify(lines), subtotal, 0, subtotal, at, at);
        }
      }
    })();

    // The portfolio: 500 published projects, most made from finished jobs (service and town
    // known), older ones written by hand (the words in the title say what and where).
    const won = leads.filter((l) => l.status === "won");
    sqlite.transaction(() => {
      for (let i = 0; i < PROJECTS; i++) {
        const category = pick(["framing", "framing", "roofing", "roofing", "roofing", "bright-green"] as const);
        const fromJob = chance(0.6) ? won[i] : null;
        const town = fromJob?.city ?? pick(TOWNS)[0];
        const title = `${pick(CATEGORY_WORDS[category])}, ${town}`;
        const video = chance(0.05);
        const at = fromJob ? fromJob.created + 60 * DAY : createdAt();
        insertProject.run(
          title,
          category,
          `${title}: ${pick(MESSAGES)} Finished in ${between(1, 12)} days by our crew.`,
          video ? "video" : "image",
          libraryIds[i],
          video ? "https://www.youtube.com/watch?v=dQw4w9WgXcQ" : null,
          `${title}, finished`,
          i < 6 ? 1 : 0,
          fromJob?.id ?? null,
          fromJob?.service ?? null,
          fromJob ? town : null,
          at,
          at,
        );
      }
      for (let i = 0; i < TESTIMONIALS; i++) {
        const at = createdAt();
        insertTestimonial.run(
          `${pick(FIRST)} ${pick(LAST)[0]}.`,
          `${pick(TOWNS)[0]}, KS`,
          pick(MESSAGES),
          between(4, 5),
          i % 15 === 0 ? "pending" : "published",
          at,
          at,
        );
      }
    })();

    // The money of every won job: a deposit when won, the final bill when done, paid by check
    // or card days later; the newest still owe, a few are late, now and then money goes back.
    const insertInvoice = sqlite.prepare(
      `insert into invoices (lead_id, number, kind, state, lines, subtotal_cents, total_cents, paid_cents, due_on, sent_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertPayment = sqlite.prepare(
      `insert into payments (invoice_id, method, amount_cents, check_number, received_on, created_at) values (?, ?, ?, ?, ?, ?)`,
    );
    const insertRefund = sqlite.prepare(
      `insert into refunds (payment_id, amount_cents, refunded_on, reason, created_at) values (?, ?, ?, ?, ?)`,
    );
    // Each won job's proposal as the homeowner accepted it, and the quoted and lost leads' not
    // accepted: documents of 3 to 4 KB (lines, the owner's terms, the traced roof), as real
    // ones are, so a read of a proposal's row costs what it does in a real database.
    const insertProposal = sqlite.prepare(
      `insert into proposals (lead_id, content, total_cents, expires_at, accepted_at, accepted_name, accepted_ip, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const terms = Array.from(
      { length: 12 },
      (_, i) =>
        `${i + 1}. Work is done as described above; rotted decking found once the old roof is off is replaced at $85 a sheet with the owner's approval before it is installed.`,
    ).join("\n");
    const proposalContent = (lead: LeadRow, totalCents: number, at: number) =>
      JSON.stringify({
        version: 1,
        issuedAt: new Date(at).toISOString(),
        validUntil: dayOf(at + 30 * DAY),
        company: {
          name: "Cedar Ridge",
          phone: "(620) 555-0100",
          email: "office@example.com",
          address: "Wellington, KS",
        },
        customer: { name: lead.name, address: `${lead.street}, ${lead.city}`, email: "", phone: "" },
        roof: {
          figures: [{ label: "Roof area", value: "2,400 sq ft" }],
          drawing: topView(6),
        },
        tier: "better",
        lines: ["Tear-off", "Underlayment", "Shingles", "Drip edge", "Ridge cap", "Starter", "Vents", "Cleanup"].map(
          (label) => ({
            label,
            description: `${label}: materials and labor as listed in the measurement`,
            totalCents: Math.round(totalCents / 8),
          }),
        ),
        subtotalCents: totalCents,
        taxRateBasisPoints: 0,
        taxCents: 0,
        totalCents,
        terms,
      });
    sqlite.transaction(() => {
      let number = 0;
      const bill = (leadId: number, kind: string, cents: number, sent: number, dueIn: number, changeOrderCents = 0) => {
        const age = (NOW - sent) / DAY;
        // Paid in full within weeks; lately some not yet, and now and then one never in full.
        const paidIn = age > 120 || chance(0.6) ? between(1, 40) : null;
        const payTime = paidIn === null ? null : sent + paidIn * DAY;
        const paid = payTime !== null && payTime < NOW ? (chance(0.99) ? cents : Math.floor(cents / 2)) : 0;
        const state = paid >= cents ? "paid" : paid > 0 ? "partly_paid" : "sent";
        // A change order is a line of its own, flagged (lib/invoice-kinds.ts).
        const lines = JSON.stringify([
          { description: kind, amountCents: cents - changeOrderCents },
          ...(changeOrderCents
            ? [
                {
                  description: "Change order: rotted decking replaced",
                  amountCents: changeOrderCents,
                  changeOrder: true,
                },
              ]
            : []),
        ]);
        const id = Number(
          insertInvoice.run(
            leadId,
            ++number,
            kind,
            state,
            lines,
            cents,
            cents,
            paid,
            dayOf(sent + dueIn * DAY),
            sent,
            sent,
            payTime ?? sent,
          ).lastInsertRowid,
        );
        if (paid > 0) {
          const payment = Number(
            insertPayment.run(id, chance(0.6) ? "check" : "card", paid, null, dayOf(payTime!), payTime).lastInsertRowid,
          );
          if (chance(0.02)) {
            const back = Math.min(paid, between(100, 500) * 100);
            const at = Math.min(NOW - DAY, payTime! + between(5, 30) * DAY);
            insertRefund.run(payment, back, dayOf(at), "Overcharged", at);
            sqlite
              .prepare("update invoices set paid_cents = paid_cents - ?, state = ? where id = ?")
              .run(back, paid - back >= cents ? "paid" : paid - back > 0 ? "partly_paid" : "sent", id);
          }
        }
      };
      // The proposals not accepted: the quoted leads' (the newest still waiting for an answer)
      // and most lost leads' (lapsed), each the same kind of document.
      for (const lead of leads)
        if (lead.status === "quoted" || (lead.status === "lost" && chance(0.6))) {
          const sentAt = Math.min(NOW, lead.created + between(3, 10) * DAY);
          const total = between(800_000, 3_000_000);
          insertProposal.run(
            lead.id,
            proposalContent(lead, total, sentAt),
            total,
            sentAt + 30 * DAY,
            null,
            null,
            null,
            sentAt,
          );
        }
      for (const lead of won) {
        const total = between(800_000, 3_000_000);
        const deposit = Math.round(total * 0.3);
        const wonAt = lead.created + between(5, 20) * DAY;
        if (wonAt >= NOW) continue;
        const sentAt = wonAt - between(1, 4) * DAY;
        insertProposal.run(
          lead.id,
          proposalContent(lead, total, sentAt),
          total,
          sentAt + 30 * DAY,
          wonAt,
          lead.name,
          "127.0.0.1",
          sentAt,
        );
        bill(lead.id, "deposit", deposit, wonAt, 0);
        const doneAt = wonAt + between(15, 45) * DAY;
        // One job in ten grows on the roof: the final bill carries a change order.
        const changeOrder = chance(0.1) ? between(200, 1500) * 100 : 0;
        if (doneAt < NOW) bill(lead.id, "final", total - deposit + changeOrder, doneAt, 14, changeOrder);
      }
    })();

    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const counts = [
      "leads",
      "lead_notes",
      "outbox",
      "estimates",
      "roof_customers",
      "images",
      "projects",
      "testimonials",
      "invoices",
      "proposals",
      "payments",
      "refunds",
    ].map((t) => `${count(t)} ${t}`);
    // A search index kept by triggers has every lead already; say so if one stayed empty.
    const search = sqlite
      .prepare(`select name from sqlite_master where type = 'table' and sql like 'create virtual table%'`)
      .all() as { name: string }[];
    for (const { name } of search) counts.push(`${count(name)} in ${name}`);
    const size =
      fs.statSync(process.env.DATABASE_PATH!).size +
      (fs.existsSync(`${process.env.DATABASE_PATH}-wal`) ? fs.statSync(`${process.env.DATABASE_PATH}-wal`).size : 0);
    closeDb();
    console.log(
      `Database built in ${((performance.now() - t0) / 1000).toFixed(1)} s (${(size / 1024 / 1024).toFixed(0)} MB): ${counts.join(", ")}`,
    );
    return { leadPage: heavy.id, roofCustomer: 1 };
  });
}

/** The kept database (BENCH_DB): the lead with years of history is the newest written. */
async function keptDatabase() {
  const { getDb, closeDb } = await import("~/server/db.server");
  const { id } = getDb().$client.prepare("select max(id) as id from leads").get() as { id: number };
  closeDb();
  console.log(`Database reused: ${process.env.DATABASE_PATH}`);
  return { leadPage: id, roofCustomer: 1 };
}

type Page = { label: string; path: string; admin: boolean; kind?: "search" | "export"; encoding?: string };

const hasExports = (pages: Page[]) => pages.some((p) => p.kind === "export");

/** Asks the server for a full garbage collection (bench-scale-gc.mjs) and returns its memory once settled. */
async function settled(pid: number): Promise<{ rss: number; heapUsed: number }> {
  fs.rmSync(GC_REPORT, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(GC_REPORT); i++) await new Promise((r) => setTimeout(r, 10));
  const { heapUsed } = JSON.parse(fs.readFileSync(GC_REPORT, "utf8")) as { heapUsed: number };
  // The collector has returned; give the allocator a moment to hand pages back.
  await new Promise((r) => setTimeout(r, 50));
  return { rss: rssOf(pid) ?? 0, heapUsed };
}

/** One GET read to its end: time to the last byte, bytes as sent (no compression asked for). */
async function timed(base: string, page: Page, cookie: string, onChunk?: () => void) {
  const t0 = performance.now();
  const res = await fetch(base + page.path, {
    headers: { "Accept-Encoding": page.encoding ?? "identity", ...(page.admin ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    bytes += part.value.byteLength;
    onChunk?.();
  }
  return { status: res.status, ms: performance.now() - t0, bytes };
}

const kb = (n: number) => `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : kb(n));

async function main() {
  const { leadPage, roofCustomer } = reuse ? await keptDatabase() : await buildDatabase();
  const started = performance.now();
  const server = await startServer(
    PORT,
    {
      DATABASE_PATH: process.env.DATABASE_PATH,
      UPLOADS_DIR: process.env.UPLOADS_DIR,
      SEED_DEMO_CONTENT: "0",
      // A full GC on SIGUSR2, for measuring the exports from settled memory.
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ""} --expose-gc --import=${path.resolve("scripts/bench-scale-gc.mjs")}`.trim(),
      BENCH_GC_REPORT: GC_REPORT,
    },
    // Timed once the server has rendered its public pages ahead, as it does after each start:
    // meanwhile every page waits on that work (a restart's first minute, not the owner's day).
    { warmed: true },
  );
  console.log(`Server up and its page cache warmed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const cookie = await signIn(server.base);
    // Every CSV route the app has (read from its site map), each a download the owner makes.
    const routes = fs.readFileSync("app/routes.ts", "utf8");
    const thisYear = new Date(NOW).getUTCFullYear();
    // The accountant's files (`:file.csv`) each for this year, as the owner downloads them.
    const csvPaths = [...routes.matchAll(/route\("([^"]+\.csv)"/g)].flatMap((m) => {
      const route = "/" + m[1].replace(":id", String(roofCustomer));
      return route.includes(":file")
        ? ACCOUNTANT_FILES.map((file) => `${route.replace(":file", file)}?period=year&year=${thisYear}`)
        : [route];
    });
    const pages: Page[] = [
      { label: "Dashboard /admin", path: "/admin", admin: true },
      { label: "Leads", path: "/admin/leads", admin: true },
      { label: 'Leads, search "smith"', path: "/admin/leads?q=smith", admin: true, kind: "search" },
      { label: "Leads, status New", path: "/admin/leads?status=new", admin: true },
      { label: "Pipeline", path: "/admin/leads/pipeline", admin: true },
      ...reportPages(NOW).map((page): Page => ({ ...page, admin: true })),
      { label: "A lead (300 entries)", path: `/admin/leads/${leadPage}`, admin: true },
      { label: "Roof tool", path: "/admin/roof-measurement", admin: true },
      { label: "Images", path: "/admin/images", admin: true },
      { label: "Projects", path: "/admin/projects", admin: true },
      { label: "Testimonials", path: "/admin/testimonials", admin: true },
      ...csvPaths.map((p): Page => ({
        label: `Export ${p.split("/").pop()!.split("?")[0]}`,
        path: p,
        admin: true,
        kind: "export",
      })),
      // As a browser asks for it: compressed by the server's compression() on the way out.
      {
        label: "Export export.csv, gzip",
        path: "/admin/leads/export.csv",
        admin: true,
        kind: "export",
        encoding: "gzip",
      },
      {
        label: "Export export.csv, brotli",
        path: "/admin/leads/export.csv",
        admin: true,
        kind: "export",
        encoding: "gzip, deflate, br",
      },
      { label: "Public /", path: "/", admin: false },
      { label: "Public /portfolio", path: "/portfolio", admin: false },
      { label: "Public service page", path: "/services/residential-roofing-wichita", admin: false },
      { label: "Public area page", path: "/derby-framing-roofing-services", admin: false },
    ];

    const only = process.env.BENCH_PAGES?.toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    if (only)
      pages.splice(0, pages.length, ...pages.filter((p) => only.some((word) => p.label.toLowerCase().includes(word))));
    const widths = [24, 7, 9, 9, 9, 10, 9, 20];
    console.log(
      `\n${RUNS} sequential GETs each (each export ${EXPORT_RUNS}), signed in as the owner (public pages anonymous, so the page cache answers after the first)`,
    );
    // "CPU": the server's own CPU time per request (all its threads, the mean over the runs):
    // steadier than wall time on a machine whose other work comes and goes.
    console.log(row(["page", "status", "p50", "p95", "slowest", "size", "CPU", "target (p95, size)"], widths));
    const pid = server.child.pid!;
    // Export memory, measured fairly (decision 0061): before each download the server runs a
    // full garbage collection (bench-scale-gc.mjs), then its RSS is sampled while the bytes
    // arrive. Growth is the peak over that settled start: what sending the file takes, not
    // the garbage earlier requests left for V8 to collect later. What stays is the heap in
    // use after a collection, before the first export and after the last.
    const exportGrowth = new Map<string, number[]>();
    const heapBefore = hasExports(pages) ? (await settled(pid)).heapUsed : 0;
    for (const page of pages) {
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      // One request first, not counted: the route's module loads and SQLite reads its pages
      // from disk once after a start, which no visitor meets twice.
      if (page.kind !== "export") await timed(server.base, page, cookie);
      const cpuBefore = cpuMsOf(pid);
      const runs = page.kind === "export" ? EXPORT_RUNS : RUNS;
      for (let i = 0; i < runs; i++) {
        let peak = 0;
        const before = page.kind === "export" ? (await settled(pid)).rss : 0;
        // Sampled while the bytes arrive: what the server holds to send them.
        const sample = () => (peak = Math.max(peak, rssOf(pid) ?? 0));
        const timer = page.kind === "export" ? setInterval(sample, 5) : null;
        const result = await timed(server.base, page, cookie, page.kind === "export" ? sample : undefined);
        if (timer) clearInterval(timer);
        if (page.kind === "export") {
          sample();
          exportGrowth.set(page.label, [...(exportGrowth.get(page.label) ?? []), peak - before]);
        }
        times.push(result.ms);
        bytes = result.bytes;
        status = result.status;
      }
      const cpuAfter = cpuMsOf(pid);
      // Not for the exports: each of their runs starts with a full collection (settled, above).
      const cpu =
        page.kind !== "export" && cpuBefore !== null && cpuAfter !== null ? ms((cpuAfter - cpuBefore) / runs) : "";
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const target =
        page.kind === "export"
          ? "RSS growth, below"
          : !page.admin
            ? ""
            : `<= ${TARGET_PAGE_MS} ms, <= ${kb(TARGET_PAGE_BYTES)}`;
      const met =
        page.admin && page.kind !== "export"
          ? p95 <= TARGET_PAGE_MS && bytes <= TARGET_PAGE_BYTES
            ? "  met"
            : "  MISSED"
          : "";
      console.log(
        row(
          [page.label, status, ms(percentile(times, 50)), ms(p95), ms(times.at(-1)!), size(bytes), cpu, target + met],
          widths,
        ).trimEnd(),
      );
    }
    if (exportGrowth.size) {
      console.log(
        `\nServer RSS growth while sending each export, from a full GC before each download (target <= ${size(TARGET_RSS_GROWTH)}):`,
      );
      for (const [label, growths] of exportGrowth) {
        const worst = Math.max(...growths);
        const sorted = [...growths].sort((a, b) => a - b);
        console.log(
          `  ${label.padEnd(34)} first ${size(Math.max(0, growths[0]))}, median ${size(Math.max(0, percentile(sorted, 50)))}, worst ${size(Math.max(0, worst))}: ${worst <= TARGET_RSS_GROWTH ? "met" : "MISSED"}`,
        );
      }
      const heapAfter = (await settled(pid)).heapUsed;
      console.log(
        `  V8 heap in use after a full GC: ${size(heapBefore)} before the exports, ${size(heapAfter)} after (what an export keeps)`,
      );
    }
    console.log(`Server RSS after the run: ${megabytes(rssOf(pid))}`);
  } finally {
    server.stop();
    if (process.env.BENCH_DB) console.log(`Database kept for the next run: ${process.env.DATABASE_PATH}`);
    else if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`Database kept: ${process.env.DATABASE_PATH}`);
  }
}

await main();
