import { data, href } from "react-router";
import { ImageLibrary } from "~/components/admin/image-library";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { refuseUnknownIntent } from "~/server/request-body.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { nameAtWidth } from "~/lib/image-variants";
import { uploadToLibrary } from "~/services/library-upload.server";
import { uploadUrl } from "~/server/storage.server";
import { parseUploadForm } from "~/server/upload.server";
import {
  countImages,
  getImage,
  hasImageBeyond,
  listImageUses,
  listImages,
  updateImageAlt,
} from "~/models/image.server";
import { deleteLibraryImage } from "~/services/image-storage.server";
import { imageInUseMessage } from "~/lib/image-in-use";
import type { Route } from "./+types/image-library";
import { IMAGE_LIBRARY_INTENTS } from "~/lib/upload-rules";
import { isRefusal } from "~/lib/refusal";

// About 50 a page, as every admin list (DESIGN.md "Years of data"; the old spec said 100):
// 100 tiles were ~340 KB of HTML.
const PAGE_SIZE = 50;
/** Alt text for a picture deleted meanwhile (in another tab). */
const IMAGE_GONE = "Failed to save alt text: the image was deleted in the meantime";
const LIST = href("/admin/images");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "routes/admin/image-library");
  const params = new URL(request.url).searchParams;
  const cursor = libraryCursor(params);
  let shown = listImages({ limit: PAGE_SIZE, ...cursor });
  // A link past either end, or naming a picture deleted since: the first page.
  if (shown.length === 0 && (cursor.after || cursor.before)) shown = listImages({ limit: PAGE_SIZE });
  const deleting = getImage(parseId(params.get("deleteImage")) ?? 0);
  const uses = listImageUses([...shown.map((i) => i.id), ...(deleting ? [deleting.id] : [])]);
  const [first, last] = [shown[0], shown[shown.length - 1]];
  return {
    // What a tile shows, no more: each field is sent again in the hydration data.
    images: shown.map((i) => ({
      id: i.id,
      originalName: i.originalName,
      alt: i.alt,
      bytes: i.bytes,
      createdAt: i.createdAt,
      url: uploadUrl(i.storedName),
      thumbUrl: uploadUrl(nameAtWidth(i, 480)),
      usedBy: uses.get(i.id) ?? [],
    })),
    total: countImages(),
    // Keyset links: the pages before and after this one start from its first and last picture.
    newer: first && hasImageBeyond("newer", first.id) ? libraryHref({ before: first.id }) : null,
    older: last && hasImageBeyond("older", last.id) ? libraryHref({ after: last.id }) : null,
    here: libraryHref(cursor),
    deleting: deleting?.purpose === "library" ? { ...deleting, usedBy: uses.get(deleting.id) ?? [] } : null,
  };
}

/** Where a library page starts: after (older than) or before (newer than) a picture. */
function libraryCursor(params: URLSearchParams): { after?: number; before?: number } {
  const after = parseId(params.get("after"));
  const before = parseId(params.get("before"));
  return after ? { after } : before ? { before } : {};
}

const libraryHref = ({ after, before }: { after?: number; before?: number }) =>
  after ? `${LIST}?after=${after}` : before ? `${LIST}?before=${before}` : LIST;

/** After a save or a delete: back to the page it was made on. */
const backTo = (request: Request) => libraryHref(libraryCursor(new URL(request.url).searchParams));

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/image-library");
  const parsed = await parseUploadForm(request);
  if ("error" in parsed) return data({ error: parsed.error }, { status: 413 });
  const { form } = parsed;
  requireIntent(user, "routes/admin/image-library", form.get("intent"));
  switch (form.get("intent")) {
    case IMAGE_LIBRARY_INTENTS.delete: {
      const result = deleteLibraryImage(parseId(form.get("id")) ?? 0);
      if (result && "usedBy" in result) {
        return redirectWithFlash(backTo(request), { type: "error", message: imageInUseMessage(result.usedBy) });
      }
      return redirectWithFlash(
        backTo(request),
        result
          ? { type: "success", message: "Image deleted successfully" }
          : { type: "error", message: "Failed to delete image" },
      );
    }
    case IMAGE_LIBRARY_INTENTS.saveAlt: {
      const saved = updateImageAlt(
        parseId(form.get("id")) ?? 0,
        String(form.get("alt") ?? "")
          .trim()
          .slice(0, 200),
      );
      return redirectWithFlash(
        backTo(request),
        saved ? { type: "success", message: "Alt text saved" } : { type: "error", message: IMAGE_GONE },
      );
    }
    case IMAGE_LIBRARY_INTENTS.upload: {
      const result = await uploadToLibrary(parsed);
      if (isRefusal(result)) return data({ error: result.refused }, { status: result.status ?? 400 });
      return redirectWithFlash(LIST, { type: "success", message: result.message });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function AdminImages({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">Images</h1>
        <p className="mt-1 text-ink-soft">Pictures for your projects and pages. Each shows where it is used.</p>
      </header>
      <ImageLibrary library={loaderData} uploadError={actionData?.error} />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Images | Admin" }, { name: "robots", content: "noindex" }];
