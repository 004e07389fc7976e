import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { RoofTool } from "~/components/roof/roof-tool";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { refuseUnknownIntent } from "~/server/request-body.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { mayPost } from "~/lib/access";
import { MAPS_MESSAGES, maskKey } from "~/lib/maps-loader";
import { MAPS_SETTINGS_INTENTS, MapsKeySchema, PublisherTagSchema } from "~/lib/maps-settings-form";
import { staffOrigin } from "~/server/origin.server";
import { ROOF_CUSTOMER_INTENTS, ROOF_TOOL, RoofCustomerSchema } from "~/lib/roof-customer-form";
import { assigneeOfNewLead } from "~/lib/lead-assignment";
import { encodeRoofCursor, roofListQuery } from "~/lib/roof-customer-paging";
import { roofAreaFromLengthWidth, SCALE_NOT_SET_ON_SAVE, settledMeasurements, summarizeRoof } from "~/lib/roof-summary";
import { parseDrawing } from "~/lib/roof-drawing";
import { addLeadPhotos, readRoofImages } from "~/services/roof-upload.server";
import { parseUploadForm, type ParsedUpload } from "~/server/upload.server";
import { getRoofCustomer, listRoofCustomers, roofCustomerLeadId } from "~/models/roof-customer.server";
import { deleteRoofCustomer, saveRoofCustomer } from "~/services/roof-customer-files.server";
import { getSetting, setSetting } from "~/models/settings.server";
import { roofCustomerView } from "~/services/roof-customer-view.server";
import type { Route } from "./+types/roof-measurement";
import { actorOf } from "~/lib/actor";
import type { SessionUser } from "~/models/session.server";
import { visibleTo } from "~/models/lead-assignment.server";
import { refuseOthersRoof } from "~/services/lead-access.server";
import { isRefusal } from "~/lib/refusal";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAccess(request, "routes/admin/roof-measurement");
  const { role } = admin;
  const params = new URL(request.url).searchParams;
  const id = parseId(params.get("customer"));
  const current = id ? getRoofCustomer(id) : undefined;
  // The crew opens the roofs of the leads it may see only (decisions 0053, 0098).
  if (current) refuseOthersRoof(admin, current);
  const maps = getSetting("maps");
  return {
    savedCustomers: savedCustomersPage(params, admin),
    current: current ? roofCustomerView(current) : null,
    missing: id !== null && !current,
    // The key itself reaches the browser only here, behind the sign-in: the maps script needs it.
    maps: { apiKey: maps.apiKey, keyTail: maps.apiKey ? maskKey(maps.apiKey) : null, publisherTag: maps.publisherTag },
    // The maps settings are the owner's; deleting a customer the owner's and office's (decision 0048).
    can: {
      settings: mayPost(role, "routes/admin/roof-measurement", MAPS_SETTINGS_INTENTS.saveKey),
      delete: mayPost(role, "routes/admin/roof-measurement", ROOF_CUSTOMER_INTENTS.delete),
    },
    showSettings:
      params.has("settings") && mayPost(role, "routes/admin/roof-measurement", MAPS_SETTINGS_INTENTS.saveKey),
    confirmDelete:
      !!current && params.has("delete") && mayPost(role, "routes/admin/roof-measurement", ROOF_CUSTOMER_INTENTS.delete),
    origin: staffOrigin(request),
  };
}

/** A page of Saved Customers as the URL asks (search, cursor); its neighbors' cursors for the page links. */
function savedCustomersPage(params: URLSearchParams, user: SessionUser) {
  const query = roofListQuery(params);
  // The crew's list: the roofs of the leads it may see (decisions 0053, 0098).
  const page = listRoofCustomers({ ...query, leads: visibleTo(user) });
  return {
    customers: page.customers,
    q: query.q,
    newer: page.newer && encodeRoofCursor(page.newer),
    older: page.older && encodeRoofCursor(page.older),
  };
}

/**
 * A 403 for a saved roof of a lead that is not this crew member's. A new customer (no id) is
 * anyone's to start; one deleted meanwhile is left to the save, which says so.
 */
function refuseOthersCustomer(user: SessionUser, id: number | null) {
  const customer = id === null ? undefined : getRoofCustomer(id);
  if (customer) refuseOthersRoof(user, customer);
}

