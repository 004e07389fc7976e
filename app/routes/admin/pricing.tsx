import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { PricingForm } from "~/components/admin/pricing-form";
import { PricingFormSchema } from "~/lib/pricing";
import { byLine, personName } from "~/lib/by-line";
import { getSetting, getSettingChange, setSetting } from "~/models/settings.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess } from "~/services/access.server";
import type { Route } from "./+types/pricing";

// The Pricing section: what each material covers and costs, labor, disposal and tax.
// Estimates are made from these; no public page shows them (saving leaves the page cache).

export const PRICING_MESSAGES = { saved: "Prices saved", failed: "Failed to save the prices" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/pricing");
  const change = getSettingChange("pricing");
  // A price change names who made it; prices never saved, or saved before accounts, name nobody.
  return {
    pricing: getSetting("pricing"),
    changed: change && byLine("Last changed", personName(change.by), change.at),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/pricing");
  const form = await readForm(request);
  // One form, which names no intent: any other is not this page's save.
  if (form.has("intent")) return refuseUnknownIntent();
  const submission = parseWithZod(form, { schema: PricingFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    setSetting("pricing", submission.value, user.userId);
  } catch (error) {
    console.error(`${PRICING_MESSAGES.failed}:`, error);
    return data(submission.reply({ formErrors: [PRICING_MESSAGES.failed] }), { status: 500 });
  }
  return redirectWithFlash(href("/admin/pricing"), { type: "success", message: PRICING_MESSAGES.saved });
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
      <PricingForm key={JSON.stringify(loaderData.pricing)} pricing={loaderData.pricing} lastResult={actionData} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Pricing | Admin" }, { name: "robots", content: "noindex" }];
