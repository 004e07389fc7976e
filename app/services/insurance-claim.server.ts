import { href } from "react-router";
import { mayPost, seesMoney } from "~/lib/access";
import type { Actor } from "~/lib/actor";
import { businessToday, formatDay, formatKansasDate } from "~/lib/business-time";
import { telHref } from "~/lib/business";
import {
  CLAIM_FILE_KIND_LABELS,
  SUPPLEMENT_STATE_LABELS,
  type ClaimFileKind,
  type SupplementState,
} from "~/lib/claim-kinds";
import { formatBytes } from "~/lib/format-bytes";
import { isPdf } from "~/lib/image-type";
import {
  CLAIM_INTENTS,
  CLAIM_MESSAGES,
  claimFileProblem,
  seesClaimFile,
  type ClaimFileType,
} from "~/lib/insurance-claim";
import { formatInvoiceNumber } from "~/lib/invoice";
import { centsToDollars } from "~/lib/money";
import { formatCents } from "~/lib/money-format";
import { refusal, isRefusal, type Refusal } from "~/lib/refusal";
import { sniffImage } from "~/lib/image-type";
import { isAcceptedImageType } from "~/lib/upload-rules";
import {
  addClaimFile,
  deleteClaimFile,
  getClaim,
  getClaimFile,
  hasCarrierInvoice,
  listClaimFiles,
  listSupplements,
  removeClaim,
  type InsuranceClaim,
  type ClaimFile,
} from "~/models/insurance-claim.server";
import type { SessionUser } from "~/models/session.server";
import { cleanImage } from "~/server/image-clean.server";
import { newStoredName, readStoredFile, removeUpload, writeUpload } from "~/server/storage.server";
import { notFound, privateImageResponse } from "~/server/responses.server";

/**
 * The insurance claim on a lead (decision 0109): its files on disk (private, the bytes
 * checked, never a row without its file nor a file without its row), removing a claim with
 * its files, serving a file to staff, and what the lead page's "Insurance claim" card shows
 * each role (the crew: the carrier, the claim and the adjuster, never money).
 */

const ROUTE = "routes/admin/lead-claim";

/** The claim's facts as the card shows them; `money` is null for the crew. */
export type ClaimFactsView = {
  carrier: string;
  claimNumber: string;
  lossOn: string | null;
  adjusterName: string | null;
  adjusterPhone: string | null;
  adjusterPhoneHref: string | null;
  adjusterEmail: string | null;
  money: {
    deductible: string;
    approved: string | null;
    depreciation: string;
    /** The edit form's starting values. */
    form: Record<string, string>;
  } | null;
};

export type ClaimSupplementItem = {
  id: number;
  description: string;
  state: SupplementState;
  stateLabel: string;
  requested: string;
  requestedDollars: string;
  approved: string | null;
  approvedDollars: string | null;
  submittedOn: string;
  decidedOn: string | null;
  decidedOnValue: string | null;
  /** "Billed on INV-0007": a billed supplement is not changed here. */
  billedOn: string | null;
};

export type ClaimFileItem = {
  id: number;
  kind: ClaimFileKind;
  kindLabel: string;
  name: string;
  url: string;
  size: string;
  added: string;
  picture: boolean;
};

export type LeadClaimView = {
  leadId: number;
  action: string;
  claim: ClaimFactsView | null;
  /** Owner and office only. */
  supplements: ClaimSupplementItem[] | null;
  files: ClaimFileItem[];
  /** Owner and office: every form of the card. */
  manages: boolean;
  /** Not a claim any more: none of its invoices names the carrier. */
  mayRemove: boolean;
  today: string;
};

const claimFileUrl = (leadId: number, fileId: number) =>
  href("/admin/leads/:id/claim/files/:fileId", { id: String(leadId), fileId: String(fileId) });

/** The card for this reader; null when there is nothing for them (the crew, on a lead that is no claim). */
export function leadClaimView(leadId: number, user: SessionUser, now = new Date()): LeadClaimView | null {
  const manages = mayPost(user.role, ROUTE, CLAIM_INTENTS.save);
  const claim = getClaim(leadId);
  if (!claim && !manages) return null;
  const money = seesMoney(user.role);
  const files = claim ? listClaimFiles(leadId).filter((f) => seesClaimFile(money, f.kind)) : [];
  return {
    leadId,
    action: href("/admin/leads/:id/claim", { id: String(leadId) }),
    claim: claim ? claimFacts(claim, money) : null,
    supplements: claim && money ? listSupplements(claim.id).map(supplementItem) : null,
    files: files.map((f) => fileItem(leadId, f)),
    manages,
    mayRemove: !!claim && manages && !hasCarrierInvoice(leadId),
    today: businessToday(now),
  };
}

/**
 * A claim's facts as staff read them (the lead page's card; an adjuster meeting on My day,
 * without money): the carrier, the claim, the adjuster a tap away, and for `money` the figures.
 */
export function claimFacts(claim: InsuranceClaim, money: boolean): ClaimFactsView {
  return {
    carrier: claim.carrier,
    claimNumber: claim.claimNumber,
    lossOn: claim.lossOn && formatDay(claim.lossOn),
    adjusterName: claim.adjusterName,
    adjusterPhone: claim.adjusterPhone,
    adjusterPhoneHref: claim.adjusterPhone && telHref(claim.adjusterPhone),
    adjusterEmail: claim.adjusterEmail,
    money: money
      ? {
          deductible: formatCents(claim.deductibleCents),
          approved: claim.approvedCents === null ? null : formatCents(claim.approvedCents),
          depreciation: formatCents(claim.depreciationCents),
          form: {
            carrier: claim.carrier,
            claimNumber: claim.claimNumber,
            lossOn: claim.lossOn ?? "",
            adjusterName: claim.adjusterName ?? "",
            adjusterPhone: claim.adjusterPhone ?? "",
            adjusterEmail: claim.adjusterEmail ?? "",
            deductible: claim.deductibleCents ? centsToDollars(claim.deductibleCents) : "",
            approved: claim.approvedCents === null ? "" : centsToDollars(claim.approvedCents),
            depreciation: claim.depreciationCents ? centsToDollars(claim.depreciationCents) : "",
          },
        }
      : null,
  };
}

