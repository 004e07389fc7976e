import { Icon } from "~/components/icon";
import { addressLine, formatHours, telHref, type BusinessFacts } from "~/lib/business";

export function ContactCard({ facts }: { facts: BusinessFacts }) {
  const row = "flex gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-brand";
  return (
    <address className="space-y-4 rounded-xl border border-black/5 bg-white p-6 not-italic shadow-sm">
      <p className="text-lg font-semibold">{facts.company}</p>
      {/* Names left empty in the admin show nothing, never "Owner:" alone. */}
      {(facts.owner || facts.leadContractor) && (
        <p className={row}>
          <Icon name="user" className={icon} />
          <span>
            {facts.owner && <span className="block">Owner: {facts.owner}</span>}
            {facts.leadContractor && <span className="block">Lead contractor: {facts.leadContractor}</span>}
          </span>
        </p>
      )}
      <p className={row}>
        <Icon name="map-pin" className={icon} />
        <span>{addressLine(facts)}</span>
      </p>
      <p className={row}>
        <Icon name="phone" className={icon} />
        <a href={telHref(facts.phone)} className="font-semibold text-brand hover:underline">
          {facts.phone}
        </a>
      </p>
      <p className={row}>
        <Icon name="mail" className={icon} />
        <a href={`mailto:${facts.email}`} className="break-all text-brand hover:underline">
          {facts.email}
        </a>
      </p>
      <p className={row}>
        <Icon name="clock" className={icon} />
        <HoursLines facts={facts} />
      </p>
    </address>
  );
}

/** The opening hours, one line per row of the settings, in words made from its days and times. */
export function HoursLines({ facts }: { facts: BusinessFacts }) {
  return (
    <span>
      {formatHours(facts).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}
