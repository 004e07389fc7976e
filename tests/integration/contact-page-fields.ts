import { getSetting } from "~/models/settings.server";
import { SAVE_CONTACT_PAGE_INTENT } from "~/lib/contact-page";

/**
 * The Contact & Business page's form as the browser would post it, filled from what is
 * stored, with `changes` on top: the page is one form, so a save posts both groups.
 */
export function contactPageFields(changes: Record<string, string> = {}): Record<string, string> {
  const contact = getSetting("contact");
  const facts = getSetting("business");
  const fields: Record<string, string> = {
    intent: SAVE_CONTACT_PAGE_INTENT,
    notificationEmail: contact.notificationEmail,
    autoresponderSubject: contact.autoresponderSubject,
    autoresponderMessage: contact.autoresponderMessage,
    digestHour: String(contact.digestHour),
    company: facts.company,
    phone: facts.phone,
    email: facts.email,
    street: facts.street,
    city: facts.city,
    region: facts.region,
    postalCode: facts.postalCode,
    owner: facts.owner,
    leadContractor: facts.leadContractor,
    facebook: facts.social.facebook ?? "",
    instagram: facts.social.instagram ?? "",
    youtube: facts.social.youtube ?? "",
  };
  if (contact.autoresponderEnabled) fields.autoresponderEnabled = "on";
  if (contact.digestEnabled) fields.digestEnabled = "on";
  if (contact.textEveryone) fields.textEveryone = "on";
  facts.hours.forEach((row, i) => {
    fields[`hours[${i}].opens`] = row.opens;
    fields[`hours[${i}].closes`] = row.closes;
    row.days.forEach((day, j) => (fields[`hours[${i}].days[${j}]`] = day));
  });
  return { ...fields, ...changes };
}
