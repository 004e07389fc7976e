import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Calculator, Save } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { inputClass, primaryButton, secondaryButton } from "~/components/admin-ui";
import type { RoofCustomer } from "~/db/schema";
import { parseId, redirectWithFlash } from "~/lib/admin-actions.server";
import { requireAdmin } from "~/lib/auth.server";
import { areaFromLengthWidth, RoofCustomerSchema, STREET_AND_CITY_REQUIRED } from "~/lib/roof-customer-form";
import { getRoofCustomer, listRoofCustomers, saveRoofCustomer } from "~/models/roof-customer.server";
import type { Route } from "./+types/roof-measurement";

const TOOL = "/admin/roof-measurement";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseId(new URL(request.url).searchParams.get("customer"));
  return { customers: listRoofCustomers(), current: id ? (getRoofCustomer(id) ?? null) : null };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: RoofCustomerSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  try {
    const id = saveRoofCustomer({ ...input, area: areaFromLengthWidth(input) });
    if (!id) throw new Error("The customer no longer exists");
    return redirectWithFlash(`${TOOL}?customer=${id}`, { type: "success", message: "Customer data saved successfully" });
  } catch (error) {
    console.error("Saving a roof customer failed:", error);
    return data(submission.reply({ formErrors: ["Failed to save customer data"] }), { status: 500 });
  }
}

export default function RoofMeasurement({ loaderData, actionData }: Route.ComponentProps) {
  const { customers, current } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold">Roof Measurement Tool</h1>
      <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
        <div className="space-y-6">
          <CustomerForm key={current?.id ?? "new"} customer={current} lastResult={actionData} />
          <SavedCustomers customers={customers} currentId={current?.id} />
        </div>
        <section aria-labelledby="roof-view" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="roof-view" className="text-lg font-bold">
            Roof View
          </h2>
          <p className="mt-2 text-ink-soft">
            Image upload, outline tracing and the maps connection are not built yet: for now, type the
            measurements in the address card and save the customer.
          </p>
        </section>
      </div>
    </>
  );
}

function CustomerForm({ customer, lastResult }: { customer: RoofCustomer | null; lastResult: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: customer
      ? {
          id: String(customer.id),
          customerName: customer.customerName ?? "",
          street: customer.street,
          city: customer.city,
          state: customer.state ?? "",
          zipCode: customer.zipCode ?? "",
          area: customer.area?.toString() ?? "",
          length: customer.length?.toString() ?? "",
          width: customer.width?.toString() ?? "",
          pitch: customer.pitch?.toString() ?? "",
        }
      : { pitch: "4" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoofCustomerSchema }),
    shouldValidate: "onSubmit",
  });
  const missing = [fields.street.errors, fields.city.errors].some((e) => e?.includes(STREET_AND_CITY_REQUIRED));
  const field = (label: string, meta: (typeof fields)[keyof typeof fields], type: "text" | "number" = "text", extra = {}) => (
    <label className="block">
      <span className="text-sm font-medium">{label}</span>
      <input {...getInputProps(meta, { type })} {...extra} className={inputClass} />
    </label>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 className="text-lg font-bold">Address</h2>
      {customer && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {(missing || form.errors?.length) && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {missing ? STREET_AND_CITY_REQUIRED : form.errors?.[0]}
        </p>
      )}
      {field("Customer name", fields.customerName)}
      {field("Street", fields.street)}
      <div className="grid grid-cols-[1fr_4rem_6rem] gap-2">
        {field("City", fields.city)}
        {field("State", fields.state, "text", { maxLength: 2 })}
        {field("ZIP", fields.zipCode, "text", { maxLength: 10 })}
      </div>
      <h2 className="pt-2 text-lg font-bold">Measurements</h2>
      <div className="grid grid-cols-2 gap-2">
        {field("Area (sq ft)", fields.area, "number", { min: 0 })}
        {field("Pitch (X/12)", fields.pitch, "number", { min: 0, max: 12, step: 0.5 })}
        {field("Length (ft)", fields.length, "number", { min: 0 })}
        {field("Width (ft)", fields.width, "number", { min: 0 })}
      </div>
      <div className="flex flex-wrap gap-2 pt-2">
        <button type="submit" name="intent" value="save" className={primaryButton} disabled={busy}>
          <Save aria-hidden className="size-4" /> {busy ? "Saving..." : "Save Customer"}
        </button>
        {customer && (
          <Link to={TOOL} className={secondaryButton}>
            New customer
          </Link>
        )}
      </div>
      <p className="flex items-center gap-1 text-xs text-ink-soft">
        <Calculator aria-hidden className="size-3.5" /> Leave the area empty to have it calculated from length and width when saving.
      </p>
    </Form>
  );
}

function SavedCustomers({ customers, currentId }: { customers: RoofCustomer[]; currentId?: number }) {
  return (
    <section aria-labelledby="saved-customers" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="saved-customers" className="text-lg font-bold">
        Saved Customers
      </h2>
      {customers.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No saved customers yet.</p>
      ) : (
        <ul className="mt-3 max-h-64 divide-y divide-black/5 overflow-y-auto">
          {customers.map((c) => (
            <li key={c.id}>
              <Link
                to={`${TOOL}?customer=${c.id}`}
                aria-current={c.id === currentId ? "true" : undefined}
                className="block px-2 py-2 text-sm hover:bg-sand aria-[current=true]:bg-brand-soft"
              >
                <span className="block font-semibold">{c.customerName || "Unnamed Customer"}</span>
                <span className="block text-ink-soft">
                  {[c.street, c.city, [c.state, c.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
                </span>
                {c.area !== null && <span className="block text-ink-soft">{c.area.toLocaleString("en-US")} sq ft</span>}
                <span className="block text-xs text-ink-soft">{new Date(c.createdAt).toLocaleDateString("en-US")}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Roof Measurement Tool | Admin" }, { name: "robots", content: "noindex" }];
