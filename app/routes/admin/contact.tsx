import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import type { z } from "zod";
import { BUSINESS_FACTS_FORM_ID, BusinessFactsForm } from "~/components/business-facts-form";
import { CONTACT_SETTINGS_FORM_ID, ContactSettingsForm } from "~/components/contact-settings-form";
import { useTypedWork, useUnsavedWarning } from "~/components/use-unsaved-warning";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { BUSINESS_FACTS_LISTS, BusinessFactsFormSchema, factsFromForm } from "~/lib/business-schema";
import { ContactSettingsFormSchema } from "~/lib/contact-settings";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { byLine, personName } from "~/lib/by-line";
import { getSetting, getSettingChange, setSetting, type SettingsKey } from "~/models/settings.server";
import type { Route } from "./+types/contact";

// The Contact tab: how the contact form's mail goes out, and the business details every
// public page shows. Two forms, one entity (settings).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/contact");
  return {
    contactSettings: getSetting("contact"),
    businessFacts: getSetting("business"),
    changed: { contact: lastChanged("contact"), business: lastChanged("business") },
  };
}

/** "Last changed by Kim on Nov 27, 2026"; nothing for the defaults or a save from before accounts. */
function lastChanged(key: SettingsKey): string | null {
  const change = getSettingChange(key);
  return change && byLine("Last changed", personName(change.by), change.at);
}

type FormName = "contact-settings" | "business-facts";
type ActionResult = { form: FormName; result: SubmissionResult<string[]> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/contact");
  const form = await readForm(request, { lists: BUSINESS_FACTS_LISTS });
  requireIntent(user, "routes/admin/contact", form.get("intent"));
  switch (form.get("intent")) {
    case "save-business-facts":
      return saveSettingsForm(form, {
        name: "business-facts",
        schema: BusinessFactsFormSchema,
        save: (value) => setSetting("business", factsFromForm(value), user.userId),
        failed: "Failed to save business details",
        saved: "Business details saved successfully",
      });
    case "save-contact-settings":
      return saveSettingsForm(form, {
        name: "contact-settings",
        schema: ContactSettingsFormSchema,
        save: (value) => setSetting("contact", value, user.userId),
        failed: "Failed to save contact settings",
        saved: "Contact settings saved successfully",
      });
    default:
      return refuseUnknownIntent();
  }
}

/** Validate, store, and come back with a message. */
async function saveSettingsForm<S extends z.ZodType<Record<string, unknown>>>(
  form: FormData,
  opts: { name: FormName; schema: S; save: (value: z.output<S>) => void; failed: string; saved: string },
) {
  const submission = parseWithZod(form, { schema: opts.schema });
  if (submission.status !== "success")
    return data<ActionResult>({ form: opts.name, result: submission.reply() }, { status: 400 });
  try {
    opts.save(submission.value);
  } catch (error) {
    console.error(`${opts.failed}:`, error);
    return data<ActionResult>(
      { form: opts.name, result: submission.reply({ formErrors: [opts.failed] }) },
      { status: 500 },
    );
  }
  return redirectWithFlash(href("/admin/contact"), { type: "success", message: opts.saved });
}

const LEAVE_QUESTION = "Leave without saving? Changes you typed on this page are not saved yet.";

export default function AdminContact({ loaderData, actionData }: Route.ComponentProps) {
  // Each card is drawn from its stored value: a save redraws that card alone, and the other
  // card keeps what was typed in it, marked as not saved, with a warning before leaving.
  const contactDrawnFrom = JSON.stringify(loaderData.contactSettings);
  const businessDrawnFrom = JSON.stringify(loaderData.businessFacts);
  const contactTyped = useTypedWork(CONTACT_SETTINGS_FORM_ID, contactDrawnFrom);
  const businessTyped = useTypedWork(BUSINESS_FACTS_FORM_ID, businessDrawnFrom);
  useUnsavedWarning(contactTyped || businessTyped, LEAVE_QUESTION);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Contact & Business</h1>
        <p className="mt-1 text-ink-soft">Where quote requests go, and the business details every public page shows.</p>
        <LastChanged form="Contact settings" text={loaderData.changed.contact} />
        <LastChanged form="Business details" text={loaderData.changed.business} />
      </header>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <ContactSettingsForm
          key={contactDrawnFrom}
          settings={loaderData.contactSettings}
          lastResult={actionData?.form === "contact-settings" ? actionData.result : undefined}
          unsaved={contactTyped}
        />
        <BusinessFactsForm
          key={businessDrawnFrom}
          facts={loaderData.businessFacts}
          lastResult={actionData?.form === "business-facts" ? actionData.result : undefined}
          unsaved={businessTyped}
        />
      </div>
    </>
  );
}

/** "Business details · Last changed by Kim on Nov 27, 2026": at the top, where the owner looks first. */
function LastChanged({ form, text }: { form: string; text: string | null }) {
  return text ? (
    <p className="mt-1 text-sm text-ink-soft">
      <span className="font-medium text-ink">{form}</span> · {text}
    </p>
  ) : null;
}

export const meta: Route.MetaFunction = () => [{ title: "Contact | Admin" }, { name: "robots", content: "noindex" }];
