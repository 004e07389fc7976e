import {
  Archive,
  ArchiveRestore,
  Mail,
  MailOpen,
  MessageSquare,
  MessageSquareText,
  Phone,
  RotateCw,
  Ruler,
  type LucideIcon,
} from "lucide-react";
import { Form, href } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import type { Lead } from "~/db/schema";
import { LEAD_SOURCE_LABELS, type LeadSource } from "~/lib/lead-status";
import { formatKansasDateTime } from "~/lib/business-time";
import { leadAddressLine } from "~/lib/address";
import { PREFERRED_CONTACT } from "~/lib/contact-form";
import { formatPhone, smsHref, telHref } from "~/lib/business";
import type { LeadMails, MailState as MailStateName } from "~/lib/outbox";
import { LEAD_LIST_INTENTS } from "~/lib/lead-paging";

const STATE_LABEL = {
  pending: "Pending",
  sent: "Sent",
  failed: "Failed",
  skipped: "Off",
  unsent: "Not sent — mail is not set up",
} as const;
const STATE_TONE = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-leaf-soft text-leaf",
  failed: "bg-red-100 text-red-800",
  skipped: "bg-sand text-ink-soft",
  unsent: "bg-amber-100 text-amber-900",
} as const;

export function MailState({ label, state }: { label: string; state: MailStateName }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATE_TONE[state]}`}>
      {label}: {STATE_LABEL[state]}
    </span>
  );
}

// How a lead that did not come through the website came in. Typed over every other source,
// so a new source has to say here how it looks (its name is in LEAD_SOURCE_LABELS).
const SOURCE_ICON: Record<Exclude<LeadSource, "website">, LucideIcon> = {
  phone: Phone,
  roof_tool: Ruler,
  text: MessageSquareText,
};

/** Where a lead not from the website came from: a phone call, the roof tool, a text from a new number. */
export function LeadSourceBadge({ source }: { source: Exclude<LeadSource, "website"> }) {
  const Icon = SOURCE_ICON[source];
  const label = LEAD_SOURCE_LABELS[source];
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink">
      <Icon aria-hidden className="size-3" /> {label}
    </span>
  );
}

/**
 * How a lead came in, for its row and its page: a website request's two mails, or where
 * staff got it (a phone call written down, a roof measured in the roof tool). No mail ever
 * goes out for those: their mail states are "skipped", and "Off" would only puzzle.
 */
export function LeadMailStates({ lead, mails }: { lead: Pick<Lead, "source" | "email">; mails: LeadMails }) {
  if (lead.source !== "website") return <LeadSourceBadge source={lead.source} />;
  return (
    <>
      {/* The auto-reply is queued once the notification went: until then it waits too. */}
      <MailState label="Notification" state={mails.notification?.state ?? "pending"} />
      {/* A visitor may leave a phone alone: nobody to answer by mail, so none is sent. */}
      {lead.email ? (
        <MailState label="Auto-reply" state={mails.autoreply?.state ?? "pending"} />
      ) : (
        <span className="rounded-full bg-sand px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-ink">
          {NO_EMAIL_AUTOREPLY}
        </span>
      )}
    </>
  );
}

/** What a website lead without an email shows where its auto-reply's state would be. */
const NO_EMAIL_AUTOREPLY = "Auto-reply: none, no email given";

/** A photo as the admin shows it: a small copy in a list, the original one tap away (the lead page's Photos). */
export type LeadPhotoView = { id: number; thumb: string; full: string; name: string; width: number; height: number };

const linkClass = "text-brand-dark underline";

/**
 * One lead with what the visitor told us about the job, its mail and what staff can do (its
 * photos are the page's Photos section). A lead staff added (a phone call) says who added it (`addedBy`) instead of its mail.
 */
export function LeadDetail({
  lead: m,
  mails,
  addedBy,
  manages = true,
}: {
  lead: Lead;
  mails: LeadMails;
  addedBy?: string | null;
  /** Archiving and resending are the owner's and office's (decision 0048): the crew only marks read. */
  manages?: boolean;
}) {
  const { notification, autoreply } = mails;
  const failed = notification?.state === "failed" || autoreply?.state === "failed";
  const address = leadAddressLine(m);
  const facts: [string, React.ReactNode][] = [
    ["Work", m.service],
    [
      "Address",
      address && (
        <a
          href={`https://maps.google.com/?q=${encodeURIComponent(`${address}, KS`)}`}
          className={linkClass}
          target="_blank"
          rel="noreferrer"
        >
          {address}
        </a>
      ),
    ],
    ["Best way to reach", m.preferredContact && PREFERRED_CONTACT[m.preferredContact]],
  ];
  return (
    // min-w-0: a grid cell otherwise grows to its longest word (an email, a link) past a phone's width.
    <article
      aria-labelledby="lead-name"
      className="min-w-0 space-y-4 rounded-xl border-l-4 border-brand bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="lead-name" className="text-lg font-bold break-words">
            {m.name}
          </h2>
          <p className="text-sm text-ink-soft">
            {formatKansasDateTime(m.createdAt)}
            {addedBy && ` · added by ${addedBy}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LeadMailStates lead={m} mails={mails} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {m.phone && (
          <a href={telHref(m.phone)} className={secondaryButton}>
            <Phone aria-hidden className="size-4" /> Call {formatPhone(m.phone)}
          </a>
        )}
        {/* The quote form offers "Text" as the best way to reach them, and promises a text back. */}
        {m.phone && (
          <a href={smsHref(m.phone)} className={secondaryButton}>
            <MessageSquare aria-hidden className="size-4" /> Text {formatPhone(m.phone)}
          </a>
        )}
        {/* A phone call may come without an email: stored as "" (lib/manual-lead.ts). */}
        {m.email && (
          <a href={`mailto:${m.email}`} className={`${secondaryButton} max-w-full`}>
            <Mail aria-hidden className="size-4 shrink-0" />{" "}
            {/* A long address on a phone wraps after its "@" rather than a letter before its end. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              Email {m.email.slice(0, m.email.lastIndexOf("@") + 1)}
              <wbr />
              {m.email.slice(m.email.lastIndexOf("@") + 1)}
            </span>
          </a>
        )}
      </div>
      {facts.some(([, v]) => v) && (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) =>
            value ? (
              <div key={label} className="contents">
                <dt className="font-semibold text-ink-soft">{label}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ) : null,
          )}
        </dl>
      )}
      <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{m.message}</p>
      {notification && notification.state !== "sent" && notification.lastError && (
        <p className="text-sm text-red-800">
          Notification: {notification.attempts} attempt{notification.attempts === 1 ? "" : "s"}, last error:{" "}
          {notification.lastError}
          {notification.nextAttemptAt && notification.state === "pending"
            ? `; next try ${formatKansasDateTime(notification.nextAttemptAt)}`
            : ""}
        </p>
      )}
      {autoreply?.state === "failed" && autoreply.lastError && (
        <p className="text-sm text-red-800">Auto-reply error: {autoreply.lastError}</p>
      )}
      <Form method="post" action={href("/admin/leads")} className="flex flex-wrap gap-2">
        <input type="hidden" name="id" value={m.id} />
        {failed && manages && (
          <button type="submit" name="intent" value={LEAD_LIST_INTENTS.resend} className={secondaryButton}>
            <RotateCw aria-hidden className="size-4" /> Resend failed mail
          </button>
        )}
        {/* Read or not is the list's question: a completed job is long past it. */}
        {m.completedAt ? null : m.readAt ? (
          <button type="submit" name="intent" value={LEAD_LIST_INTENTS.unread} className={secondaryButton}>
            <Mail aria-hidden className="size-4" /> Mark unread
          </button>
        ) : (
          <button type="submit" name="intent" value={LEAD_LIST_INTENTS.read} className={secondaryButton}>
            <MailOpen aria-hidden className="size-4" /> Mark read
          </button>
        )}
        {!manages ? null : m.archivedAt ? (
          <button type="submit" name="intent" value={LEAD_LIST_INTENTS.unarchive} className={secondaryButton}>
            <ArchiveRestore aria-hidden className="size-4" /> Unarchive
          </button>
        ) : (
          <button type="submit" name="intent" value={LEAD_LIST_INTENTS.archive} className={secondaryButton}>
            <Archive aria-hidden className="size-4" /> Archive
          </button>
        )}
      </Form>
    </article>
  );
}
