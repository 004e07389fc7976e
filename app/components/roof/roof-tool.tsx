import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  ArrowLeft,
  Calculator,
  ClipboardCopy,
  FileDown,
  FileSpreadsheet,
  MapPin,
  Save,
  Settings,
  Trash2,
  UserPlus,
} from "lucide-react";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { Form, href, Link, useLocation, useNavigation } from "react-router";
import { toast } from "react-toastify/unstyled";
import { ConfirmDelete, Field, inputClass, primaryButton, secondaryButton } from "~/components/admin-ui";
import { formatAddressLine } from "~/lib/address";
import { MAPS_MESSAGES, staticMapUrl, STATIC_MAP } from "~/lib/maps-loader";
import {
  ROOF_CUSTOMER_INTENTS,
  ROOF_TOOL as TOOL,
  roofCsvHref,
  roofCustomerHref,
  RoofCustomerSchema,
  roofReportHref,
  STREET_AND_CITY_REQUIRED,
} from "~/lib/roof-customer-form";
import { overrideNote, roofAreaFromLengthWidth, summarizeRoof, summaryFigures } from "~/lib/roof-summary";
import type { LeadPhotoOffer, RoofCustomerView } from "~/services/roof-customer-view.server";
import {
  CANVAS_WIDTH,
  emptyDrawing,
  LEAD_PHOTO_FIELD,
  pitchMismatch,
  pitchMismatchText,
  REMOVE_FIELD,
  VIEW_LABEL,
  VIEWS,
  type RoofView,
} from "~/lib/roof-drawing";
import { drawingReducer, initialDrawingState } from "~/lib/roof-drawing-state";
import { feetPerPixelAtZoom } from "~/lib/roof-geometry";
import { imageFileProblem, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { useHydrated } from "~/lib/use-hydrated";
import { MapsBadge, MapsSettings, type MapsActionResult } from "./maps-settings";
import { RoofCanvas } from "./roof-canvas";
import { RoofControls } from "./roof-controls";
import { RoofResults } from "./roof-results";
import { Tabs } from "./tabs";
import { useGoogleMaps } from "./use-google-maps";
import { AddressSearch } from "./address-search";
import { ImageArea, ImageCard } from "./image-card";
import { SavedCustomers, type SavedCustomerList } from "./saved-customers";
import { useUnsavedWarning, type IsLeaving } from "~/components/use-unsaved-warning";

const LEAVE_QUESTION =
  "Leave without saving? The measurements, tracing or pictures of this customer are not saved yet.";
// Opening another saved customer leaves this one too; the settings (same customer) do not.
const otherCustomer: IsLeaving = (current, next) =>
  current.pathname !== next.pathname ||
  new URLSearchParams(current.search).get("customer") !== new URLSearchParams(next.search).get("customer");

type Props = {
  savedCustomers: SavedCustomerList;
  current: RoofCustomerView | null;
  maps: { apiKey: string | null; keyTail: string | null; publisherTag: string | null };
  showSettings: boolean;
  /** What this person's role may do here besides measuring (decision 0048); all of it when absent. */
  can?: { settings: boolean; delete: boolean };
  missing: boolean;
  confirmDelete: boolean;
  origin: string;
  actionData: SubmissionResult<string[]> | MapsActionResult | undefined;
};

export function RoofTool({
  savedCustomers,
  current,
  maps,
  showSettings,
  missing,
  confirmDelete,
  origin,
  actionData,
  can = { settings: true, delete: true },
}: Props) {
  const hydrated = useHydrated();
  const location = useLocation();
  const picked = (location.state as { picked?: boolean } | null)?.picked === true;
  useEffect(() => {
    if (picked && current) toast.success("Customer data loaded");
  }, [picked, current]);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const mapsStatus = useGoogleMaps(maps.apiKey);
  const [state, dispatch] = useReducer(drawingReducer, current?.drawing ?? emptyDrawing(), (d) =>
    initialDrawingState(d, current?.pitch ?? undefined),
  );
  const [staged, setStaged] = useState<Record<RoofView, string | null>>({ top: null, side: null });
  const [removed, setRemoved] = useState<Record<RoofView, boolean>>({ top: false, side: false });
  // One of the lead's photos staged as a view's picture (its id), stored on Save.
  const [leadPhoto, setLeadPhoto] = useState<Record<RoofView, number | null>>({ top: null, side: null });
  const setLeadPhotoFor = (view: RoofView, id: number | null) => setLeadPhoto((p) => ({ ...p, [view]: id }));
  const [reading, setReading] = useState<RoofView | null>(null);
  const [imageTab, setImageTab] = useState<"upload" | "manage">(current?.images.top ? "manage" : "upload");
  const topInput = useRef<HTMLInputElement>(null);
  const sideInput = useRef<HTMLInputElement>(null);
  const fileInput = (view: RoofView) => (view === "top" ? topInput : sideInput).current;
  const lastResult = actionData && "maps" in actionData ? undefined : actionData;
  const mapsResult = actionData && "maps" in actionData ? actionData.maps : null;

  const [form, fields] = useForm({
    id: "roof-customer",
    lastResult,
    defaultValue: current
      ? {
          id: String(current.id),
          customerName: current.customerName ?? "",
          street: current.street,
          city: current.city,
          state: current.state ?? "",
          zipCode: current.zipCode ?? "",
          area: current.area?.toString() ?? "",
          length: current.length?.toString() ?? "",
          width: current.width?.toString() ?? "",
          pitch: current.pitch?.toString() ?? "",
        }
      : { pitch: "4" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoofCustomerSchema }),
    shouldValidate: "onSubmit",
  });

  // Object URLs of staged pictures are released when they are replaced, removed or the page goes.
  const stagedRef = useRef<Record<RoofView, string | null>>({ top: null, side: null });
  useEffect(() => () => VIEWS.forEach((v) => stagedRef.current[v] && URL.revokeObjectURL(stagedRef.current[v]!)), []);
  const replaceStaged = (view: RoofView, url: string | null) => {
    const old = stagedRef.current[view];
    if (old && old !== url) URL.revokeObjectURL(old);
    stagedRef.current = { ...stagedRef.current, [view]: url };
    setStaged(stagedRef.current);
  };

  const pictureFor = (view: RoofView): string | null => {
    if (staged[view]) return staged[view];
    if (!removed[view] && current?.images[view]) return current.images[view]!.url;
    const map = state.drawing[view].map;
    if (view === "top" && map && maps.apiKey) return staticMapUrl(maps.apiKey, map.lat, map.lng, map.zoom);
    return null;
  };

  const setValue = (name: keyof typeof fields, value: string) => form.update({ name: fields[name].name, value });

  async function stageFile(view: RoofView, input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast.error(problem);
      input.value = "";
      return;
    }
    setReading(view);
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      replaceStaged(view, url);
      setLeadPhotoFor(view, null);
      setRemoved((r) => ({ ...r, [view]: false }));
      setImageTab("manage");
      toast.success(`Image uploaded for ${view} view`);
    } catch {
      URL.revokeObjectURL(url);
      input.value = "";
      toast.error(UPLOAD_MESSAGES.readFailed);
    } finally {
      setReading(null);
    }
  }

  function removePicture(view: RoofView) {
    const input = fileInput(view);
    if (input) input.value = "";
    replaceStaged(view, null);
    setLeadPhotoFor(view, null);
    setRemoved((r) => ({ ...r, [view]: true }));
    setImageTab("upload");
    toast.success(`Image for ${view} view removed`);
  }

  function pickLeadPhoto(view: RoofView, photo: LeadPhotoOffer) {
    const input = fileInput(view);
    if (input) input.value = "";
    replaceStaged(view, photo.url);
    setLeadPhotoFor(view, photo.id);
    setRemoved((r) => ({ ...r, [view]: false }));
    setImageTab("manage");
    if (state.view !== view) dispatch({ type: "view", view });
    toast.success(`Photo of the job set for the ${view} view`);
  }

  const formError = form.errors?.[0];
  const needsStreetAndCity = [fields.street.errors, fields.city.errors].some((e) =>
    e?.includes(STREET_AND_CITY_REQUIRED),
  );
  const streetAndCity =
    String(fields.street.value ?? "").trim() !== "" && String(fields.city.value ?? "").trim() !== "";
  // Typed figures are work too: leaving with a changed length or width asks first.
  const typedChanged = [fields.area, fields.length, fields.width, fields.pitch].some((f) => f.dirty);
  const unsaved = state.undo.length > 0 || VIEWS.some((v) => staged[v] !== null || removed[v]) || typedChanged;
  useUnsavedWarning(unsaved, LEAVE_QUESTION, otherCustomer);
  // The typed values as the server reads them (whole numbers; anything else ignored).
  const typedNumber = (v: unknown) =>
    v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Math.round(Number(v));
  const typedPitch = fields.pitch.value === undefined || fields.pitch.value === "" ? null : Number(fields.pitch.value);
  const typed = {
    area: typedNumber(fields.area.value),
    length: typedNumber(fields.length.value),
    width: typedNumber(fields.width.value),
    pitch: typedPitch !== null && Number.isFinite(typedPitch) ? typedPitch : null,
  };
  const summary = useMemo(
    () =>
      summarizeRoof(
        { area: typed.area, length: typed.length, width: typed.width, pitch: typed.pitch },
        state.drawing.top,
      ),
    [typed.area, typed.length, typed.width, typed.pitch, state.drawing.top],
  );
  // Traced: the card's roof area and pitch show the tracing's figures as they are now, so
  // the note names only what is still typed and not used.
  const traced = hydrated && summary.source === "traced";
  const shownSummary = traced
    ? { ...summary, ignored: summary.ignored.filter((f) => f === "length" || f === "width") }
    : summary;
  const typedNote = overrideNote(shownSummary);
  const mismatch = pitchMismatch(state.drawing, typed.pitch);
  const view = state.view;
  const liveField = (label: string, meta: typeof fields.area, value: string) => (
    <>
      <Field label={label} hint="From the tracing, as it is now">
        <input type="text" readOnly value={value} className={`${inputClass} bg-sand font-semibold`} />
      </Field>
      {/* The typed value stays in the form, used again if the tracing is cleared. */}
      <input type="hidden" name={meta.name} value={String(meta.value ?? "")} />
    </>
  );

  const field = (
    label: string,
    meta: (typeof fields)[keyof typeof fields],
    type: "text" | "number" = "text",
    extra = {},
  ) => (
    <Field label={label} error={meta}>
      <input {...getInputProps(meta, { type })} {...extra} className={inputClass} />
    </Field>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Roof Measurement Tool</h1>
        {current && (
          <div className="flex flex-wrap gap-2">
            {current.lead && (
              <Link to={href("/admin/leads/:id", { id: String(current.lead.id) })} className={secondaryButton}>
                <ArrowLeft aria-hidden className="size-4" /> Lead: {current.lead.name}
              </Link>
            )}
            <Link to={TOOL} className={secondaryButton}>
              <UserPlus aria-hidden className="size-4" /> New customer
            </Link>
          </div>
        )}
      </div>
      {missing && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          Failed to load customer data
        </p>
      )}
      {/* On a phone the two columns dissolve (display: contents) so the picture comes right
          after the address instead of below the saved customers. From 1280 px the right one
          dissolves too, so the results get a third column beside the drawing. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] xl:grid-cols-[19rem_minmax(0,1fr)_19rem] xl:gap-5">
        <div className="contents lg:block lg:space-y-6">
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="order-1 space-y-3 rounded-xl bg-white p-5 shadow-sm"
          >
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <MapPin aria-hidden className="size-5 text-brand" /> Address
            </h2>
            {current && <input {...getInputProps(fields.id, { type: "hidden" })} />}
            {(needsStreetAndCity || formError) && (
              <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                {needsStreetAndCity ? STREET_AND_CITY_REQUIRED : formError}
              </p>
            )}
            {hydrated ? (
              <AddressSearch
                mapsStatus={mapsStatus}
                fieldsText={formatAddressLine({
                  street: String(fields.street.value ?? ""),
                  city: String(fields.city.value ?? ""),
                  state: String(fields.state.value ?? "") || null,
                  zipCode: String(fields.zipCode.value ?? "") || null,
                })}
                onAddress={(parts) => {
                  setValue("street", parts.street);
                  setValue("city", parts.city);
                  setValue("state", parts.state);
                  setValue("zipCode", parts.zipCode);
                }}
                onLocation={(loc) => {
                  const zoom = STATIC_MAP.zoom;
                  // Static Maps pictures are 640 px wide, drawn 800 units wide.
                  const scale = (feetPerPixelAtZoom(loc.lat, zoom) * STATIC_MAP.width) / CANVAS_WIDTH;
                  replaceStaged("top", null);
                  const input = fileInput("top");
                  if (input) input.value = "";
                  setRemoved((r) => ({ ...r, top: true }));
                  dispatch({ type: "map", map: { ...loc, zoom }, scale });
                  return staticMapUrl(maps.apiKey ?? "", loc.lat, loc.lng, zoom);
                }}
              />
            ) : (
              <p className="rounded-md bg-sand px-3 py-2 text-sm">
                Address search needs JavaScript: type the address below.
              </p>
            )}
            {field("Customer name", fields.customerName)}
            {field("Street", fields.street)}
            {/* The column is narrow beside the drawing at desktop widths: the city gets a row of its own. */}
            <div className="grid grid-cols-[4rem_minmax(0,1fr)] gap-2">
              <div className="col-span-2">{field("City", fields.city)}</div>
              {field("State", fields.state, "text", { maxLength: 2 })}
              {field("ZIP", fields.zipCode, "text", { maxLength: 10 })}
            </div>

            <h2 className="flex items-center gap-2 pt-3 text-lg font-bold">
              <Calculator aria-hidden className="size-5 text-brand" /> Measurements
            </h2>
            <div className="grid grid-cols-2 gap-2">
              {traced && summary.roofArea !== null
                ? liveField("Roof area (sq ft)", fields.area, String(Math.round(summary.roofArea)))
                : field("Roof area (sq ft)", fields.area, "number", { min: 0, step: "any" })}
              {traced && summary.pitch !== null
                ? liveField("Pitch (X/12)", fields.pitch, String(summary.pitch))
                : field("Pitch (X/12)", fields.pitch, "number", { min: 0, max: 12, step: 0.5 })}
              {field("Length (ft)", fields.length, "number", { min: 0, step: "any" })}
              {field("Width (ft)", fields.width, "number", { min: 0, step: "any" })}
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value={ROOF_CUSTOMER_INTENTS.calculate}
                formNoValidate
                className={`${secondaryButton} px-3 py-1.5 text-sm`}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  const area = roofAreaFromLengthWidth(typed);
                  if (area !== null) {
                    setValue("area", String(area));
                    toast.success("Area calculated from length and width");
                  } else toast.info("Enter length, width and pitch to calculate the roof area");
                }}
              >
                <Calculator aria-hidden className="size-4" /> Calculate
              </button>
              {hydrated && (summary.source !== null || Boolean(fields.length.value)) && (
                <button
                  type="button"
                  className={`${secondaryButton} px-3 py-1.5 text-sm`}
                  onClick={() => {
                    // The figures the results show, not the raw inputs, so a pasted quote matches them.
                    const { totals } = summaryFigures(summary);
                    const lines = [
                      `Address: ${formatAddressLine({ street: String(fields.street.value ?? ""), city: String(fields.city.value ?? ""), state: String(fields.state.value ?? "") || null, zipCode: String(fields.zipCode.value ?? "") || null })}`,
                      fields.length.value && summary.source !== "traced" && `Length: ${fields.length.value} ft`,
                      fields.width.value && summary.source !== "traced" && `Width: ${fields.width.value} ft`,
                      ...totals.map((f) => `${f.label}: ${f.value}`),
                    ].filter(Boolean);
                    navigator.clipboard.writeText(lines.join("\n")).then(
                      () => toast.success("Measurements copied to clipboard"),
                      () => toast.error("Failed to copy measurements"),
                    );
                  }}
                >
                  <ClipboardCopy aria-hidden className="size-4" /> Copy
                </button>
              )}
            </div>
            {typedNote && <p className="rounded-md bg-sand px-3 py-2 text-sm font-semibold">{typedNote}</p>}
            {!hydrated && (
              <p className="text-xs text-ink-soft">
                The roof area is calculated from length, width and pitch when saving.
              </p>
            )}
            <input type="hidden" name="drawing" value={JSON.stringify(state.drawing)} />
            {VIEWS.map((v) => removed[v] && <input key={v} type="hidden" name={REMOVE_FIELD[v]} value="1" />)}
            {VIEWS.map(
              (v) =>
                leadPhoto[v] !== null && (
                  <input key={`lead-${v}`} type="hidden" name={LEAD_PHOTO_FIELD[v]} value={leadPhoto[v]!} />
                ),
            )}
            {mismatch && (
              <div
                role="alert"
                aria-label="Pitch check"
                className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950"
              >
                <p className="font-semibold">{pitchMismatchText(mismatch)}</p>
                {mismatch.typed !== undefined ? (
                  <p>
                    The roof area, and so the estimate, use the typed pitch.{" "}
                    {hydrated
                      ? "Use the measured pitch, or keep the typed one."
                      : `Type ${mismatch.measured} in Pitch to use the measured pitch.`}
                  </p>
                ) : (
                  <p>
                    The roof area, and so the estimate, use each facet&apos;s own pitch. Apply the measured pitch, or
                    keep a facet&apos;s own (a porch, a lower wing).
                  </p>
                )}
                {hydrated && mismatch.typed !== undefined && (
                  <button
                    type="button"
                    className={`${secondaryButton} px-3 py-1 text-sm`}
                    onClick={() => setValue("pitch", String(mismatch.measured))}
                  >
                    Use {mismatch.measured}/12
                  </button>
                )}
                {hydrated && mismatch.typed === undefined && (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={`${secondaryButton} px-3 py-1 text-sm`}
                      onClick={() =>
                        dispatch({ type: "apply-measured-pitch", facets: mismatch.facets.map((f) => f.number - 1) })
                      }
                    >
                      Apply {mismatch.measured}/12 to facet{mismatch.facets.length > 1 ? "s" : ""}{" "}
                      {mismatch.facets.map((f) => f.number).join(", ")}
                    </button>
                    {mismatch.facets.map((f) => (
                      <button
                        key={f.number}
                        type="button"
                        className={`${secondaryButton} px-3 py-1 text-sm`}
                        onClick={() => dispatch({ type: "keep-facet-pitch", facet: f.number - 1 })}
                      >
                        Keep {f.pitch}/12 for facet {f.number}
                      </button>
                    ))}
                  </div>
                )}
              </div>
            )}
            <div className="flex flex-wrap gap-2 border-t border-black/10 pt-4">
              <button
                type="submit"
                name="intent"
                value={ROOF_CUSTOMER_INTENTS.save}
                className={primaryButton}
                disabled={busy || (hydrated && !streetAndCity)}
              >
                <Save aria-hidden className="size-4" />{" "}
                {busy && navigation.formData?.get("intent") === ROOF_CUSTOMER_INTENTS.save
                  ? "Saving..."
                  : "Save Customer"}
              </button>
              {current && can.delete && (
                <Link to={`${roofCustomerHref(current.id)}&delete=1`} className={`${secondaryButton} text-red-800`}>
                  <Trash2 aria-hidden className="size-4" /> Delete
                </Link>
              )}
            </div>
          </Form>

          <div className="order-3">
            <ImageCard
              formId={form.id}
              hydrated={hydrated}
              view={view}
              tab={imageTab}
              setTab={setImageTab}
              current={current}
              staged={staged}
              removed={removed}
              reading={reading}
              inputRefs={{ top: topInput, side: sideInput }}
              onFile={stageFile}
              onRemove={removePicture}
              onLeadPhoto={pickLeadPhoto}
            />
          </div>
          <div className="order-5">
            <SavedCustomers list={savedCustomers} currentId={current?.id} />
          </div>
        </div>

        <div className="contents lg:block lg:min-w-0 lg:space-y-6 xl:contents">
          <div className="order-2">
            {showSettings ? (
              <MapsSettings
                keyTail={maps.keyTail}
                publisherTag={maps.publisherTag}
                status={mapsStatus}
                backTo={current ? roofCustomerHref(current.id) : TOOL}
                result={mapsResult}
                origin={origin}
              />
            ) : (
              <section aria-labelledby="roof-view" className="overflow-hidden rounded-xl bg-white shadow-sm">
                <header className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <h2 id="roof-view" className="text-lg font-bold">
                    Roof View
                  </h2>
                  <div className="flex items-center gap-2">
                    <MapsBadge status={mapsStatus} />
                    {can.settings && (
                      <Link
                        to={`${TOOL}?${current ? `customer=${current.id}&` : ""}settings`}
                        className={`${secondaryButton} px-3 py-1.5 text-sm`}
                      >
                        <Settings aria-hidden className="size-4" /> Settings
                      </Link>
                    )}
                  </div>
                </header>
                {mapsStatus === "auth-error" && (
                  <p role="alert" className="mx-4 mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                    {MAPS_MESSAGES.authFailed}{" "}
                    {/* The settings are the owner's (decision 0048): the others are told whom to ask. */}
                    {can.settings ? (
                      <Link className="font-semibold underline" to={`${TOOL}?settings`}>
                        Open settings
                      </Link>
                    ) : (
                      "Ask the owner to fix it in the roof tool's settings."
                    )}
                  </p>
                )}
                {mapsStatus === "load-error" && (
                  <p role="alert" className="mx-4 mb-3 rounded-md bg-orange-50 px-3 py-2 text-sm text-orange-900">
                    {MAPS_MESSAGES.loadFailed}. Uploading and tracing pictures still work.
                  </p>
                )}
                {hydrated ? (
                  <>
                    <Tabs
                      label="Roof views"
                      className="px-4"
                      current={view}
                      onChange={(v) => dispatch({ type: "view", view: v })}
                      tabs={VIEWS.map((v) => [v, VIEW_LABEL[v]] as const)}
                    />
                    <ImageArea
                      view={view}
                      // Once staff start tracing without a picture, the prompt steps aside.
                      prompt={
                        !pictureFor(view) &&
                        state.tool === "select" &&
                        state.drawing[view].facets.length === 0 &&
                        !state.drawing[view].pitchLine
                      }
                      reading={reading === view}
                      onUpload={() => fileInput(view)?.click()}
                    >
                      <RoofCanvas
                        imageUrl={pictureFor(view)}
                        view={state.drawing[view]}
                        state={state}
                        dispatch={dispatch}
                        label={`${VIEW_LABEL[view]} drawing surface`}
                        onImageError={() => toast.error(`Failed to load image for ${view} view`)}
                      />
                    </ImageArea>
                    <RoofControls state={state} dispatch={dispatch} />
                  </>
                ) : (
                  <div className="space-y-4 p-4">
                    <p className="rounded-md bg-sand px-3 py-2 text-sm">
                      Drawing on the picture and the maps need JavaScript. Saved outlines are shown below; typed
                      measurements, saving and exports work without it.
                    </p>
                    {VIEWS.map((v) => (
                      <figure key={v}>
                        <figcaption className="mb-1 font-semibold">{VIEW_LABEL[v]}</figcaption>
                        <RoofCanvas
                          imageUrl={pictureFor(v)}
                          view={state.drawing[v]}
                          label={`${VIEW_LABEL[v]} with saved outlines`}
                        />
                      </figure>
                    ))}
                  </div>
                )}
              </section>
            )}
          </div>
          <section
            aria-labelledby="roof-results"
            className="order-4 rounded-xl bg-white p-5 shadow-sm xl:self-start xl:p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="roof-results" className="text-lg font-bold">
                Results
              </h2>
              {current && current.area !== null ? (
                <div className="flex flex-wrap gap-2">
                  <a href={roofReportHref(current.id)} className={`${primaryButton} px-3 py-1.5 text-sm`} download>
                    <FileDown aria-hidden className="size-4" /> Export as PDF
                  </a>
                  <a
                    href={roofCsvHref(current.id, view)}
                    className={`${secondaryButton} px-3 py-1.5 text-sm`}
                    download
                    onClick={() => toast.success("Measurements exported to CSV")}
                  >
                    <FileSpreadsheet aria-hidden className="size-4" /> Export as CSV{hydrated ? ` (${view} view)` : ""}
                  </a>
                  {!hydrated && (
                    <a
                      href={roofCsvHref(current.id, "side")}
                      className={`${secondaryButton} px-3 py-1.5 text-sm`}
                      download
                    >
                      <FileSpreadsheet aria-hidden className="size-4" /> Export side view CSV
                    </a>
                  )}
                </div>
              ) : (
                // Nothing measured and saved yet: an export would be an empty page.
                <div className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    disabled
                    aria-describedby="export-wait"
                    className={`${primaryButton} px-3 py-1.5 text-sm`}
                  >
                    <FileDown aria-hidden className="size-4" /> Export as PDF
                  </button>
                  <button
                    type="button"
                    disabled
                    aria-describedby="export-wait"
                    className={`${secondaryButton} px-3 py-1.5 text-sm`}
                  >
                    <FileSpreadsheet aria-hidden className="size-4" /> Export as CSV
                  </button>
                  <p id="export-wait" className="w-full text-sm text-ink-soft">
                    {current
                      ? "Exports wait for a measurement: measure the roof, then save."
                      : "Exports wait for a measurement: measure the roof, then save the customer."}
                  </p>
                </div>
              )}
            </div>
            <div className="mt-4">
              <RoofResults
                summary={shownSummary}
                onSetScale={
                  hydrated
                    ? () => {
                        // Switching views drops the selection, so only when on the side view.
                        if (state.view !== "top") dispatch({ type: "view", view: "top" });
                        dispatch({ type: "tool", tool: "scale" });
                        document.getElementById("roof-view")?.scrollIntoView({ block: "start" });
                      }
                    : undefined
                }
              />
            </div>
          </section>
        </div>
      </div>
      {confirmDelete && current && (
        <ConfirmDelete
          title="Delete customer"
          question="Are you sure you want to delete this customer?"
          detail={`${current.customerName || "Unnamed Customer"}, ${formatAddressLine(current)}, and its pictures.`}
          id={current.id}
          intent={ROOF_CUSTOMER_INTENTS.delete}
          closeTo={roofCustomerHref(current.id)}
        />
      )}
    </>
  );
}