function supplementItem(s: ReturnType<typeof listSupplements>[number]): ClaimSupplementItem {
  return {
    id: s.id,
    description: s.description,
    state: s.state,
    stateLabel: SUPPLEMENT_STATE_LABELS[s.state],
    requested: formatCents(s.requestedCents),
    requestedDollars: centsToDollars(s.requestedCents),
    approved: s.approvedCents === null ? null : formatCents(s.approvedCents),
    approvedDollars: s.approvedCents === null ? null : centsToDollars(s.approvedCents),
    submittedOn: formatDay(s.submittedOn),
    decidedOn: s.decidedOn && formatDay(s.decidedOn),
    decidedOnValue: s.decidedOn,
    billedOn: s.invoiceId === null ? null : `Billed on ${formatInvoiceNumber(s.invoiceNumber)}`,
  };
}

const fileItem = (leadId: number, f: ClaimFile): ClaimFileItem => ({
  id: f.id,
  kind: f.kind,
  kindLabel: CLAIM_FILE_KIND_LABELS[f.kind],
  name: f.originalName,
  url: claimFileUrl(leadId, f.id),
  size: formatBytes(f.bytes),
  added: formatKansasDate(f.createdAt),
  picture: f.contentType.startsWith("image/"),
});

/** What the bytes are, for a claim: a PDF, a picture we take (JPEG, PNG, WebP), or neither. */
function claimFileType(bytes: Uint8Array): ClaimFileType {
  if (isPdf(bytes)) return "pdf";
  const image = sniffImage(bytes);
  return image && isAcceptedImageType(image.contentType) ? "image" : null;
}

/**
 * A file kept privately on the lead's claim: the carrier's scope (a PDF), a photo (decoded in
 * full and written again without metadata, as every photo is) or another document. The file
 * is written first, then its row; if the row cannot be written the file goes again.
 */
export async function storeClaimFile(
  leadId: number,
  kind: ClaimFileKind,
  file: { bytes: Uint8Array; name: string } | undefined,
  by: Actor,
): Promise<ClaimFile | Refusal> {
  if (!file || file.bytes.byteLength === 0) return refusal(CLAIM_MESSAGES.chooseFile, { field: "file" });
  const type = claimFileType(file.bytes);
  const problem = claimFileProblem(kind, type);
  if (problem) return refusal(problem, { field: "file", status: 415 });
  let stored: { bytes: Uint8Array; extension: string; contentType: string };
  if (type === "pdf") stored = { bytes: file.bytes, extension: "pdf", contentType: "application/pdf" };
  else {
    const image = await cleanImage(file.bytes);
    if (!image)
      return refusal(kind === "photo" ? CLAIM_MESSAGES.photoNotImage : CLAIM_MESSAGES.notPdfOrImage, {
        field: "file",
        status: 415,
      });
    stored = { bytes: image.bytes, extension: image.info.extension, contentType: image.info.contentType };
  }
  const storedName = newStoredName(stored.extension);
  writeUpload(storedName, stored.bytes, "private");
  try {
    const row = addClaimFile(
      leadId,
      {
        kind,
        storedName,
        originalName: file.name.slice(0, 255) || CLAIM_FILE_KIND_LABELS[kind],
        contentType: stored.contentType,
        bytes: stored.bytes.byteLength,
      },
      by,
    );
    if (!row) {
      removeUpload(storedName, "private");
      return refusal(CLAIM_MESSAGES.noClaim, { status: 409 });
    }
    return row;
  } catch (error) {
    removeUpload(storedName, "private");
    console.error("Could not keep a claim's file:", error);
    return refusal(CLAIM_MESSAGES.fileFailed, { status: 500 });
  }
}

/** Deletes a file of the lead's claim: its row, then its file. Undefined: no such file here. */
export function removeClaimFile(leadId: number, fileId: number, by: Actor): ClaimFile | undefined {
  const deleted = deleteClaimFile(leadId, fileId, by);
  if (deleted) removeUpload(deleted.storedName, "private");
  return deleted;
}

/** The lead is not a claim any more: the rows, then the files they named. */
export function removeLeadClaim(leadId: number, by: Actor): true | undefined | Refusal {
  const removed = removeClaim(leadId, by);
  if (!removed || isRefusal(removed)) return removed;
  for (const file of removed) removeUpload(file.storedName, "private");
  return true;
}

/**
 * A claim file for staff who may see the lead (the crew: the scope and photos): a picture
 * shown, a PDF saved (the browser's viewer does not run in the sandbox every private file
 * gets), never kept by a shared cache.
 */
export async function claimFileResponse(user: SessionUser, leadId: number, fileId: number): Promise<Response> {
  const file = getClaimFile(leadId, fileId);
  if (!file || !seesClaimFile(seesMoney(user.role), file.kind)) notFound();
  const bytes = await readStoredFile(file.storedName, "private");
  if (!bytes) notFound();
  const picture = file.contentType.startsWith("image/");
  const name = file.originalName.replace(/[^\w.\- ]+/g, "_");
  return privateImageResponse(
    { bytes, contentType: file.contentType },
    { "Content-Disposition": `${picture ? "inline" : "attachment"}; filename="${name}"` },
  );
}
