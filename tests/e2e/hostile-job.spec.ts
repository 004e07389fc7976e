import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { E2E_DIR } from "../../playwright.config";
import { adminSessionCookie, expect, test } from "./fixtures";
import { FORM, multipart, MULTIPART, sweep, type HostileBody } from "./hostile-bodies";
import { seedLeadWithEstimate } from "./seed-estimate";
import { addDays, businessToday } from "../../app/lib/business-time";

// The job's places that take input (the schedule, invoices, payments, the homeowner's job
// page and its Pay button, Stripe's webhook) against hostile bodies and odd methods, on the
// real production server: a 4xx or a redirect, never a 5xx. One project: they speak HTTP.

type Seeded = { leadId: number; token: string; sentId: number; draftId: number; visitId: number };

/** A lead with a sent and a draft invoice, a booked visit and a working job-page link. */
function seedJob(stamp: string): Seeded {
  const leadId = seedLeadWithEstimate(`Hostile Job ${stamp}`, `hostile-${stamp}@example.com`);
  const token = randomBytes(32).toString("base64url");
  const db = new Database(`${E2E_DIR}/app.db`);
  try {
    db.prepare("update leads set status = 'won' where id = ?").run(leadId);
    const lines = JSON.stringify([{ description: "Tear-off and new roof", amountCents: 100000 }]);
    const sent = db
      .prepare(
        `insert into invoices (lead_id, number, kind, state, lines, subtotal_cents, total_cents, due_on, sent_at)
         select ?, coalesce(max(number), 0) + 1, 'progress', 'sent', ?, 100000, 100000, ?, ? from invoices returning id`,
      )
      .get(leadId, lines, addDays(businessToday(), 30), Date.now()) as { id: number };
    const draft = db
      .prepare(
        `insert into invoices (lead_id, kind, state, lines, subtotal_cents, total_cents) values (?, 'final', 'draft', ?, 100000, 100000) returning id`,
      )
      .get(leadId, lines) as { id: number };
    const visit = db
      .prepare("insert into visits (lead_id, kind, starts_at) values (?, 'work_day', ?) returning id")
      .get(leadId, Date.now() + 3 * 86_400_000) as { id: number };
    db.prepare("insert into job_links (lead_id, token_hash) values (?, ?)").run(
      leadId,
      createHash("sha256").update(token).digest("base64url"),
    );
    return { leadId, token, sentId: sent.id, draftId: draft.id, visitId: visit.id };
  } finally {
    db.close();
  }
}

// The generic bad bodies go to every place; each admin form also gets its own intents with
// unknown, malformed and real ids and odd values in every field.
const GENERIC: HostileBody[] = [
  ["JSON", "application/json", '{"intent":"record-payment","amount":"1"}'],
  ["no content type", null, "intent=record-payment"],
  ["empty form", FORM, ""],
  ["garbled form", FORM, "%zz=%%&&==&intent"],
  ["multipart without boundary", "multipart/form-data", "--x\r\n"],
  ["a text file called .png", MULTIPART, multipart([["photos", "<html>hi</html>", "a.png"]])],
  [
    "six files",
    MULTIPART,
    multipart([1, 2, 3, 4, 5, 6].map((n): [string, string, string] => ["photos", "x", `${n}.png`])),
  ],
  ["a 100 KB field", FORM, `note=${"a".repeat(100_000)}`],
];

