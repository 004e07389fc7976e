import fs from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { claimSupplements, invoices } from "~/db/schema";
import type { Role } from "~/lib/roles";
import { CLAIM_MESSAGES } from "~/lib/insurance-claim";
import { createLead } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { getClaim, listClaimFiles, listSupplements } from "~/models/insurance-claim.server";
import { EXPORT_ROWS } from "~/models/export.server";
import { EXPORT_FILES } from "~/lib/export-files";
import { getDb } from "~/server/db.server";
import { privateUploadsDir } from "~/server/storage.server";
import { tidyUploads } from "~/services/upload-housekeeping.server";
import { action, loader } from "~/routes/admin/lead-claim";
import { loader as leadLoader } from "~/routes/admin/lead";
import { loader as fileLoader } from "~/routes/resources/claim-file";
import { answer, formPost, routeArgs, signInTeam } from "./admin-session";
import { jpegMagicHtml, phonePhoto, describeStored } from "./test-images";

// A lead that is an insurance claim: marked, changed and removed by the office, supplements
// asked and decided, the carrier's scope and photos kept privately, the crew reading the
// carrier and the adjuster but never the money, and every row in the export.

const team: Record<string, { id: number; cookie: string }> = {};
beforeAll(async () => {
  const people: [string, Role, string][] = [
    ["owner", "owner", "Pat Owner"],
    ["office", "office", "Olive Office"],
    ["crew", "crew", "Kim Crew"],
  ];
  Object.assign(team, await signInTeam(people));
});

const newLead = () =>
  createLead({ name: "Karen Miller", email: "karen@example.com", phone: null, message: "Hail damage" }).id;

const claimPost = (who: string, leadId: number, fields: Record<string, string>) =>
  answer(() =>
    action(routeArgs(formPost(`/admin/leads/${leadId}/claim`, fields, team[who].cookie), { id: String(leadId) })),
  );

/** A file posted to the claim's form, as the browser sends it (multipart). */
function filePost(who: string, leadId: number, kind: string, file: { bytes: Uint8Array | string; name: string }) {
  const body = new FormData();
  body.set("intent", "add-claim-file");
  body.set("kind", kind);
  body.set("file", new File([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)], file.name));
  const request = new Request(`http://site.test/admin/leads/${leadId}/claim`, {
    method: "POST",
    headers: { Cookie: team[who].cookie },
    body,
  });
  return answer(() => action(routeArgs(request, { id: String(leadId) })));
}

/** The lead's history in words, oldest first. */
const history = (leadId: number, role: Role = "owner") => listLeadNotes(leadId, role).map((n) => n.text ?? "");
const errorsOf = (data: unknown) => (data as { reply: { error?: Record<string, string[]> } }).reply.error ?? {};

const STATE_FARM = {
  intent: "save-claim",
  carrier: "State Farm",
  claimNumber: "12-345",
  lossOn: "2026-06-14",
  adjusterName: "Pat Adjuster",
  adjusterPhone: "(316) 555-0142",
  adjusterEmail: "pat.adjuster@statefarm.example",
  deductible: "1,000",
};

const pdf = "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const privateFiles = () => (fs.existsSync(privateUploadsDir) ? fs.readdirSync(privateUploadsDir).sort() : []);

