import { MapPin, MessageSquare, Navigation, Phone } from "lucide-react";
import { href, Link } from "react-router";
import { mapsHref } from "~/lib/address";
import { formatPhone, smsHref, telHref } from "~/lib/business";
import type { ScheduleItem } from "~/services/visit-schedule.server";

/** The homeowner's name on a visit: a link to the lead when this person may open it. */
export function VisitLeadName({ lead, className = "" }: { lead: ScheduleItem["lead"]; className?: string }) {
  if (!lead.open) return <span className={className}>{lead.name}</span>;
  return (
    <Link to={href("/admin/leads/:id", { id: String(lead.id) })} className={`${className} text-brand-dark underline`}>
      {lead.name}
    </Link>
  );
}

// Big enough for a gloved thumb, dark on light for a phone in the sun.
const action =
  "inline-flex min-h-11 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg border border-black/20 bg-white px-2 font-semibold text-ink hover:bg-sand";

/**
 * One of my visits, for a phone on a job site: when, what, who, where (a maps link), the
 * homeowner a tap away, and the office's note (what to bring, where to park).
 */
export function MyVisitCard({ item }: { item: ScheduleItem }) {
  return (
    <li className="rounded-xl border-l-4 border-brand bg-white p-4 shadow-sm [overflow-wrap:anywhere]">
      <p className="text-lg font-bold">
        <span className="whitespace-nowrap">{item.start}</span>{" "}
        <span className="font-semibold whitespace-nowrap text-ink-soft">– {item.end}</span>
      </p>
      <p className="text-sm font-bold tracking-wide text-ink-soft uppercase">{item.label}</p>
      <VisitLeadName lead={item.lead} className="mt-1 block text-lg font-semibold" />
      {item.lead.place && (
        <p className="mt-1 flex items-start gap-1">
          <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-ink-soft" /> {item.lead.place}
        </p>
      )}
      {item.note && (
        <div className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950">
          <p className="text-xs font-bold tracking-wide uppercase">Office&apos;s note</p>
          <p className="whitespace-pre-line">{item.note}</p>
        </div>
      )}
      {/* One row of three on a phone: no button left alone on a line of its own. */}
      <div className="mt-3 grid max-w-md grid-cols-3 gap-2">
        {item.lead.place && (
          <a href={mapsHref(item.lead.place)} className={action} aria-label={`Directions to ${item.lead.place}`}>
            <Navigation aria-hidden className="size-4" /> Map
          </a>
        )}
        {item.lead.phone && (
          <>
            <a href={telHref(item.lead.phone)} className={action} aria-label={`Call ${item.lead.name}`}>
              <Phone aria-hidden className="size-4" /> Call
            </a>
            <a href={smsHref(item.lead.phone)} className={action} aria-label={`Text ${item.lead.name}`}>
              <MessageSquare aria-hidden className="size-4" /> Text
            </a>
          </>
        )}
      </div>
      {item.lead.phone && <p className="mt-2 text-sm text-ink-soft">{formatPhone(item.lead.phone)}</p>}
    </li>
  );
}
