import { z } from "~/lib/zod";
import { parseReminderDays, REMINDER_MESSAGES, reminderDaysText, type ReminderSettings } from "./invoice-reminders";
import { checkbox, PricingFormSchema, pricingFormValues, type Pricing } from "./pricing";
import { addOnFormRows, AddOnsFormSchema, type AddOnSettings } from "./proposal-offer";

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

/**
 * The proposal add-ons' part (the `proposalAddOns` group, decision 0108): its rows, and a
 * hidden mark that the part was on the form, so clearing every row saves an empty list.
 */
export const AddOnsPartSchema = z.object({ shown: z.literal("1"), rows: AddOnsFormSchema });

// A form from before the reminders' or add-ons' part (an open tab) posts none of it: they stay as saved.
export const PricingPageFormSchema = PricingFormSchema.extend({
  reminders: ReminderSettingsFormSchema.optional(),
  addOns: AddOnsPartSchema.optional(),
});

/** The stored groups as the form shows them. */
export function pricingPageFormValues(pricing: Pricing, reminders: ReminderSettings, addOns: AddOnSettings) {
  return {
    ...pricingFormValues(pricing),
    reminders: { enabled: reminders.enabled ? "on" : undefined, days: reminderDaysText(reminders.days) },
    addOns: { shown: "1", rows: addOnFormRows(addOns) },
  };
}

export const PRICING_MESSAGES = {
  failed: "Failed to save the prices",
  /** What a save wrote, by the groups that changed. */
  saved({ pricing, reminders, addOns = false }: { pricing: boolean; reminders: boolean; addOns?: boolean }): string {
    if (pricing && reminders) return "Prices and overdue reminders saved";
    if (reminders) return "Overdue reminders saved";
    if (addOns && !pricing) return "Add-ons saved";
    return "Prices saved";
  },
} as const;
