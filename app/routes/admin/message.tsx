import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import { MessageDetail } from "~/components/message-detail";
import { parseId } from "~/services/admin-actions.server";
import { requireAdmin } from "~/services/auth.server";
import { contactMessageView } from "~/services/contact-message-view.server";
import type { Route } from "./+types/message";

/** One message (a quote request) with its photos. Opening it marks nothing: no GET changes anything. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = contactMessageView(parseId(params.id) ?? 0);
  if (!view) throw new Response("Not found", { status: 404 });
  return view;
}

export default function Message({ loaderData }: Route.ComponentProps) {
  const { message, photos } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Message</h1>
        <Link to={message.archivedAt ? "/admin/messages?view=archived" : "/admin/messages"} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> {message.archivedAt ? "Archived messages" : "Inbox"}
        </Link>
      </div>
      <MessageDetail message={message} photos={photos} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.message.name ?? "Message"} | Admin` },
  { name: "robots", content: "noindex" },
];
