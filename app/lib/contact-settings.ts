import { z } from "~/lib/zod";

export const ContactSettingsSchema = z.object({
  autoresponderEnabled: z.boolean(),
  autoresponderSubject: z.string().min(1).max(200),
  autoresponderMessage: z.string().min(1).max(5000),
  notificationEmail: z.string().email(),
});
export type ContactSettings = z.infer<typeof ContactSettingsSchema>;

export function defaultContactSettings(company: string, email: string): ContactSettings {
  return {
    autoresponderEnabled: true,
    autoresponderSubject: `Thank you for contacting ${company}`,
    autoresponderMessage:
      `Thank you for reaching out to ${company}. We have received your message ` +
      "and will get back to you within 24 hours.",
    notificationEmail: email,
  };
}

/** The admin's form: a checkbox arrives as "on" or not at all. */
export const ContactSettingsFormSchema = ContactSettingsSchema.extend({
  autoresponderEnabled: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  autoresponderSubject: z.string({ error: "Please enter a subject" }).trim().min(1, "Please enter a subject").max(200),
  autoresponderMessage: z.string({ error: "Please enter a message" }).trim().min(1, "Please enter a message").max(5000),
  notificationEmail: z
    .string({ error: "Please enter the email address that should receive messages" })
    .trim()
    .email("Please enter a valid email address"),
});
