import { getDb } from "~/db/client.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import { CONTACT_SUBJECT, type ContactInput } from "~/lib/contact-form";

/** Stored before any mail is attempted: a message is never lost to a mail failure. */
export function createContactMessage(input: ContactInput): ContactMessage {
  return getDb()
    .insert(contactMessages)
    .values({ ...input, subject: CONTACT_SUBJECT })
    .returning()
    .get();
}
