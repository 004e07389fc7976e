import { ChevronLeft, ChevronRight, Copy, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { Form, href, Link, useNavigation, useRevalidator } from "react-router";
import { toast } from "react-toastify/unstyled";
import { AdminThumb } from "~/components/admin-image";
import { ConfirmDelete, EditorDialog, Field, inputClass, primaryButton, secondaryButton } from "~/components/admin-ui";
import type { Image } from "~/db/schema";
import { imageInUseMessage, imageUseHref, type ImageUse } from "~/lib/image-in-use";
import { formatBytes } from "~/lib/format-bytes";
import { formatKansasDate } from "~/lib/business-time";
import { IMAGE_TYPES, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { useHydrated } from "~/lib/use-hydrated";
import { IMAGE_LIBRARY_INTENTS } from "~/lib/upload-rules";

type Uses = { usedBy: ImageUse[] };
export type Library = {
  images: (Pick<Image, "id" | "originalName" | "alt" | "bytes" | "createdAt"> &
    Uses & { url: string; thumbUrl: string })[];
  total: number;
  /** The pages before (newer) and after (older) this one, keyset links; null at an end. */
  newer: string | null;
  older: string | null;
  /** This page's own address: dialogs close to it, and saves come back to it. */
  here: string;
  deleting: (Image & Uses) | null;
};

export function ImageLibrary({ library, uploadError }: { library: Library; uploadError?: string }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const progress = useProgressUpload();
  const uploading =
    progress.percent !== null ||
    (navigation.state === "submitting" && navigation.formData?.get("intent") === IMAGE_LIBRARY_INTENTS.upload);
  const withQuery = (name: string, value: number) =>
    `${library.here}${library.here.includes("?") ? "&" : "?"}${name}=${value}`;
  return (
    <section aria-label="Image library" className="space-y-4">
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={progress.onSubmit}
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
      >
        <Field label="Image file" hint="PNG, JPG or WebP up to 10MB" className="block min-w-60 flex-1">
          <input name="file" type="file" required accept={IMAGE_TYPES.join(",")} className={`${inputClass} py-1.5`} />
        </Field>
        <Field label="Alt text" className="block min-w-60 flex-1">
          <input name="alt" maxLength={200} className={inputClass} />
        </Field>
        <button
          type="submit"
          name="intent"
          value={IMAGE_LIBRARY_INTENTS.upload}
          className={primaryButton}
          disabled={uploading}
        >
          <Upload aria-hidden className="size-4" /> {uploading ? "Uploading..." : "Upload"}
        </button>
        {progress.percent !== null && (
          <progress
            max={100}
            value={progress.percent}
            aria-label="Upload progress"
            className="h-2 w-full accent-brand"
          />
        )}
        {(progress.error ?? uploadError) && (
          <p role="alert" className="w-full rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {progress.error ?? uploadError}
          </p>
        )}
      </Form>
      {library.images.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-ink-soft shadow-sm">No images uploaded yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {library.images.map((image) => (
            <li key={image.id} className="overflow-hidden rounded-xl bg-white shadow-sm">
              <AdminThumb src={image.thumbUrl} alt={image.alt} className="aspect-[4/3] w-full" />
              <div className="space-y-2 p-4 text-sm">
                <p className="truncate font-medium" title={image.originalName}>
                  {image.originalName}
                </p>
                <p className="text-ink-soft">
                  {formatBytes(image.bytes)} · {formatKansasDate(image.createdAt)}
                </p>
                <ImageUses uses={image.usedBy} />
                <Form method="post" action={library.here} className="flex gap-2">
                  <input type="hidden" name="id" value={image.id} />
                  <label className="sr-only" htmlFor={`alt-${image.id}`}>
                    Alt text for {image.originalName}
                  </label>
                  <input
                    id={`alt-${image.id}`}
                    name="alt"
                    defaultValue={image.alt}
                    maxLength={200}
                    className={`${inputClass} mt-0`}
                  />
                  <button type="submit" name="intent" value={IMAGE_LIBRARY_INTENTS.saveAlt} className={secondaryButton}>
                    Save
                  </button>
                </Form>
                <div className="flex items-center justify-between gap-2">
                  {hydrated ? (
                    <button
                      type="button"
                      className={secondaryButton}
                      onClick={() =>
                        navigator.clipboard.writeText(new URL(image.url, window.location.origin).href).then(
                          () => toast.success("Image URL copied to clipboard"),
                          () => toast.error("Failed to copy"),
                        )
                      }
                    >
                      <Copy aria-hidden className="size-4" /> Copy URL
                    </button>
                  ) : (
                    <input
                      readOnly
                      value={image.url}
                      aria-label={`URL of ${image.originalName}`}
                      className={`${inputClass} mt-0 text-xs`}
                    />
                  )}
                  <Link
                    to={withQuery("deleteImage", image.id)}
                    preventScrollReset
                    className="rounded p-2 text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${image.originalName}`}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {(library.newer || library.older) && (
        <nav aria-label="Library pages" className="flex flex-wrap items-center justify-between gap-3">
          {library.newer ? (
            <Link to={library.newer} rel="prev" className={secondaryButton}>
              <ChevronLeft aria-hidden className="size-4" /> Newer images
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-ink-soft">{library.total.toLocaleString("en-US")} images</p>
          {library.older ? (
            <Link to={library.older} rel="next" className={secondaryButton}>
              Older images <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
      {library.deleting && library.deleting.usedBy.length > 0 && (
        <EditorDialog title="Image in use" closeTo={library.here}>
          <p role="alert">{imageInUseMessage(library.deleting.usedBy)}</p>
          <div className="mt-3 text-sm">
            <ImageUses uses={library.deleting.usedBy} />
          </div>
          <div className="mt-6 flex justify-end">
            <Link to={library.here} className={secondaryButton}>
              Close
            </Link>
          </div>
        </EditorDialog>
      )}
      {library.deleting && library.deleting.usedBy.length === 0 && (
        <ConfirmDelete
          title="Delete Image"
          question="Are you sure you want to delete this image?"
          detail={library.deleting.originalName}
          id={library.deleting.id}
          intent={IMAGE_LIBRARY_INTENTS.delete}
          action={library.here}
          closeTo={library.here}
        />
      )}
    </section>
  );
}

/** Where a picture shows on the site, each place a link to change it there. */
function ImageUses({ uses }: { uses: ImageUse[] }) {
  if (uses.length === 0) return <p className="text-ink-soft">Not used on the site</p>;
  return (
    <div>
      <p className="font-medium">Used by</p>
      <ul className="mt-1 space-y-0.5">
        {uses.map((use) => (
          <li key={imageUseHref(use)}>
            <Link to={imageUseHref(use)} className="text-brand-dark underline-offset-2 hover:underline">
              {use.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * With scripts, the library upload goes through XMLHttpRequest (fetch cannot report
 * upload progress) to a JSON endpoint; without, the form posts normally.
 */
function useProgressUpload() {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formEl = event.currentTarget;
    const body = new FormData(formEl);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", href("/admin/images/upload"));
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setPercent(null);
      const result = xhr.response as { ok: boolean; message: string } | null;
      if (xhr.status === 200 && result?.ok) {
        setError(null);
        formEl.reset();
        toast.success(result.message);
        revalidator.revalidate();
      } else {
        const message = result?.message ?? (xhr.status === 413 ? UPLOAD_MESSAGES.tooLarge : "Failed to upload image");
        setError(message);
        toast.error(message);
      }
    };
    xhr.onerror = () => {
      setPercent(null);
      setError("Failed to upload image");
      toast.error("Failed to upload image");
    };
    setPercent(0);
    xhr.send(body);
  };
  return { percent, error, onSubmit };
}
