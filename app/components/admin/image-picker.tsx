import { useState } from "react";
import { AdminThumb } from "~/components/admin-image";
import { FieldError, inputClass } from "~/components/admin-ui";
import { IMAGE_TYPES } from "~/lib/upload-rules";
import { useHydrated } from "~/lib/use-hydrated";

/** A library picture as the picker shows it: its small copy, its description and file name. */
export type PickerImage = {
  id: number;
  src: string;
  alt: string;
  name: string;
};

type ErrorMeta = { errorId: string; errors?: string[] };

/**
 * Choose a picture from the image library, or upload a new one with the form (it then
 * goes into the library and is the one chosen). A plain radio list of thumbnails, so it
 * works with scripts off inside any form posted as multipart/form-data; with scripts a
 * filter box narrows a long library. The server decides: an uploaded file wins over a
 * picked one.
 */
export function ImagePicker({
  legend,
  images,
  selectedId,
  name = "imageId",
  uploadName = "upload",
  error,
  uploadError,
  onPick,
  upload = true,
  noneLabel,
}: {
  legend: string;
  images: PickerImage[];
  /** The picture chosen now (checked when the form opens). */
  selectedId: number | null;
  /** The radio group's field name (the image id is posted). */
  name?: string;
  /** The file input's field name. */
  uploadName?: string;
  /** Conform's meta for the chosen picture, to show why it was refused. */
  error?: ErrorMeta;
  uploadError?: ErrorMeta;
  /** Called when a library picture is picked (e.g. to offer its description). */
  onPick?: (image: PickerImage) => void;
  /** False leaves out the upload (a form posted urlencoded, e.g. with lists). */
  upload?: boolean;
  /** A first choice meaning "no picture" (posts an empty value), e.g. "No photo". */
  noneLabel?: string;
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle ? images.filter((i) => `${i.name} ${i.alt}`.toLowerCase().includes(needle)) : images;
  const invalid = Boolean(error?.errors?.length);
  return (
    <fieldset
      className="space-y-3"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? error?.errorId : undefined}
    >
      <legend className="text-sm font-medium">{legend}</legend>
      {images.length === 0 ? (
        <p className="text-sm text-ink-soft">
          {upload
            ? "The image library is empty: upload a picture below."
            : "The image library is empty: add pictures on the Images page first."}
        </p>
      ) : (
        <>
          {hydrated && images.length > 6 && (
            <input
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder="Find a picture by name or description"
              aria-label="Find a picture"
              className={inputClass}
            />
          )}
          <ul
            className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto rounded-md border border-black/10 p-2 sm:grid-cols-3"
            data-testid="image-picker"
          >
            {noneLabel && (
              <li>
                <label className="flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 rounded-md bg-sand p-1 text-xs ring-brand hover:bg-sand/70 has-checked:bg-brand-soft has-checked:ring-2">
                  <input type="radio" name={name} value="" defaultChecked={selectedId === null} />
                  {noneLabel}
                </label>
              </li>
            )}
            {images.map((image) => (
              <li key={image.id} hidden={!shown.includes(image) || undefined}>
                <label className="block cursor-pointer rounded-md p-1 ring-brand hover:bg-sand has-checked:bg-brand-soft has-checked:ring-2">
                  <AdminThumb src={image.src} alt="" className="aspect-[4/3] w-full" />
                  <span className="mt-1 flex items-center gap-1.5 text-xs">
                    <input
                      type="radio"
                      name={name}
                      value={image.id}
                      defaultChecked={image.id === selectedId}
                      onChange={() => onPick?.(image)}
                    />
                    <span className="truncate" title={image.name}>
                      {image.alt || image.name}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {hydrated && shown.length === 0 && <p className="text-sm text-ink-soft">No picture matches “{filter}”.</p>}
        </>
      )}
      {error && <FieldError id={error.errorId} errors={error.errors} />}
      {upload && (
        <>
          <label className="block">
            <span className="text-sm font-medium">Or upload a new picture</span>
            <input
              type="file"
              name={uploadName}
              accept={IMAGE_TYPES.join(",")}
              aria-invalid={uploadError?.errors?.length ? true : undefined}
              aria-describedby={uploadError?.errors?.length ? uploadError.errorId : undefined}
              className={`${inputClass} py-1.5`}
            />
            <span className="mt-1 block text-xs text-ink-soft">
              JPG, PNG or WebP up to 10 MB. It goes into the image library and is used here instead of a picture picked
              above.
            </span>
          </label>
          {uploadError && <FieldError id={uploadError.errorId} errors={uploadError.errors} />}
        </>
      )}
    </fieldset>
  );
}