describe("marking a lead as an insurance claim", () => {
  it("keeps the carrier, claim and adjuster, in whole cents, with a history entry in plain words", async () => {
    const leadId = newLead();
    const saved = await claimPost("office", leadId, STATE_FARM);
    expect(saved).toMatchObject({ status: 302, location: `/admin/leads/${leadId}#claim` });
    expect(getClaim(leadId)).toMatchObject({
      carrier: "State Farm",
      claimNumber: "12-345",
      lossOn: "2026-06-14",
      adjusterPhone: "(316) 555-0142",
      deductibleCents: 100_000,
      approvedCents: null,
      depreciationCents: 0,
    });
    expect(history(leadId)).toContain("Marked as an insurance claim with State Farm, claim 12-345");

    // The scope is in: the approved replacement cost and the depreciation held back.
    const changed = await claimPost("office", leadId, { ...STATE_FARM, approved: "18450.55", depreciation: "4200" });
    expect(changed.status).toBe(302);
    expect(getClaim(leadId)).toMatchObject({ approvedCents: 1_845_055, depreciationCents: 420_000 });
    expect(history(leadId).at(-1)).toBe("Claim details changed");
    // The same details again change nothing, and say so.
    await claimPost("office", leadId, { ...STATE_FARM, approved: "18450.55", depreciation: "4200" });
    expect(history(leadId).filter((t) => t === "Claim details changed")).toHaveLength(1);
  });

  it("refuses a form without a claim number, a storm in the future or depreciation over the approved cost", async () => {
    const leadId = newLead();
    const missing = await claimPost("office", leadId, { ...STATE_FARM, claimNumber: "" });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.data).claimNumber).toEqual([CLAIM_MESSAGES.claimNumber]);
    const future = await claimPost("office", leadId, { ...STATE_FARM, lossOn: "2999-01-01" });
    expect(errorsOf(future.data).lossOn).toEqual([CLAIM_MESSAGES.futureLoss]);
    const over = await claimPost("office", leadId, { ...STATE_FARM, approved: "100", depreciation: "200" });
    expect(errorsOf(over.data).depreciation).toEqual([CLAIM_MESSAGES.depreciationOverApproved]);
    expect(getClaim(leadId)).toBeUndefined();
  });

  it("is the office's to write: the crew's post is refused", async () => {
    const leadId = newLead();
    const crew = await claimPost("crew", leadId, STATE_FARM);
    expect(crew.status).toBe(403);
    expect(getClaim(leadId)).toBeUndefined();
  });

  it("is removed while no invoice names the carrier, and stays once one does", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, STATE_FARM);
    await filePost("office", leadId, "scope", { bytes: pdf, name: "scope.pdf" });
    const [file] = listClaimFiles(leadId);
    expect(privateFiles()).toContain(file.storedName);
    const removed = await claimPost("office", leadId, { intent: "remove-claim" });
    expect(removed.status).toBe(302);
    expect(getClaim(leadId)).toBeUndefined();
    expect(listClaimFiles(leadId)).toEqual([]);
    expect(privateFiles()).not.toContain(file.storedName);
    expect(history(leadId).at(-1)).toBe("Not an insurance claim any more (was with State Farm)");

    await claimPost("office", leadId, STATE_FARM);
    getDb()
      .insert(invoices)
      .values({ leadId, kind: "progress", payer: "carrier", lines: [], subtotalCents: 100, totalCents: 100 })
      .run();
    const kept = await claimPost("office", leadId, { intent: "remove-claim" });
    expect(kept.status).toBe(409);
    expect((kept.data as { reply: { error: Record<string, string[]> } }).reply.error[""]).toEqual([
      CLAIM_MESSAGES.carrierInvoices,
    ]);
    expect(getClaim(leadId)).toBeDefined();
  });
});

describe("supplements", () => {
  it("go from submitted to approved (the asked amount, or less, never more) or denied, and not once billed", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, STATE_FARM);
    const claimId = getClaim(leadId)!.id;
    const ask = (description: string, requested: string) =>
      claimPost("office", leadId, { intent: "add-supplement", description, requested, submittedOn: "2026-11-20" });
    expect((await ask("Ridge vent", "450")).status).toBe(302);
    expect((await ask("Drip edge", "300")).status).toBe(302);
    const [vent, drip] = listSupplements(claimId);
    expect(vent).toMatchObject({ state: "submitted", requestedCents: 45_000, approvedCents: null });

    const decide = (supplementId: number, fields: Record<string, string>) =>
      claimPost("office", leadId, {
        intent: "decide-supplement",
        supplementId: String(supplementId),
        decidedOn: "2026-11-25",
        ...fields,
      });
    const tooMuch = await decide(vent.id, { decision: "approved", approved: "450.01" });
    expect(tooMuch.status).toBe(400);
    expect(errorsOf(tooMuch.data).approved).toEqual([CLAIM_MESSAGES.supplementOverAsked]);
    expect((await decide(vent.id, { decision: "approved", approved: "400" })).status).toBe(302);
    expect((await decide(drip.id, { decision: "approved" })).status).toBe(302);
    expect((await decide(drip.id, { decision: "denied" })).status).toBe(302);
    expect(listSupplements(claimId).map((s) => [s.state, s.approvedCents, s.decidedOn])).toEqual([
      ["approved", 40_000, "2026-11-25"],
      ["denied", null, "2026-11-25"],
    ]);
    expect(history(leadId).slice(-3)).toEqual([
      "Supplement approved: Ridge vent, $400.00",
      "Supplement approved: Drip edge, $300.00",
      "Supplement denied: Drip edge",
    ]);

    // Billed on an invoice (the money's side sets it): it keeps what its invoice says.
    const invoice = getDb()
      .insert(invoices)
      .values({
        leadId,
        kind: "progress",
        number: 907,
        state: "sent",
        payer: "carrier",
        lines: [],
        subtotalCents: 40_000,
        totalCents: 40_000,
      })
      .returning()
      .get();
    getDb().update(claimSupplements).set({ invoiceId: invoice.id }).where(eq(claimSupplements.id, vent.id)).run();
    const billed = await decide(vent.id, { decision: "denied" });
    expect(billed.status).toBe(409);
    expect(listSupplements(claimId)[0]).toMatchObject({ state: "approved", invoiceNumber: 907 });
    const page = await answer(() =>
      loader(
        routeArgs(
          new Request(`http://site.test/admin/leads/${leadId}/claim`, { headers: { Cookie: team.office.cookie } }),
          { id: String(leadId) },
        ),
      ),
    );
    const view = (page.data as { claim: { supplements: { billedOn: string | null }[] } }).claim;
    expect(view.supplements[0].billedOn).toBe("Billed on INV-0907");
  });
});

