import { ArrowLeft } from "lucide-react";
import { href, Link } from "react-router";
import { secondaryButton } from "~/components/admin-ui";

/**
 * A page of one lead's part that its forms post to (the schedule's, the invoices', the payments'): shown on
 * a GET, and with a refused form and its errors when scripts are off (with them, the fetcher
 * that posted shows those in place on the lead page). Its title, the way back to the lead,
 * and the lead page's panel as `children`.
 */
export function LeadSubpage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: { id: number; name: string };
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">
          {title}: {lead.name}
        </h1>
        <Link to={href("/admin/leads/:id", { id: String(lead.id) })} className={secondaryButton}>
          <ArrowLeft aria-hidden className="size-4" /> Back to the lead
        </Link>
      </div>
      <div className="mt-6 max-w-4xl">{children}</div>
    </>
  );
}
