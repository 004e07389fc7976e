import { z } from "~/lib/zod";
import { parseReminderDays, REMINDER_MESSAGES, reminderDaysText, type ReminderSettings } from "./invoice-reminders";
import { checkbox, PricingFormSchema, pricingFormValues, type Pricing } from "./pricing";

/**
 * The Pricing page's one form: the owner's prices and deposit (the `pricing` settings group)
 * and, beside the deposit, the overdue invoice reminders (the `invoiceReminders` group,
 * decision 0104). Two groups, one form and one button, so nothing typed in one part is lost
 * by saving the other (as on Contact & Business, decision 0085).
 */

/** The reminders' part: a box to turn them on, and the days after the due day ("3, 10, 30"). */
export const ReminderSettingsFormSchema = z.object({
  enabled: checkbox,
  days: z.string({ error: REMINDER_MESSAGES.noDays }).transform((value, ctx) => {
    const days = parseReminderDays(value);
    if (Array.isArray(days)) return days;
    ctx.addIssue({ code: "custom", message: days.error });
    return z.NEVER;
  }),
}) satisfies z.ZodType<ReminderSettings, unknown>;

// A form from before the reminders' part (an open tab) posts none of it: they stay as saved.
export const PricingPageFormSchema = PricingFormSchema.extend({ reminders: ReminderSettingsFormSchema.optional() });

/** The stored groups as the form shows them. */
export function pricingPageFormValues(pricing: Pricing, reminders: ReminderSettings) {
  return {
    ...pricingFormValues(pricing),
    reminders: { enabled: reminders.enabled ? "on" : undefined, days: reminderDaysText(reminders.days) },
  };
}

export const PRICING_MESSAGES = {
  failed: "Failed to save the prices",
  /** What a save wrote, by the groups that changed. */
  saved({ pricing, reminders }: { pricing: boolean; reminders: boolean }): string {
    if (pricing && reminders) return "Prices and overdue reminders saved";
    if (reminders) return "Overdue reminders saved";
    return "Prices saved";
  },
} as const;