describe("claim files", () => {
  it("keeps the scope PDF and a photo privately; the photo is cleaned of its location", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, STATE_FARM);
    expect((await filePost("office", leadId, "scope", { bytes: pdf, name: "State Farm scope.pdf" })).status).toBe(302);
    expect((await filePost("office", leadId, "photo", { bytes: await phonePhoto(), name: "ridge.jpg" })).status).toBe(
      302,
    );
    const [scope, photo] = listClaimFiles(leadId);
    expect([scope.kind, scope.contentType, photo.kind, photo.contentType]).toEqual([
      "scope",
      "application/pdf",
      "photo",
      "image/jpeg",
    ]);
    expect((await describeStored(fs.readFileSync(`${privateUploadsDir}/${photo.storedName}`))).exif).toBeFalsy();

    // Opened by staff: a PDF is saved, a picture shown, never cached; the crew opens both.
    const open = (who: string, fileId: number) =>
      fileLoader(
        routeArgs(new Request(`http://site.test/x`, { headers: { Cookie: team[who].cookie } }), {
          id: String(leadId),
          fileId: String(fileId),
        }),
      ) as Promise<Response>;
    const saved = await open("crew", scope.id);
    expect(saved.headers.get("Content-Type")).toBe("application/pdf");
    expect(saved.headers.get("Content-Disposition")).toBe('attachment; filename="State Farm scope.pdf"');
    expect(saved.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await saved.text()).startsWith("%PDF-")).toBe(true);
    expect((await open("owner", photo.id)).headers.get("Content-Disposition")).toMatch(/^inline/);
  });

  it("refuses a file dressed up as another, and leaves no file behind", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, STATE_FARM);
    const before = privateFiles();
    const disguised = await filePost("office", leadId, "photo", { bytes: jpegMagicHtml(), name: "roof.jpg" });
    expect(disguised.status).toBe(415);
    expect(errorsOf(disguised.data).file).toEqual([CLAIM_MESSAGES.photoNotImage]);
    const htmlScope = await filePost("office", leadId, "scope", { bytes: "<html>scope</html>", name: "scope.pdf" });
    expect(errorsOf(htmlScope.data).file).toEqual([CLAIM_MESSAGES.scopeNotPdf]);
    const none = await filePost("office", leadId, "scope", { bytes: "", name: "" });
    expect(errorsOf(none.data).file).toEqual([CLAIM_MESSAGES.chooseFile]);
    // A lead that is no claim takes no file: the file written first goes again.
    const noClaim = await filePost("office", newLead(), "scope", { bytes: pdf, name: "scope.pdf" });
    expect(noClaim.status).toBe(409);
    expect(privateFiles()).toEqual(before);
    expect(listClaimFiles(leadId)).toEqual([]);
  });

  it("are kept by the start-up sweep, and deleted with their file", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, STATE_FARM);
    await filePost("office", leadId, "other", { bytes: pdf, name: "letter.pdf" });
    const [file] = listClaimFiles(leadId);
    // Made old enough for the sweep to consider it.
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(`${privateUploadsDir}/${file.storedName}`, old, old);
    await tidyUploads(() => {});
    expect(privateFiles()).toContain(file.storedName);
    const deleted = await claimPost("office", leadId, { intent: "delete-claim-file", fileId: String(file.id) });
    expect(deleted.status).toBe(302);
    expect(privateFiles()).not.toContain(file.storedName);
    expect((await claimPost("office", leadId, { intent: "delete-claim-file", fileId: String(file.id) })).status).toBe(
      409,
    );
    // Both in the lead's history, once each, by the office.
    expect(history(leadId).filter((t) => t.includes("letter.pdf"))).toEqual([
      "Other document added to the claim: letter.pdf",
      "Other document deleted from the claim: letter.pdf",
    ]);
    // The crew, who may not open a letter, reads that one came and went, not its name.
    expect(history(leadId, "crew").filter((t) => t.startsWith("Other document"))).toEqual([
      "Other document added to the claim",
      "Other document deleted from the claim",
    ]);
    expect(
      listLeadNotes(leadId, "owner")
        .filter((n) => n.text?.includes("letter.pdf"))
        .map((n) => n.author),
    ).toEqual(["Olive Office", "Olive Office"]);
  });
});