function intentBodies(intents: string[], realId: number): HostileBody[] {
  const ids = [String(realId), "999999", "abc", "99999999999999999999"];
  return [...intents, "made-up"].flatMap((intent) =>
    ids.flatMap((id): [string, string, string][] => [
      [`${intent} id ${id}`, FORM, `intent=${intent}&id=${id}&invoiceId=${id}&visitId=${id}`],
      [
        `${intent} id ${id}, odd values`,
        FORM,
        `intent=${intent}&id=${id}&invoiceId=${id}&visitId=${id}&kind=work_day&kind=final&day=2026-02-30&time=25:99&lengthMinutes=-5&amount=1e309&method=bitcoin&checkNumber=${"9".repeat(50)}&percent=NaN&basis=both&lines[0].description=x&lines[0].amount=-99999999999&lines[999999].amount=1&dueOn=yesterday`,
      ],
      [
        `${intent} id ${id} as multipart`,
        MULTIPART,
        multipart([
          ["intent", intent],
          ["invoiceId", id],
          ["amount", "12.345"],
          ["method", "check"],
        ]),
      ],
    ]),
  );
}

test("@desktop @js the schedule, invoices, payments and the job page answer bad bodies with a 4xx or a redirect", async ({
  playwright,
  baseURL,
}, info) => {
  test.setTimeout(540_000);
  const s = seedJob(`${info.project.name}-${Date.now()}`);
  const unknownToken = randomBytes(32).toString("base64url");
  const lead = `/admin/leads/${s.leadId}`;
  const visits = intentBodies(["add-visit", "move-visit", "cancel-visit"], s.visitId);
  const invoices = intentBodies(
    ["create-invoice", "save-invoice", "send-invoice", "delete-draft", "void-invoice"],
    s.draftId,
  );
  const payments = intentBodies(["record-payment"], s.sentId);
  const links = intentBodies(["new-job-page-link", "revoke-job-page-links"], s.leadId);
  // The homeowner's places come first: the signed-in pass may revoke the link on purpose.
  const paths: [string, HostileBody[]][] = [
    [`/job/${s.token}`, []],
    [`/job/${s.token}.data`, []],
    [`/job/${unknownToken}`, []],
    ["/job/not-a-token", []],
    [`/job/${s.token}/invoices/${s.sentId}/pay`, []],
    [`/job/${s.token}/invoices/${s.draftId}/pay`, []],
    [`/job/${s.token}/invoices/abc/pay`, []],
    [`/job/${unknownToken}/invoices/${s.sentId}/pay`, []],
    ["/stripe/webhook", []],
    ["/admin/schedule", []],
    ["/admin/schedule.data", []],
    [`${lead}/visits`, visits],
    [`${lead}/visits.data`, visits],
    [`${lead}/invoices`, invoices],
    [`${lead}/invoices.data`, invoices],
    [`${lead}/payments`, payments],
    [`${lead}/payments.data`, payments],
    [`${lead}/job-page-link`, links],
    [`${lead}/job-page-link.data`, links],
    ["/admin/leads/999999/invoices", invoices],
    ["/admin/leads/abc/visits", visits],
  ];
  // Read-only places with odd queries and ids.
  const gets = [
    "/admin/schedule?week=garbage",
    "/admin/schedule?week=9999-99-99",
    "/admin/schedule?week=2026-02-30&day=-1",
    "/admin/leads/pipeline?owing=-1&page=abc",
    "/admin/leads/pipeline?page=99999999999999999999",
    `${lead}/invoices/${s.draftId}.pdf`,
    `${lead}/invoices/999999.pdf`,
    `${lead}/invoices/abc.pdf`,
    `/job/${s.token}/proposal.pdf`,
    `/job/${s.token}/invoices/${s.draftId}.pdf`,
    `/job/${s.token}/invoices/abc.pdf`,
    `/job/${unknownToken}/invoices/${s.sentId}.pdf`,
    `/job/${s.token}?uploaded=abc`,
    `/job/${s.token}?uploaded=99999999999999999999`,
    "/stripe/webhook",
  ];
  const failures = await sweep(playwright, {
    baseURL: baseURL!,
    session: await adminSessionCookie(),
    places: () => paths.map(([path, own]) => [path, [...GENERIC, ...own]]),
    gets,
  });
  expect(failures).toEqual([]);

  // Still serving.
  expect((await playwright.request.newContext({ baseURL }).then((api) => api.get("/healthz"))).status()).toBe(200);
});
