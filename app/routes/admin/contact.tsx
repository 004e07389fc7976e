import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { ContactPageForm } from "~/components/admin/contact-page-form";
import { useTypedWork, useUnsavedWarning } from "~/components/use-unsaved-warning";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { BUSINESS_FACTS_LISTS, factsFromForm } from "~/lib/business-schema";
import {
  CONTACT_PAGE_FORM_ID,
  CONTACT_PAGE_MESSAGES,
  ContactPageFormSchema,
  SAVE_CONTACT_PAGE_INTENT,
} from "~/lib/contact-page";
import { ContactSettingsSchema, type ContactSettings } from "~/lib/contact-settings";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { getSetting, lastChangedLine, saveChangedSettings, type SettingsKey } from "~/models/settings.server";
import { textsAreSetUp } from "~/server/texts.server";
import type { Route } from "./+types/contact";

// The Contact tab: how the contact form's mail goes out, and the business details every
// public page shows. Two settings groups, one form (decision 0085).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/contact");
  return {
    contactSettings: getSetting("contact"),
    businessFacts: getSetting("business"),
    textsSetUp: textsAreSetUp(),
    changed: { contact: lastChangedLine("contact"), business: lastChangedLine("business") },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/contact");
  const form = await readForm(request, { lists: BUSINESS_FACTS_LISTS });
  requireIntent(user, "routes/admin/contact", form.get("intent"));
  if (form.get("intent") !== SAVE_CONTACT_PAGE_INTENT) return refuseUnknownIntent();
  const submission = parseWithZod(form, { schema: ContactPageFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let changed: SettingsKey[];
  try {
    changed = saveChangedSettings(
      { contact: pick(submission.value, CONTACT_FIELDS), business: factsFromForm(submission.value) },
      user.userId,
    );
  } catch (error) {
    console.error(`${CONTACT_PAGE_MESSAGES.failed}:`, error);
    return data({ result: submission.reply({ formErrors: [CONTACT_PAGE_MESSAGES.failed] }) }, { status: 500 });
  }
  const message = CONTACT_PAGE_MESSAGES.saved({
    contact: changed.includes("contact"),
    business: changed.includes("business"),
  });
  return redirectWithFlash(href("/admin/contact"), { type: "success", message });
}

const CONTACT_FIELDS = Object.keys(ContactSettingsSchema.shape) as (keyof ContactSettings)[];
const pick = <T extends object, K extends keyof T>(from: T, keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;

const LEAVE_QUESTION = "Leave without saving? Changes you typed on this page are not saved yet.";

export default function AdminContact({ loaderData, actionData }: Route.ComponentProps) {
  // The form is drawn from the stored values: a save redraws it, and typing starts over.
  const drawnFrom = JSON.stringify([loaderData.contactSettings, loaderData.businessFacts]);
  const typed = useTypedWork(CONTACT_PAGE_FORM_ID, drawnFrom);
  useUnsavedWarning(typed, LEAVE_QUESTION);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Contact & Business</h1>
        <p className="mt-1 text-ink-soft">Where quote requests go, and the business details every public page shows.</p>
        <LastChanged form="Contact settings" text={loaderData.changed.contact} />
        <LastChanged form="Business details" text={loaderData.changed.business} />
      </header>
      <ContactPageForm
        key={drawnFrom}
        settings={loaderData.contactSettings}
        facts={loaderData.businessFacts}
        lastResult={actionData?.result}
        unsaved={typed}
        textsSetUp={loaderData.textsSetUp}
      />
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
