import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { PricingForm } from "~/components/admin/pricing-form";
import { PRICING_MESSAGES, PricingPageFormSchema } from "~/lib/pricing-page";
import { MAX_ADD_ONS } from "~/lib/proposal-choice";
import { getSetting, lastChangedLine, saveChangedSettings, type SettingsKey } from "~/models/settings.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/pricing";

// The Pricing section: what each material covers and costs, labor, disposal, tax and the
// deposit, and the overdue invoice reminders (decision 0104). Estimates are made from these;
// no public page shows them (saving leaves the page cache).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/pricing");
  return {
    pricing: getSetting("pricing"),
    reminders: getSetting("invoiceReminders"),
    addOns: getSetting("proposalAddOns"),
    changed: lastChangedLine("pricing"),
    remindersChanged: lastChangedLine("invoiceReminders"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/pricing");
  // The add-ons' rows, one blank to add another (lib/proposal-offer.ts addOnFormRows).
  const form = await readForm(request, { lists: { "addOns.rows": MAX_ADD_ONS + 1 } });
  // One form, which names no intent: any other is not this page's save.
  if (form.has("intent")) return refuseUnknownIntent();
  const submission = parseWithZod(form, { schema: PricingPageFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { reminders, addOns, ...pricing } = submission.value;
  let changed: SettingsKey[];
  try {
    changed = saveChangedSettings(
      {
        pricing,
        ...(reminders && { invoiceReminders: reminders }),
        ...(addOns && { proposalAddOns: { items: addOns.rows } }),
      },
      user.userId,
    );
  } catch (error) {
    console.error(`${PRICING_MESSAGES.failed}:`, error);
    return data(submission.reply({ formErrors: [PRICING_MESSAGES.failed] }), { status: 500 });
  }
  const message = PRICING_MESSAGES.saved({
    pricing: changed.includes("pricing"),
    reminders: changed.includes("invoiceReminders"),
    addOns: changed.includes("proposalAddOns"),
  });
  return redirectWithFlash(href("/admin/pricing"), { type: "success", message });
}

export default function AdminPricing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Pricing</h1>
        <p className="mt-1 text-ink-soft">
          Your prices and what each unit covers. A lead&rsquo;s estimate multiplies its measured roof&rsquo;s materials
          by these; estimates already made keep their prices.
        </p>
        {loaderData.changed && <p className="mt-1 text-sm text-ink-soft">{loaderData.changed}</p>}
      </header>
      <PricingForm
        key={JSON.stringify([loaderData.pricing, loaderData.reminders, loaderData.addOns])}
        pricing={loaderData.pricing}
        reminders={loaderData.reminders}
        addOns={loaderData.addOns}
        remindersChanged={loaderData.remindersChanged}
        lastResult={actionData}
      />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Pricing | Admin" }, { name: "robots", content: "noindex" }];
