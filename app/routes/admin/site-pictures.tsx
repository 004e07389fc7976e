import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { PictureSlotEditor, PictureSlotList } from "~/components/admin/picture-slots";
import { parseSlotId, PictureFormSchema, ResetFormSchema, VideoFormSchema } from "~/lib/site-media";
import { checkVideoUrl } from "~/lib/video-url";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import {
  offeredSlot,
  pickerImages,
  resetSlot,
  savedVideoUrl,
  saveSlotPicture,
  saveVideo,
  slotViews,
  type SaveOutcome,
} from "~/services/site-pictures.server";
import { refuseBody, refuseUnknownIntent } from "~/server/request-body.server";
import { parseUploadForm } from "~/server/upload.server";
import type { Route } from "./+types/site-pictures";

// The owner's pictures and video on the public pages: a list of the places
// that show one, and one place's editor at ?slot=<id> (a dialog with scripts, a panel
// without). Each save reaches the public pages at once (the media setting empties the cache).

const LIST = href("/admin/site/pictures");
const UNKNOWN_SLOT = "This place on the site is unknown here. Please reload the page and try again.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/site-pictures");
  const slots = slotViews();
  const editing = slots.find((s) => s.id === new URL(request.url).searchParams.get("slot")) ?? null;
  return {
    slots,
    editing,
    // Only the open editor needs the library (and the video's address).
    images: editing ? pickerImages() : [],
    videoUrl: editing?.kind === "video" ? savedVideoUrl() : null,
  };
}

type ActionResult = { form: "slot"; result: SubmissionResult<string[]> } | { form: "upload"; error: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/site-pictures");
  const parsed = await parseUploadForm(request);
  // Too large: refused while streaming, before the form's other fields could be read.
  if ("error" in parsed) return data<ActionResult>({ form: "upload", error: parsed.error }, { status: 413 });
  const { form, files } = parsed;
  const file = files.get("upload");
  requireIntent(user, "routes/admin/site-pictures", form.get("intent"));
  switch (form.get("intent")) {
    case "save-picture": {
      const submission = parseWithZod(form, { schema: PictureFormSchema });
      const slot = submission.status === "success" ? slotOrRefuse(submission.value.slot) : null;
      if (submission.status !== "success" || !slot) return refused(submission.reply());
      const outcome = await saveSlotPicture(slot, submission.value, file, user.userId);
      return outcome ? refused(outcomeReply(outcome, submission)) : saved("Picture saved: it shows on the site now");
    }
    case "save-video": {
      const submission = parseWithZod(form, { schema: VideoFormSchema });
      if (submission.status !== "success") return refused(submission.reply());
      const check = checkVideoUrl(submission.value.url);
      if (!check.ok) return refused(submission.reply({ fieldErrors: { url: [check.message] } }));
      // Stored as the video's own page address, whatever form of it was pasted.
      const outcome = await saveVideo(check.video.watchUrl, submission.value, file, user.userId);
      return outcome ? refused(outcomeReply(outcome, submission)) : saved("Video saved: it shows on the site now");
    }
    case "reset": {
      const submission = parseWithZod(form, { schema: ResetFormSchema });
      const slot = submission.status === "success" ? slotOrRefuse(submission.value.slot) : null;
      if (!slot) return refuseBody(400, UNKNOWN_SLOT);
      resetSlot(slot, user.userId);
      return saved(
        slot.kind === "video" ? "The placeholder video and drawing are back" : "Back to the built-in picture",
      );
    }
    default:
      return refuseUnknownIntent();
  }
}

/** A slot the page offers, or a 400: a hand-made post or a stale tab. */
function slotOrRefuse(id: string) {
  return offeredSlot(parseSlotId(id)) ?? refuseBody(400, UNKNOWN_SLOT);
}

const saved = (message: string) => redirectWithFlash(LIST, { type: "success", message });

function refused(result: SubmissionResult<string[]>) {
  return data<ActionResult>({ form: "slot", result }, { status: 400 });
}

/** The form back with the service's refusal on the field the owner fixes. */
function outcomeReply(
  outcome: NonNullable<SaveOutcome>,
  submission: { reply: (options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]> },
) {
  return submission.reply({ fieldErrors: { [outcome.field ?? ""]: [outcome.refused] } });
}

export default function SitePictures({ loaderData, actionData }: Route.ComponentProps) {
  const { slots, editing, images, videoUrl } = loaderData;
  const uploadError = actionData?.form === "upload" ? actionData.error : undefined;
  const lastResult = actionData?.form === "slot" ? actionData.result : undefined;
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Pictures & video</h1>
        <p className="mt-1 max-w-3xl text-ink-soft">
          The pictures and the video visitors see on the public pages. Choose a picture from your image library or
          upload a new one; until you do, the site shows its built-in drawings. A change shows on the site as soon as
          you save it.
        </p>
      </header>
      {uploadError && (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 font-medium text-red-800">
          {uploadError}
        </p>
      )}
      <PictureSlotList slots={slots} editTo={(id) => `${LIST}?slot=${encodeURIComponent(id)}`} />
      {editing && (
        <PictureSlotEditor
          key={editing.id}
          slot={editing}
          images={images}
          videoUrl={videoUrl}
          lastResult={lastResult}
          closeTo={LIST}
        />
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Pictures & video | Admin" },
  { name: "robots", content: "noindex" },
];
