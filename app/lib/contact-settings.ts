import { z } from "~/lib/zod";
import { REPLY_PROMISE } from "./contact-form";

/** The hours the daily summary of waiting leads can go out at, Kansas time. */
export const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const DEFAULT_DIGEST_HOUR = 7;

/** 7 → "7 am", 12 → "12 pm (noon)": how the owner reads an hour. */
export function hourLabel(hour: number): string {
  if (hour === 0) return "12 am (midnight)";
  if (hour === 12) return "12 pm (noon)";
  return hour < 12 ? `${hour} am` : `${hour - 12} pm`;
}

const pickHour = "Please choose an hour from the list";
const digestHour = z.number({ error: pickHour }).int(pickHour).min(0, pickHour).max(23, pickHour);

export const ContactSettingsSchema = z.object({
  autoresponderEnabled: z.boolean(),
  autoresponderSubject: z.string().min(1).max(200),
  autoresponderMessage: z.string().min(1).max(5000),
  notificationEmail: z.string().email(),
  // Added later: settings stored before read as off, at 7 am.
  digestEnabled: z.boolean().default(false),
  digestHour: digestHour.default(DEFAULT_DIGEST_HOUR),
  // Text every homeowner who agreed to texts, not only those who chose Text or gave no email.
  textEveryone: z.boolean().default(false),
});
export type ContactSettings = z.infer<typeof ContactSettingsSchema>;

export function defaultContactSettings(company: string, email: string): ContactSettings {
  return {
    autoresponderEnabled: true,
    autoresponderSubject: `Thank you for contacting ${company}`,
    autoresponderMessage:
      `Thank you for reaching out to ${company}. We have received your message ` +
      `and will get back to you ${REPLY_PROMISE}.`,
    notificationEmail: email,
    digestEnabled: false,
    digestHour: DEFAULT_DIGEST_HOUR,
    textEveryone: false,
  };
}

/** A checkbox arrives as "on" or not at all. */
const checkbox = z.preprocess((v) => v === "on" || v === "true", z.boolean());

/** The admin's form. */
export const ContactSettingsFormSchema = ContactSettingsSchema.extend({
  autoresponderEnabled: checkbox,
  autoresponderSubject: z.string({ error: "Please enter a subject" }).trim().min(1, "Please enter a subject").max(200),
  autoresponderMessage: z.string({ error: "Please enter a message" }).trim().min(1, "Please enter a message").max(5000),
  notificationEmail: z
    .string({ error: "Please enter the email address that should receive messages" })
    .trim()
    .email("Please enter a valid email address"),
  digestEnabled: checkbox,
  textEveryone: checkbox,
  // A form from before the hour was asked (an open tab) sends none: 7 am.
  digestHour: z.coerce.number({ error: pickHour }).pipe(digestHour).default(DEFAULT_DIGEST_HOUR),
});
