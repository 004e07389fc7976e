import { OUTBOX_KINDS, type OutboxKind } from "~/lib/outbox";
import { leadAutoreply } from "./lead-autoreply.server";
import { leadDigest } from "./lead-digest.server";
import { leadNotification } from "./lead-notification.server";
import type { MailKind } from "./mail-kind.server";
import { proposal } from "./proposal.server";
import { proposalAccepted } from "./proposal-accepted.server";
import { proposalSigned } from "./proposal-signed.server";
import { reviewRequest } from "./review-request.server";
import { invitation } from "./invitation.server";
import { passwordReset } from "./password-reset.server";
import { visitCancelled, visitConfirmation, visitMoved, visitUpdated, visitReminder } from "./visit.server";
import { invoice, invoiceReminder, receipt } from "./invoice.server";
import { backupAlert, backupReportMail } from "./backup-health.server";
import { onMyWay, textMessage } from "./texts.server";

/** Every kind of mail and the module that writes it: a new mail is a new entry here. */
export const MAIL_KINDS: Record<OutboxKind, MailKind> = {
  "lead-notification": leadNotification,
  "lead-autoreply": leadAutoreply,
  "proposal-accepted": proposalAccepted,
  "proposal-signed": proposalSigned,
  proposal,
  "review-request": reviewRequest,
  "lead-digest": leadDigest,
  invitation,
  "password-reset": passwordReset,
  "visit-confirmation": visitConfirmation,
  "visit-reminder": visitReminder,
  "visit-moved": visitMoved,
  "visit-updated": visitUpdated,
  "visit-cancelled": visitCancelled,
  invoice,
  receipt,
  "invoice-reminder": invoiceReminder,
  "backup-alert": backupAlert,
  "backup-report": backupReportMail,
  "on-my-way": onMyWay,
  "text-message": textMessage,
};

/** The kinds a failure is retried for: the probe during an outage picks among these. */
export const RETRYING_KINDS = OUTBOX_KINDS.filter((kind) => MAIL_KINDS[kind].retries);

/** Whether a failure of this kind's text is retried. */
export const textRetries = (kind: MailKind) => kind.textRetries ?? true;

/** The kinds whose texts a failure is retried for: the texts' probe picks among these. */
export const RETRYING_TEXT_KINDS = OUTBOX_KINDS.filter(
  (kind) => MAIL_KINDS[kind].text && textRetries(MAIL_KINDS[kind]),
);