describe("what the crew sees", () => {
  it("the carrier, the claim, the adjuster to call and the scope; no money, no letters, no amounts in the history", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, { ...STATE_FARM, approved: "18450.55", depreciation: "4200" });
    await claimPost("office", leadId, {
      intent: "add-supplement",
      description: "Ridge vent",
      requested: "450",
      submittedOn: "2026-11-20",
    });
    await filePost("office", leadId, "scope", { bytes: pdf, name: "scope.pdf" });
    await filePost("office", leadId, "other", { bytes: pdf, name: "letter.pdf" });
    const page = await answer(() =>
      leadLoader(
        routeArgs(new Request(`http://site.test/admin/leads/${leadId}`, { headers: { Cookie: team.crew.cookie } }), {
          id: String(leadId),
        }),
      ),
    );
    const claim = (page.data as { claim: Record<string, unknown> & { claim: Record<string, unknown> } }).claim;
    expect(claim.claim).toMatchObject({
      carrier: "State Farm",
      claimNumber: "12-345",
      adjusterName: "Pat Adjuster",
      adjusterPhoneHref: "tel:+13165550142",
      adjusterEmail: "pat.adjuster@statefarm.example",
      money: null,
    });
    expect(claim.supplements).toBeNull();
    expect(claim.manages).toBe(false);
    expect((claim.files as { name: string }[]).map((f) => f.name)).toEqual(["scope.pdf"]);
    expect(JSON.stringify(claim)).not.toMatch(/\$|18,450|1000|100000/);
    const crewHistory = history(leadId, "crew");
    expect(crewHistory).toContain("Supplement asked of the carrier: Ridge vent");
    expect(crewHistory.join(" ")).not.toContain("$");
    // The letter is not theirs to open, even by its address.
    const letter = listClaimFiles(leadId).find((f) => f.kind === "other")!;
    const refused = await answer(() =>
      fileLoader(
        routeArgs(new Request("http://site.test/x", { headers: { Cookie: team.crew.cookie } }), {
          id: String(leadId),
          fileId: String(letter.id),
        }),
      ),
    );
    expect(refused.status).toBe(404);
  });
});

describe("the export", () => {
  it("has each claim, its supplements and its files, money in dollars", async () => {
    const leadId = newLead();
    await claimPost("office", leadId, { ...STATE_FARM, approved: "18450.55", depreciation: "4200" });
    await claimPost("office", leadId, {
      intent: "add-supplement",
      description: "Ridge vent",
      requested: "450",
      submittedOn: "2026-11-20",
    });
    await filePost("office", leadId, "scope", { bytes: pdf, name: "scope.pdf" });
    const rowsOf = (file: (typeof EXPORT_FILES)[number]["file"]) => {
      const header = EXPORT_FILES.find((f) => f.file === file)!.columns.map(([name]) => name);
      return [...EXPORT_ROWS[file]()].map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
    };
    const claim = rowsOf("claims.csv").find((r) => r.lead_id === leadId)!;
    expect(claim).toMatchObject({
      carrier: "State Farm",
      claim_number: "12-345",
      deductible: "1000.00",
      approved: "18450.55",
      depreciation: "4200.00",
      created_by: "Olive Office",
    });
    const supplement = rowsOf("claim_supplements.csv").find((r) => r.lead_id === leadId)!;
    expect(supplement).toMatchObject({
      description: "Ridge vent",
      requested: "450.00",
      state: "submitted",
      approved: null,
    });
    const [file] = rowsOf("claim_files.csv").filter((r) => r.lead_id === leadId);
    expect(file).toMatchObject({ kind: "scope", original_name: "scope.pdf" });
    expect(String(file.file)).toMatch(/^private-uploads\/[a-f0-9]{24}\.pdf$/);
  });
});
