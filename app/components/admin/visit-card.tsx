import { Car, MapPin, MessageSquare, Navigation, Phone } from "lucide-react";
import { useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { toast } from "react-toastify/unstyled";
import { primaryButton, SubmitButton } from "~/components/form";
import { ClaimFacts } from "~/components/admin/lead-claim";
import { mapsHref } from "~/lib/address";
import { formatPhone, smsHref, telHref } from "~/lib/business";
import { arrivalLabel, DEFAULT_ARRIVAL_MINUTES, ON_MY_WAY_MESSAGES } from "~/lib/on-my-way";
import { ARRIVAL_MINUTES } from "~/lib/text-words";
import type { MyDayItem } from "~/services/my-day.server";
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
export function MyVisitCard({ item }: { item: MyDayItem }) {
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
      {item.claim && (
        <section aria-label="Insurance claim" className="mt-2 rounded-lg border border-black/10 bg-sand p-3">
          <p className="mb-1 text-xs font-bold tracking-wide uppercase">Insurance claim</p>
          <ClaimFacts claim={item.claim} />
        </section>
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
      {item.onMyWay && <OnMyWayForm visitId={item.id} name={item.lead.name} sentAt={item.onMyWay.sentAt} />}
    </li>
  );
}

/**
 * "On my way": one tap texts the homeowner who is coming and about when (today's visits of a
 * homeowner who takes texts). Posts natively without scripts; with them, through its own
 * fetcher. Without signal it says so and posts nothing: a late "on my way" would mislead.
 */
function OnMyWayForm({ visitId, name, sentAt }: { visitId: number; name: string; sentAt: string | null }) {
  const fetcher = useFetcher();
  const [offline, setOffline] = useState(false);
  const busy = fetcher.state !== "idle";
  const id = `on-my-way-${visitId}`;
  return (
    <fetcher.Form
      method="post"
      action={href("/admin/visits/:id/on-my-way", { id: String(visitId) })}
      preventScrollReset
      aria-label={`On my way to ${name}`}
      onSubmit={(event) => {
        const noSignal = !navigator.onLine;
        setOffline(noSignal);
        if (!noSignal) return;
        event.preventDefault();
        toast.error(ON_MY_WAY_MESSAGES.needsSignal);
      }}
      className="mt-3 max-w-md border-t border-black/10 pt-3"
    >
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          There in
          <select
            id={id}
            name="minutes"
            defaultValue={DEFAULT_ARRIVAL_MINUTES}
            className="mt-1 block min-h-11 rounded-lg border border-black/20 bg-white px-2 font-normal"
          >
            {ARRIVAL_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {arrivalLabel(minutes)}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton busy={busy} busyText="Texting..." className={`${primaryButton} min-h-11 flex-1 rounded-lg`}>
          <Car aria-hidden className="size-4" /> On my way
        </SubmitButton>
      </div>
      <p className="mt-1 text-sm text-ink-soft" aria-live="polite">
        {offline ? ON_MY_WAY_MESSAGES.needsSignal : sentAt ? `Texted at ${sentAt}` : `Texts ${name} when you leave.`}
      </p>
    </fetcher.Form>
  );
}
