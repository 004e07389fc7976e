import { readForm } from "~/server/request-body.server";
import { Camera, Download, Mail, MailOpen } from "lucide-react";
import { Link, redirect } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import { MailState, messagePath, when } from "~/components/message-detail";
import { parseId, redirectWithFlash } from "~/services/admin-actions.server";
import { requireAdmin } from "~/services/auth.server";
import { deliverContactMessage } from "~/services/contact-mailer.server";
import { env } from "~/server/env.server";
import { getMessage, listMessages, markRead, photoCounts, requeueFailedMails, setArchived } from "~/models/contact-message.server";
import type { Route } from "./+types/messages";

const INBOX = "/admin/messages";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const archived = params.get("view") === "archived";
  // A message opens on a page of its own; old ?open= links still land there.
  const openId = parseId(params.get("open"));
  if (openId) throw redirect(messagePath(openId));
  const messages = listMessages({ archived });
  const photos = photoCounts(messages.map((m) => m.id));
  return {
    archived,
    messages: messages.map((m) => ({ ...m, photos: photos.get(m.id) ?? 0 })),
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
      return redirectWithFlash(messagePath(id), { type: "success", message: "Marked as read" });
    case "unread":
      markRead(id, false);
      return redirectWithFlash(INBOX, { type: "success", message: "Marked as unread" });
    case "resend": {
      if (!requeueFailedMails(id)) return redirectWithFlash(messagePath(id), { type: "info", message: "Nothing to resend" });
      await deliverContactMessage(id);
      const after = getMessage(id);
      const sent = after?.notifyStatus === "sent" && after.autoreplyStatus !== "failed";
      return redirectWithFlash(messagePath(id), sent ? { type: "success", message: "Mail sent" } : { type: "error", message: "The mail could not be sent; it will be retried" });
    }
    default:
      return redirectWithFlash(INBOX, { type: "error", message: "Unknown action" });
  }
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, archived, mailConfigured } = loaderData;
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
      {messages.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-ink-soft shadow-sm">
          {archived ? "No archived messages." : "No messages yet. New quote requests from the website appear here."}
        </p>
      ) : (
        <ul className="divide-y divide-black/5 overflow-hidden rounded-xl bg-white shadow-sm" aria-label={archived ? "Archived messages" : "Inbox"}>
          {messages.map((m) => (
            <li key={m.id}>
              <Link
                to={messagePath(m.id)}
                className={`flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-sand/60 ${m.readAt ? "" : "font-semibold"}`}
              >
                {m.readAt ? <MailOpen aria-hidden className="size-4 text-ink-soft" /> : <Mail aria-label="Unread" className="size-4 text-brand" />}
                <span className="min-w-32">{m.name}</span>
                <span className="min-w-0 flex-1 truncate font-normal text-ink-soft">
                  {m.service && <span className="mr-2 font-semibold text-ink">{m.service}</span>}
                  {m.message}
                </span>
                {m.photos > 0 && (
                  <span className="inline-flex items-center gap-1 text-sm font-normal text-ink-soft" aria-label={`${m.photos} photo${m.photos === 1 ? "" : "s"}`}>
                    <Camera aria-hidden className="size-4" /> {m.photos}
                  </span>
                )}
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

export const meta: Route.MetaFunction = () => [{ title: "Messages | Admin" }, { name: "robots", content: "noindex" }];
