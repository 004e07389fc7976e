import { Eye, EyeOff, Images, Trash2 } from "lucide-react";
import { PhotoThumb } from "~/components/photo-thumb";
import { dangerButton, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { JobPhotoForm } from "~/components/admin/job-photo-form";
import { useWaitingPhotos } from "~/components/admin/offline";
import { waitingText } from "~/lib/offline";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import type { JobPhotoTag } from "~/lib/job-photo-tags";
import { JOB_PHOTO_INTENTS, leadPhotosPath, type JobPhotoRowIntent } from "~/lib/job-photos";
import type { LeadPhotoItem } from "~/services/lead-view.server";

export type LeadPhotoTimelineView = {
  leadId: number;
  days: { day: string; label: string; photos: LeadPhotoItem[] }[];
  defaultTag: JobPhotoTag;
  /** Owner and office: share on the job page, and delete any photo. */
  manages: boolean;
  /** The signed-in person: they may delete a photo they took. */
  me: number;
};

/**
 * A lead's photos, the one place the lead page shows them: the team's from the job and the
 * homeowner's (with the quote request, or from the job page), newest first by day, each
 * opening the full photo. The add form sits above; the office shares a photo on the
 * homeowner's job page from here.
 */
export function LeadPhotoTimeline({ view }: { view: LeadPhotoTimelineView }) {
  const count = view.days.reduce((n, d) => n + d.photos.length, 0);
  const waiting = useWaitingPhotos(view.me, view.leadId);
  return (
    <section
      id="photos"
      aria-labelledby="lead-photos"
      className="scroll-mt-4 space-y-4 rounded-xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="lead-photos" className="flex items-center gap-2 text-lg font-bold">
        <Images aria-hidden className="size-5 text-brand" /> Photos
        {count > 0 && <span className="text-sm font-normal text-ink-soft">({count})</span>}
      </h2>
      <JobPhotoForm leadId={view.leadId} defaultTag={view.defaultTag} me={view.me} />
      {waiting > 0 && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-ink" data-testid="lead-photos-waiting">
          {waitingText(waiting)} from this phone: they show here once sent.
        </p>
      )}
      {count === 0 && waiting === 0 ? (
        <p className="text-sm text-ink-soft">No photos yet.</p>
      ) : (
        view.days.map((day) => (
          <section key={day.day} aria-label={day.label}>
            <h3 className="text-sm font-semibold text-ink-soft">{day.label}</h3>
            <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {day.photos.map((photo) => (
                <PhotoCard
                  key={photo.id}
                  photo={photo}
                  leadId={view.leadId}
                  manages={view.manages}
                  mayDelete={view.manages || photo.takenBy === view.me}
                />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function PhotoCard({
  photo,
  leadId,
  manages,
  mayDelete,
}: {
  photo: LeadPhotoItem;
  leadId: number;
  manages: boolean;
  mayDelete: boolean;
}) {
  return (
    <li className="overflow-hidden rounded-lg border border-black/10" data-photo={photo.id}>
      <a
        href={photo.full}
        target="_blank"
        rel="noreferrer"
        className="block bg-sand"
        title={`${photo.name} (${photo.width} × ${photo.height})`}
      >
        <PhotoThumb photo={photo} alt={photo.caption || `Photo ${photo.name}`} />
      </a>
      <div className="space-y-2 p-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold">{photo.what}</span>
          {photo.shared && (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
              <Eye aria-hidden className="size-3.5" /> Shared on job page
            </span>
          )}
        </div>
        {photo.caption && <p className="[overflow-wrap:anywhere]">{photo.caption}</p>}
        <p className="text-ink-soft">
          {photo.time}
          {photo.by && ` · ${photo.by}`}
        </p>
        {(manages || mayDelete) && (
          <div className="flex flex-wrap gap-2">
            {manages && (
              <PhotoButton
                leadId={leadId}
                photoId={photo.id}
                intent={photo.shared ? JOB_PHOTO_INTENTS.unshare : JOB_PHOTO_INTENTS.share}
                busyText={photo.shared ? "Stopping..." : "Sharing..."}
                className={`${secondaryButton} min-h-10 px-3 py-1.5 text-sm`}
              >
                {photo.shared ? (
                  <>
                    <EyeOff aria-hidden className="size-4" /> Stop sharing
                  </>
                ) : (
                  <>
                    <Eye aria-hidden className="size-4" /> Share
                  </>
                )}
              </PhotoButton>
            )}
            {mayDelete && (
              <PhotoButton
                leadId={leadId}
                photoId={photo.id}
                intent={JOB_PHOTO_INTENTS.delete}
                busyText="Deleting..."
                className={`${dangerButton} gap-1`}
                confirm="Delete this photo? It cannot be brought back."
              >
                <Trash2 aria-hidden className="size-4" /> Delete
              </PhotoButton>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** One photo's button: a small form of its own, posted through its own fetcher with scripts. */
function PhotoButton({
  leadId,
  photoId,
  intent,
  busyText,
  className,
  confirm,
  children,
}: {
  leadId: number;
  photoId: number;
  intent: JobPhotoRowIntent;
  busyText: string;
  className: string;
  confirm?: string;
  children: React.ReactNode;
}) {
  const { fetcher, busy } = useLeadFormPost(intent, null, photoId);
  return (
    <fetcher.Form
      method="post"
      action={leadPhotosPath(leadId)}
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photoId" value={photoId} />
      <SubmitButton busy={busy} busyText={busyText} className={className}>
        {children}
      </SubmitButton>
    </fetcher.Form>
  );
}
