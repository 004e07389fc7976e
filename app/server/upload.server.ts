import { MaxFileSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import {
  boundedLists,
  FORM_MAX_BYTES,
  isMultipart,
  readForm,
  refuseBody,
  refuseMultipart,
} from "~/server/request-body.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "~/lib/contact-form";
import { refusal, type Refusal } from "~/lib/refusal";
import { cleanImage, type CleanImage } from "~/server/image-clean.server";

// Two pictures (the roof tool's top and side views) and the text fields beside them.
const MAX_FILES = 2;
export const MULTIPART_MAX_BYTES = MAX_FILES * MAX_UPLOAD_BYTES + FORM_MAX_BYTES;
/** A quote request: up to five photos and the text fields beside them. */
export const PHOTO_FORM_MAX_BYTES = MAX_PHOTOS * MAX_UPLOAD_BYTES + FORM_MAX_BYTES;

export type ParsedUpload =
  { form: FormData; files: Map<string, { bytes: Uint8Array; name: string }> } | { error: string };

/**
 * Reads a form that may carry pictures, holding each file's bytes in memory (10 MB at most, refused
 * while streaming, before the rest arrives: server/app.ts drops that rest after the answer).
 * Nothing touches the disk here: the models decide the file name and type from the bytes.
 * These forms have no lists: an indexed field name is a 400.
 */
export async function parseUploadForm(request: Request): Promise<ParsedUpload> {
  // Forms without a file input arrive urlencoded: the same fields, read with the form cap.
  if (!isMultipart(request)) return { form: await readForm(request), files: new Map() };
  if (Number(request.headers.get("content-length") ?? "") > MULTIPART_MAX_BYTES) refuseBody(413);
  const files = new Map<string, { bytes: Uint8Array; name: string }>();
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: MAX_FILES, maxTotalSize: MULTIPART_MAX_BYTES, maxParts: 100 },
      async (upload: FileUpload) => {
        if (upload.size === 0 && !upload.name) return null;
        files.set(upload.fieldName, { bytes: new Uint8Array(await upload.arrayBuffer()), name: upload.name });
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { error: UPLOAD_MESSAGES.tooLarge };
    return refuseMultipart(error);
  }
  return { form: boundedLists(form), files };
}

/** A file posted with a photo form: its bytes only when it is within the size limit. */
export type PostedPhoto = { name: string; size: number; bytes: Uint8Array | null };
export type PhotoForm = { form: FormData; photos: PostedPhoto[]; extra: number };

/**
 * Reads a form with up to `maxPhotos` files in `field`, for a form whose text must come
 * back to the visitor when a photo is refused: an oversize photo or one too many is
 * noted (by name), not thrown, so the fields survive. Only the whole body is capped
 * while streaming (PHOTO_FORM_MAX_BYTES, 413), and the text fields together at the plain
 * form's cap. Bytes of oversize or surplus files are dropped as soon as they are read.
 */
export async function parsePhotoForm(request: Request, field: string, maxPhotos: number): Promise<PhotoForm> {
  if (!isMultipart(request)) return { form: await readForm(request), photos: [], extra: 0 };
  if (Number(request.headers.get("content-length") ?? "") > PHOTO_FORM_MAX_BYTES) refuseBody(413);
  const photos: PostedPhoto[] = [];
  let extra = 0;
  let form: FormData;
  try {
    form = await parseFormData(
      request,
      // maxFiles well above maxPhotos: a sixth photo is the visitor's slip, told kindly; forty files are not.
      { maxFileSize: PHOTO_FORM_MAX_BYTES, maxFiles: maxPhotos * 4, maxTotalSize: PHOTO_FORM_MAX_BYTES, maxParts: 100 },
      async (upload: FileUpload) => {
        // A file input left empty still sends a part with no name and no bytes.
        if (upload.size === 0 && !upload.name) return null;
        // A file under any other name is nothing this form asked for: dropped unread.
        if (upload.fieldName !== field) return null;
        if (photos.length === maxPhotos) {
          extra++;
          return null;
        }
        const fits = upload.size <= MAX_UPLOAD_BYTES;
        photos.push({
          name: upload.name,
          size: upload.size,
          bytes: fits ? new Uint8Array(await upload.arrayBuffer()) : null,
        });
        return null;
      },
    );
  } catch (error) {
    return refuseMultipart(error);
  }
  let textBytes = 0;
  for (const value of form.values()) if (typeof value === "string") textBytes += value.length;
  if (textBytes > FORM_MAX_BYTES) refuseBody(413);
  return { form: boundedLists(form), photos, extra };
}

/** The first photo over the size limit, refused by name (413): a check cheap enough to make before any other. */
export function oversizePhoto(photos: readonly PostedPhoto[]): Refusal | null {
  const oversize = photos.find((p) => !p.bytes);
  return oversize ? refusal(PHOTO_MESSAGES.refused(oversize.name, UPLOAD_MESSAGES.tooLarge), { status: 413 }) : null;
}

/**
 * Every photo of a photo form within the size limit, decoded in full and re-encoded without
 * metadata (cleanImage); refused, by name, at the first that is too large (413) or is not a
 * picture (400). The one check behind the quote form, the job page and the team's job photos.
 */
export async function cleanPostedPhotos(
  photos: readonly PostedPhoto[],
): Promise<{ images: { image: CleanImage; name: string }[] } | Refusal> {
  const oversize = oversizePhoto(photos);
  if (oversize) return oversize;
  const images: { image: CleanImage; name: string }[] = [];
  for (const photo of photos) {
    const image = await cleanImage(photo.bytes!);
    if (!image) return refusal(PHOTO_MESSAGES.refused(photo.name, UPLOAD_MESSAGES.notImage));
    images.push({ image, name: photo.name });
  }
  return { images };
}
