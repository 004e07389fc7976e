import { z } from "~/lib/zod";
import { BusinessFactsFormSchema } from "./business-schema";
import { ContactSettingsFormSchema } from "./contact-settings";

/**
 * The Contact & Business page: the contact settings and the business details are two
 * settings groups shown side by side, posted as one form (decision 0085). Two forms lost
 * typing: without scripts a browser sends only the form whose button was pressed, so what
 * was typed in the other card was gone after the save.
 */
export const CONTACT_PAGE_FORM_ID = "contact-page";
export const SAVE_CONTACT_PAGE_INTENT = "save-contact-page";

export const ContactPageFormSchema = z.object({ ...ContactSettingsFormSchema.shape, ...BusinessFactsFormSchema.shape });
export type ContactPageForm = z.infer<typeof ContactPageFormSchema>;

export const CONTACT_PAGE_MESSAGES = {
  // The spec's words for a save that failed.
  failed: "Failed to save contact settings",
  /** What a save wrote, by the groups that changed. */
  saved({ contact, business }: { contact: boolean; business: boolean }): string {
    if (contact && business) return "Contact settings and business details saved successfully";
    if (contact) return "Contact settings saved successfully";
    if (business) return "Business details saved successfully";
    return "Nothing had changed: the contact settings and business details are as they were saved.";
  },
};