/** A maps settings form's answer: conform's reply, and the words for what was saved (null when nothing was). */
const mapsAnswer = (
  intent: string,
  reply: SubmissionResult<string[]>,
  saved: string | null,
  status = saved ? 200 : 400,
) => data({ maps: { intent, reply, saved } }, { status });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAccess(request, "routes/admin/roof-measurement");
  const parsed = await parseUploadForm(request);
  // The body was cut off, so there are no fields to give back: only the reason.
  if ("error" in parsed) return data({ status: "error" as const, error: { "": [parsed.error] } }, { status: 413 });
  const form = parsed.form;
  requireIntent(admin, "routes/admin/roof-measurement", form.get("intent"));
  const intent = form.get("intent");
  switch (intent) {
    case MAPS_SETTINGS_INTENTS.saveKey:
    case MAPS_SETTINGS_INTENTS.clearKey:
      return saveMapsKey(intent, form, admin.userId);
    case MAPS_SETTINGS_INTENTS.saveTag: {
      const submission = parseWithZod(form, { schema: PublisherTagSchema });
      if (submission.status !== "success") return mapsAnswer(intent, submission.reply(), null);
      setSetting("maps", { ...getSetting("maps"), publisherTag: submission.value.publisherTag }, admin.userId);
      return mapsAnswer(intent, submission.reply(), MAPS_MESSAGES.tagSaved);
    }
    case ROOF_CUSTOMER_INTENTS.delete: {
      const ok = deleteRoofCustomer(parseId(form.get("id")) ?? 0);
      return redirectWithFlash(
        ROOF_TOOL,
        ok ? { type: "success", message: "Customer deleted" } : { type: "error", message: "Failed to delete customer" },
      );
    }
    case ROOF_CUSTOMER_INTENTS.calculate:
      refuseOthersCustomer(admin, parseId(form.get("id")));
      return saveCustomer(ROOF_CUSTOMER_INTENTS.calculate, parsed, admin);
    // A post that names no button is the customer form's save, as it always was.
    case ROOF_CUSTOMER_INTENTS.save:
    case null:
      refuseOthersCustomer(admin, parseId(form.get("id")));
      return saveCustomer(ROOF_CUSTOMER_INTENTS.save, parsed, admin);
    default:
      return refuseUnknownIntent();
  }
}

/** `by`: the account saving (settings name who changed them). */
function saveMapsKey(
  intent: typeof MAPS_SETTINGS_INTENTS.saveKey | typeof MAPS_SETTINGS_INTENTS.clearKey,
  form: FormData,
  by: number,
) {
  // Clearing sends no key; saving parses it. The key itself is never sent back to the page.
  const submission = parseWithZod(form, { schema: MapsKeySchema });
  const reply = (options: { formErrors?: string[] } = {}) => submission.reply({ ...options, hideFields: ["apiKey"] });
  if (intent === MAPS_SETTINGS_INTENTS.saveKey && submission.status !== "success")
    return mapsAnswer(intent, reply(), null);
  const apiKey =
    intent === MAPS_SETTINGS_INTENTS.saveKey && submission.status === "success" ? submission.value.apiKey : null;
  try {
    setSetting("maps", { ...getSetting("maps"), apiKey }, by);
  } catch (error) {
    console.error("Saving the maps key failed:", error);
    return mapsAnswer(intent, reply({ formErrors: [MAPS_MESSAGES.saveFailed] }), null, 500);
  }
  return mapsAnswer(
    intent,
    submission.reply({ resetForm: true }),
    apiKey ? MAPS_MESSAGES.saved : MAPS_MESSAGES.cleared,
  );
}

/** Saving a customer deleted meanwhile (in another tab): back to the tool, as deleting it again would. */
const CUSTOMER_GONE = "Failed to save customer data: the customer was deleted in the meantime";

/** "Calculate" (the form back with the area worked out, without scripts) or "Save Customer". */
async function saveCustomer(
  intent: typeof ROOF_CUSTOMER_INTENTS.calculate | typeof ROOF_CUSTOMER_INTENTS.save,
  parsed: Extract<ParsedUpload, { form: FormData }>,
  admin: SessionUser,
) {
  const form = parsed.form;
  const submission = parseWithZod(form, { schema: RoofCustomerSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  if (intent === ROOF_CUSTOMER_INTENTS.calculate) {
    // Without scripts Calculate is a round trip: the form comes back with the roof area filled in.
    const area = roofAreaFromLengthWidth(input);
    if (area !== null) submission.payload.area = String(area);
    return data(submission.reply());
  }
  const drawing = parseDrawing(form.get("drawing"));
  const summary = summarizeRoof(input, drawing.top);
  // The browser says so too, but a tracing without a scale must never be stored as measured.
  if (summary.scaleNotSet) return data(submission.reply({ formErrors: [SCALE_NOT_SET_ON_SAVE] }), { status: 400 });
  const images = await readRoofImages(parsed);
  if (isRefusal(images)) return data(submission.reply({ formErrors: [images.refused] }), { status: 400 });
  const leadId = input.id ? roofCustomerLeadId(input.id) : null;
  const photoProblem = await addLeadPhotos(form, leadId, images.files);
  if (photoProblem) return data(submission.reply({ formErrors: [photoProblem.refused] }), { status: 400 });
  try {
    // Area and pitch are stored as the results show them, so the list and exports agree.
    const id = await saveRoofCustomer(
      { ...input, ...settledMeasurements(summary, input) },
      {
        drawing,
        files: images.files,
        remove: images.remove,
        author: actorOf(admin),
        // A roof the crew starts here gets a lead they keep, so they can open it again.
        assignee: assigneeOfNewLead(admin),
      },
    );
    if (!id) return redirectWithFlash(ROOF_TOOL, { type: "error", message: CUSTOMER_GONE });
    return redirectWithFlash(`${ROOF_TOOL}?customer=${id}`, {
      type: "success",
      message: "Customer data saved successfully",
    });
  } catch (error) {
    console.error("Saving a roof customer failed:", error);
    return data(submission.reply({ formErrors: ["Failed to save customer data"] }), { status: 500 });
  }
}

export default function RoofMeasurement({ loaderData, actionData }: Route.ComponentProps) {
  // A new key after every save: staged pictures and the undo history start afresh from what was stored.
  const key = loaderData.current ? `${loaderData.current.id}-${loaderData.current.updatedAt}` : "new";
  return <RoofTool key={key} {...loaderData} actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Roof Measurement Tool | Admin" },
  { name: "robots", content: "noindex" },
];
