import { readForm } from "~/server/request-body.server";
import { Archive, ArchiveRestore, Download, Mail, MailOpen, RotateCw } from "lucide-react";
import { Form, Link } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import type { ContactMessage } from "~/db/schema";
import { parseId, redirectWithFlash } from "~/services/admin-actions.server";
import { requireAdmin } from "~/services/auth.server";
import { deliverContactMessage } from "~/services/contact-mailer.server";
import { env } from "~/server/env.server";
import { getMessage, listMessages, markRead, requeueFailedMails, setArchived } from "~/models/contact-message.server";
import type { Route } from "./+types/messages";

const INBOX = "/admin/messages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const archived = params.get("view") === "archived";
  const openId = parseId(params.get("open"));
  // Opening does not mark it read: no GET changes anything here. The owner marks it.
  return {
    archived,
    messages: listMessages({ archived }),
    open: openId ? (getMessage(openId) ?? null) : null,
    // Without a key the log transport "sends" by printing: say so rather than let "Sent" mislead.
    mailConfigured: Boolean(env.RESEND_API_KEY),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const id = parseId(form.get("id")) ?? 0;
  switch (form.get("intent")) {
    case "archive":
      setArchived(id, true);
      return redirectWithFlash(INBOX, { type: "success", message: "Message archived" });
    case "unarchive":
      setArchived(id, false);
      return redirectWithFlash(`${INBOX}?view=archived`, { type: "success", message: "Message moved back to the inbox" });
    case "read":
      markRead(id, true);
      return redirectWithFlash(`${INBOX}?open=${id}`, { type: "success", message: "Marked as read" });
    case "unread":
      markRead(id, false);
      return redirectWithFlash(INBOX, { type: "success", message: "Marked as unread" });
    case "resend": {
      if (!requeueFailedMails(id)) return redirectWithFlash(`${INBOX}?open=${id}`, { type: "info", message: "Nothing to resend" });
      await deliverContactMessage(id);
      const after = getMessage(id);
      const sent = after?.notifyStatus === "sent" && after.autoreplyStatus !== "failed";
      return redirectWithFlash(`${INBOX}?open=${id}`, sent ? { type: "success", message: "Mail sent" } : { type: "error", message: "The mail could not be sent; it will be retried" });
    }
    default:
      return redirectWithFlash(INBOX, { type: "error", message: "Unknown action" });
  }
}

const STATE_LABEL = { pending: "Pending", sent: "Sent", failed: "Failed", skipped: "Off", unsent: "Not sent — mail is not set up" } as const;
const STATE_TONE = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-leaf-soft text-leaf",
  failed: "bg-red-100 text-red-800",
  skipped: "bg-sand text-ink-soft",
  unsent: "bg-amber-100 text-amber-900",
} as const;

function MailState({ label, state }: { label: string; state: ContactMessage["notifyStatus"] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATE_TONE[state]}`}>
      {label}: {STATE_LABEL[state]}
    </span>
  );
}

const when = (d: Date) => new Date(d).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, open, archived, mailConfigured } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Messages</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={archived ? INBOX : `${INBOX}?view=archived`} className={secondaryButton}>
            {archived ? "Back to inbox" : "Archived"}
          </Link>
          <a href="/admin/messages/export.csv" className={secondaryButton} download>
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        </div>
      </div>
      {!mailConfigured && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Mail is not set up yet. Quote requests are saved here, but no email goes to you or to the visitor. To turn
          mail on, ask whoever runs your server to add your Resend API key to the server&apos;s settings and restart it
          (the README&apos;s &ldquo;Mail&rdquo; section says how).
        </p>
      )}
      {open && <MessageDetail message={open} />}
      {messages.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-ink-soft shadow-sm">
          {archived ? "No archived messages." : "No messages yet. New quote requests from the website appear here."}
        </p>
      ) : (
        <ul className="divide-y divide-black/5 overflow-hidden rounded-xl bg-white shadow-sm" aria-label={archived ? "Archived messages" : "Inbox"}>
          {messages.map((m) => (
            <li key={m.id}>
              <Link
                to={`${INBOX}?${archived ? "view=archived&" : ""}open=${m.id}`}
                className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-sand/60 ${m.readAt ? "" : "font-semibold"}`}
              >
                {m.readAt ? <MailOpen aria-hidden className="size-4 text-ink-soft" /> : <Mail aria-label="Unread" className="size-4 text-brand" />}
                <span className="min-w-32">{m.name}</span>
                <span className="min-w-0 flex-1 truncate font-normal text-ink-soft">{m.message}</span>
                <MailState label="Notification" state={m.notifyStatus} />
                <MailState label="Auto-reply" state={m.autoreplyStatus} />
                <span className="text-sm font-normal text-ink-soft">{when(m.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function MessageDetail({ message: m }: { message: ContactMessage }) {
  const failed = m.notifyStatus === "failed" || m.autoreplyStatus === "failed";
  return (
    <article aria-labelledby="message-title" className="space-y-4 rounded-xl border-l-4 border-brand bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="message-title" className="text-lg font-bold">
            {m.name}
          </h2>
          <p className="text-sm text-ink-soft">
            <a href={`mailto:${m.email}`} className="text-brand-dark underline">
              {m.email}
            </a>
            {m.phone && (
              <>
                {" · "}
                <a href={`tel:${m.phone}`} className="text-brand-dark underline">
                  {m.phone}
                </a>
              </>
            )}
            {" · "}
            {when(m.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <MailState label="Notification" state={m.notifyStatus} />
          <MailState label="Auto-reply" state={m.autoreplyStatus} />
        </div>
      </div>
      <p className="whitespace-pre-wrap">{m.message}</p>
      {m.notifyStatus !== "sent" && m.notifyLastError && (
        <p className="text-sm text-red-800">
          Notification: {m.notifyAttempts} attempt{m.notifyAttempts === 1 ? "" : "s"}, last error: {m.notifyLastError}
          {m.notifyNextAttemptAt && m.notifyStatus === "pending" ? `; next try ${when(m.notifyNextAttemptAt)}` : ""}
        </p>
      )}
      {m.autoreplyStatus === "failed" && m.autoreplyLastError && <p className="text-sm text-red-800">Auto-reply error: {m.autoreplyLastError}</p>}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="id" value={m.id} />
        {failed && (
          <button type="submit" name="intent" value="resend" className={secondaryButton}>
            <RotateCw aria-hidden className="size-4" /> Resend failed mail
          </button>
        )}
        {m.readAt ? (
          <button type="submit" name="intent" value="unread" className={secondaryButton}>
            <Mail aria-hidden className="size-4" /> Mark unread
          </button>
        ) : (
          <button type="submit" name="intent" value="read" className={secondaryButton}>
            <MailOpen aria-hidden className="size-4" /> Mark read
          </button>
        )}
        {m.archivedAt ? (
          <button type="submit" name="intent" value="unarchive" className={secondaryButton}>
            <ArchiveRestore aria-hidden className="size-4" /> Move to inbox
          </button>
        ) : (
          <button type="submit" name="intent" value="archive" className={secondaryButton}>
            <Archive aria-hidden className="size-4" /> Archive
          </button>
        )}
      </Form>
    </article>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | Admin" }, { name: "robots", content: "noindex" }];
