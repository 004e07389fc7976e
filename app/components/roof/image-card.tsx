import { ImagePlus, RefreshCw, Trash2 } from "lucide-react";
import { Field, secondaryButton } from "~/components/admin-ui";
import type { LeadPhotoOffer, RoofCustomerView } from "~/services/roof-customer-view.server";
import { IMAGE_FIELD, LEAD_PHOTO_FIELD, REMOVE_FIELD, VIEW_LABEL, VIEWS, type RoofView } from "~/lib/roof-drawing";
import { IMAGE_TYPES } from "~/lib/upload-rules";
import { Tabs } from "./tabs";

export function ImageArea({
  view,
  prompt,
  reading,
  onUpload,
  children,
}: {
  view: RoofView;
  prompt: boolean;
  reading: boolean;
  onUpload: () => void;
  children: React.ReactNode;
}) {
  return (
    <div className="relative bg-slate-100">
      {children}
      {(reading || prompt) && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          {reading ? (
            <p role="status" className="rounded-md bg-white/90 px-4 py-2 font-semibold shadow">
              Uploading...
            </p>
          ) : (
            <button
              type="button"
              onClick={onUpload}
              className="pointer-events-auto flex flex-col items-center gap-2 rounded-xl bg-white/90 px-6 py-5 text-center shadow"
            >
              <ImagePlus aria-hidden className="size-8 text-brand" />
              <span className="font-semibold">Upload a {view} view picture</span>
              <span className="text-sm text-ink-soft">
                JPEG, PNG or WebP, up to 10MB. You can also trace without one.
              </span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

type ImageCardProps = {
  formId: string;
  hydrated: boolean;
  view: RoofView;
  tab: "upload" | "manage";
  setTab: (t: "upload" | "manage") => void;
  current: RoofCustomerView | null;
  staged: Record<RoofView, string | null>;
  removed: Record<RoofView, boolean>;
  reading: RoofView | null;
  inputRefs: Record<RoofView, React.RefObject<HTMLInputElement | null>>;
  onFile: (view: RoofView, input: HTMLInputElement) => void;
  onRemove: (view: RoofView) => void;
  onLeadPhoto: (view: RoofView, photo: LeadPhotoOffer) => void;
};

/**
 * Pictures travel with the customer form (the file inputs belong to it), so a picture is
 * stored when the customer is saved, never orphaned. With scripts, tabs show the current
 * view; without, both views' inputs are listed.
 */
export function ImageCard({
  formId,
  hydrated,
  view,
  tab,
  setTab,
  current,
  staged,
  removed,
  reading,
  inputRefs,
  onFile,
  onRemove,
  onLeadPhoto,
}: ImageCardProps) {
  const has = (v: RoofView) => !!staged[v] || (!removed[v] && !!current?.images[v]);
  return (
    <section aria-labelledby="roof-images" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="roof-images" className="text-lg font-bold">
        Images
      </h2>
      {hydrated && (
        <Tabs
          label="Image"
          className="mt-2"
          current={tab}
          onChange={setTab}
          tabs={[
            ["upload", "Upload Image"],
            ["manage", "Manage Image"],
          ]}
        />
      )}
      {VIEWS.map((v) => (
        <div key={v} hidden={hydrated && v !== view} className="mt-3 space-y-3">
          <div hidden={hydrated && tab !== "upload"}>
            <Field label={`${VIEW_LABEL[v]} picture`}>
              <input
                ref={inputRefs[v]}
                type="file"
                name={IMAGE_FIELD[v]}
                form={formId}
                // The side view is the pitch seen from the ground: on a phone, straight to its
                // camera. The top view is an aerial picture, chosen from files.
                {...(v === "side" ? { accept: "image/*", capture: "environment" } : { accept: IMAGE_TYPES.join(",") })}
                onChange={(e) => onFile(v, e.currentTarget)}
                className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-white"
              />
            </Field>
            <p className="mt-1 text-xs text-ink-soft">
              {reading === v ? "Uploading..." : "JPEG, PNG or WebP, up to 10MB. Stored when you save the customer."}
            </p>
          </div>
          <div hidden={hydrated && tab !== "manage"}>
            {has(v) ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm">
                  {staged[v]
                    ? "New picture, saved with the customer"
                    : `Saved picture: ${current?.images[v]?.name ?? ""}`}
                </span>
                {hydrated ? (
                  <>
                    <button
                      type="button"
                      className={`${secondaryButton} px-3 py-1.5 text-sm`}
                      onClick={() => inputRefs[v].current?.click()}
                    >
                      <RefreshCw aria-hidden className="size-4" /> Replace
                    </button>
                    <button
                      type="button"
                      className={`${secondaryButton} px-3 py-1.5 text-sm text-red-800`}
                      onClick={() => onRemove(v)}
                    >
                      <Trash2 aria-hidden className="size-4" /> Remove
                    </button>
                  </>
                ) : (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name={REMOVE_FIELD[v]} value="1" form={formId} /> Remove on save
                  </label>
                )}
              </div>
            ) : (
              hydrated && <p className="text-sm text-ink-soft">No picture for the {v} view yet.</p>
            )}
          </div>
        </div>
      ))}
      {current?.lead && current.lead.photos.length > 0 && (
        <LeadPhotos formId={formId} hydrated={hydrated} photos={current.lead.photos} onPick={onLeadPhoto} />
      )}
    </section>
  );
}

/**
 * The lead's photos (the homeowner's with the request, the crew's from the job), offered as
 * the pictures to trace on; copied through the upload's cleaning when the customer is saved.
 * Without scripts a choice saves the customer with it; with scripts it is staged like a
 * chosen file and stored on Save.
 */
function LeadPhotos({
  formId,
  hydrated,
  photos,
  onPick,
}: {
  formId: string;
  hydrated: boolean;
  photos: LeadPhotoOffer[];
  onPick: ImageCardProps["onLeadPhoto"];
}) {
  return (
    <div className="mt-4 border-t border-black/10 pt-4">
      <h3 className="font-semibold">Photos of the job</h3>
      {!hydrated && <p className="text-xs text-ink-soft">Choosing one saves the customer with it.</p>}
      <ul className="mt-2 grid grid-cols-2 gap-3">
        {photos.map((p) => (
          <li key={p.id} className="space-y-1">
            <img
              src={p.thumb}
              alt={p.name}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
            />
            <p className="truncate text-xs text-ink-soft">{p.about}</p>
            {VIEWS.map((v) => (
              <button
                key={v}
                type="submit"
                form={formId}
                name={LEAD_PHOTO_FIELD[v]}
                value={p.id}
                aria-label={`Use ${p.name} for the ${v} view`}
                className={`${secondaryButton} w-full justify-center px-2 py-1 text-xs`}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  onPick(v, p);
                }}
              >
                Use for {v} view
              </button>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
