import { Camera } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Field, inputClass, Options, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "~/lib/contact-form";
import { JOB_PHOTO_TAG_LABELS, JOB_PHOTO_TAGS, type JobPhotoTag } from "~/lib/job-photo-tags";
import { ADD_PHOTOS_INTENT, CAPTION_MAX, JOB_PHOTO_FIELDS, JOB_PHOTO_MESSAGES, leadPhotosPath } from "~/lib/job-photos";
import { queuePhotos } from "./offline-queue";
import { imageFileProblem } from "~/lib/upload-rules";

/**
 * Photos of a job from the phone's camera or its pictures: several at once, what they
 * show and a caption. A plain multipart form posted to the lead's photos route, which
 * answers with the lead page and a flash. With scripts it first says what the server would
 * refuse (too many, too large, not a picture) so nobody waits for megabytes to upload only
 * to be told, then puts the photos in the phone's queue (decision 0099), which sends them
 * now or when the phone has signal again; a phone whose storage refuses them posts them
 * through the form's fetcher as before.
 */
export function JobPhotoForm({ leadId, defaultTag, me }: { leadId: number; defaultTag: JobPhotoTag; me: number }) {
  const { fetcher, busy } = useLeadFormPost(ADD_PHOTOS_INTENT, null);
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [queuing, setQueuing] = useState(false);
  // Sent: the form starts again empty (its tag too: the next photos are likely the same kind).
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && form.current) keepTagAndReset(form.current);
    wasBusy.current = busy;
  }, [busy]);

  function keepTagAndReset(element: HTMLFormElement) {
    const select = element.elements.namedItem(JOB_PHOTO_FIELDS.tag) as HTMLSelectElement | null;
    const tag = select?.value;
    element.reset();
    if (select && tag) select.value = tag;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    check(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const element = event.currentTarget;
    const body = new FormData(element);
    const files = body.getAll(JOB_PHOTO_FIELDS.photo).filter((f): f is File => f instanceof File && f.size > 0);
    if (!files.length) return setProblem(JOB_PHOTO_MESSAGES.choosePhotos);
    const tag = String(body.get(JOB_PHOTO_FIELDS.tag) ?? defaultTag);
    const caption = String(body.get(JOB_PHOTO_FIELDS.caption) ?? "");
    // A second tap while the phone stores them would queue them twice.
    if (queuing) return;
    setQueuing(true);
    try {
      await queuePhotos(
        files.map((file) => ({
          userId: me,
          action: leadPhotosPath(leadId),
          leadId,
          file,
          fileName: file.name,
          tag,
          caption,
          // A photo from the camera was made just now; one picked from the phone's pictures, when it was.
          takenAt: file.lastModified || Date.now(),
        })),
      );
      keepTagAndReset(element);
    } catch {
      void fetcher.submit(body, { method: "post", action: leadPhotosPath(leadId), encType: "multipart/form-data" });
    } finally {
      setQueuing(false);
    }
  }

  function check(event: React.FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem(JOB_PHOTO_FIELDS.photo) as HTMLInputElement | null;
    const files = [...(input?.files ?? [])];
    const found =
      files.length > MAX_PHOTOS
        ? PHOTO_MESSAGES.tooMany
        : files
            .map((f) => {
              const why = imageFileProblem(f);
              return why ? PHOTO_MESSAGES.refused(f.name, why) : null;
            })
            .find(Boolean);
    setProblem(found ?? null);
    if (found) event.preventDefault();
  }

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={leadPhotosPath(leadId)}
      encType="multipart/form-data"
      onSubmit={(event) => void submit(event)}
      aria-label="Add photos"
      className="space-y-3 rounded-lg bg-sand/60 p-4"
    >
      {problem && (
        <p
          id="job-photo-problem"
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {problem}
        </p>
      )}
      <Field label="Take or choose photos" hint={`Up to ${MAX_PHOTOS} at a time: JPEG, PNG or WebP, 10 MB each.`}>
        <input
          type="file"
          name={JOB_PHOTO_FIELDS.photo}
          // No capture attribute: it would open the camera only. Without it a phone offers
          // its camera and its pictures both ("Take or choose").
          accept="image/*"
          multiple
          required
          aria-invalid={problem ? true : undefined}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-sand file:px-3 file:py-1.5 file:font-semibold`}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <Field label="What they show">
          <select name={JOB_PHOTO_FIELDS.tag} defaultValue={defaultTag} required className={inputClass}>
            <Options values={JOB_PHOTO_TAGS} labels={JOB_PHOTO_TAG_LABELS} />
          </select>
        </Field>
        <Field label="Caption (optional)">
          <input
            type="text"
            name={JOB_PHOTO_FIELDS.caption}
            maxLength={CAPTION_MAX}
            autoComplete="off"
            className={inputClass}
          />
        </Field>
      </div>
      <SubmitButton busy={busy || queuing} busyText="Adding...">
        <Camera aria-hidden className="size-4" /> Add photos
      </SubmitButton>
    </fetcher.Form>
  );
}
