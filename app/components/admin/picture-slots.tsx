import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminThumb } from "~/components/admin-image";
import { EditorDialog, Field, inputClass, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { ImagePicker, type PickerImage } from "~/components/admin/image-picker";
import { PictureFormSchema, VideoFormSchema, type PictureSlotView } from "~/lib/site-media";

// The Pictures & Video screen's two views: every place on the site that shows a picture,
// and one place's editor.

const GROUPS: { title: string; kinds: PictureSlotView["kind"][] }[] = [
  { title: "Home page", kinds: ["home-hero", "service-card", "video"] },
  { title: "About page", kinds: ["about-main", "about-team"] },
  { title: "Service pages", kinds: ["service-hero"] },
];

export function PictureSlotList({ slots, editTo }: { slots: PictureSlotView[]; editTo: (id: string) => string }) {
  return (
    <div className="space-y-8">
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`slots-${group.kinds[0]}`}>
          <h2 id={`slots-${group.kinds[0]}`} className="text-lg font-bold">
            {group.title}
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {slots
              .filter((slot) => group.kinds.includes(slot.kind))
              .map((slot) => (
                <li key={slot.id} className="flex gap-4 rounded-xl bg-white p-4 shadow-sm" data-slot={slot.id}>
                  {slot.current ? (
                    <AdminThumb
                      src={slot.current.src}
                      alt={slot.current.alt}
                      className="aspect-[4/3] h-auto w-28 shrink-0 self-start"
                    />
                  ) : (
                    <span className="flex aspect-[4/3] w-28 shrink-0 self-start items-center justify-center rounded bg-sand text-xs text-ink-soft">
                      No picture
                    </span>
                  )}
                  <div className="min-w-0 flex-1 text-sm">
                    <h3 className="font-semibold">{slot.label}</h3>
                    <p className="text-ink-soft">{slot.where}</p>
                    <p className="mt-1 font-medium" data-testid="slot-state">
                      {slot.current?.own ? "Your picture" : slot.defaultLabel}
                    </p>
                    {slot.chosen && !slot.current?.own && (
                      <p className="mt-1 text-red-800">
                        The picture you chose was deleted from the library, so the default shows. Choose another.
                      </p>
                    )}
                    <Link
                      to={editTo(slot.id)}
                      preventScrollReset
                      aria-label={`Change: ${slot.label}`}
                      className={`${secondaryButton} mt-2 py-1 text-sm`}
                    >
                      Change
                    </Link>
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function PictureSlotEditor({
  slot,
  images,
  videoUrl,
  lastResult,
  closeTo,
}: {
  slot: PictureSlotView;
  images: PickerImage[];
  /** The video's saved address (the video slot only); null while it is the placeholder. */
  videoUrl: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  closeTo: string;
}) {
  const isVideo = slot.kind === "video";
  const intent = isVideo ? "save-video" : "save-picture";
  const action = `${closeTo}?slot=${encodeURIComponent(slot.id)}`;
  const navigation = useNavigation();
  const busy = (name: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === name;
  const altRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: `picture-${slot.id}`,
    lastResult,
    defaultValue: { slot: slot.id, alt: slot.chosen?.alt ?? "", url: videoUrl ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: isVideo ? VideoFormSchema : PictureFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const canReset = slot.chosen !== null || (isVideo && videoUrl !== null);
  return (
    <EditorDialog title={slot.label} closeTo={closeTo}>
      <p className="text-sm text-ink-soft">{slot.where}.</p>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-4 space-y-5"
      >
        {form.errors?.length ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {form.errors[0]}
          </p>
        ) : null}
        <input {...getInputProps(fields.slot, { type: "hidden" })} />
        {isVideo && (
          <Field
            label="Video address (YouTube or Vimeo)"
            hint="Open your video on YouTube or Vimeo and copy the address from the browser, e.g. https://www.youtube.com/watch?v=…"
            error={fields.url}
          >
            <input
              {...getInputProps(fields.url, { type: "url" })}
              required
              maxLength={500}
              placeholder="https://www.youtube.com/watch?v="
              className={inputClass}
            />
          </Field>
        )}
        <ImagePicker
          legend={isVideo ? "Picture shown before the video plays (optional)" : "Picture"}
          images={images}
          selectedId={slot.chosen?.imageId ?? null}
          error={fields.imageId}
          // The file is not in the schema (the server reads it apart): its refusal comes back under its name.
          uploadError={{ errorId: `${form.id}-upload-error`, errors: form.allErrors.upload }}
          onPick={(image) => {
            // The library's description is a good start when none was written here yet.
            if (altRef.current && !altRef.current.value.trim() && image.alt) altRef.current.value = image.alt;
          }}
        />
        <Field
          label="Describe the picture"
          hint="What someone who cannot see it should hear, e.g. “Our crew putting a new roof on a ranch house in Derby”."
          error={fields.alt}
        >
          <input
            ref={altRef}
            {...getInputProps(fields.alt, { type: "text" })}
            key={fields.alt.key}
            maxLength={200}
            required={!isVideo}
            className={inputClass}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value={intent} busy={busy(intent)}>
            {isVideo ? "Save video" : "Save picture"}
          </SubmitButton>
          <Link to={closeTo} preventScrollReset className={secondaryButton}>
            Cancel
          </Link>
        </div>
      </Form>
      {canReset && (
        <Form method="post" action={action} className="mt-6 border-t border-black/10 pt-4">
          <input type="hidden" name="slot" value={slot.id} />
          <p className="text-sm text-ink-soft">
            {isVideo
              ? "Go back to the placeholder video and its built-in drawing."
              : slot.defaultLabel === "Built-in drawing"
                ? "Show the site's built-in drawing here again (your picture stays in the library)."
                : "Show no picture here again (your picture stays in the library)."}
          </p>
          <SubmitButton name="intent" value="reset" busy={busy("reset")} className={`${secondaryButton} mt-2`}>
            {isVideo
              ? "Use the placeholder video"
              : slot.defaultLabel === "Built-in drawing"
                ? "Use the built-in drawing"
                : "Show no picture"}
          </SubmitButton>
        </Form>
      )}
    </EditorDialog>
  );
}
