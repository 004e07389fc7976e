import { cleanImage } from "~/server/image-clean.server";
import type { ParsedUpload } from "~/server/upload.server";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { storeImage } from "~/services/image-storage.server";

export type LibraryUploadResult = { ok: true; message: string } | { ok: false; message: string; status: number };

/** The one way a picture enters the library, for the plain form and the progress upload alike. */
export async function uploadToLibrary(parsed: ParsedUpload): Promise<LibraryUploadResult> {
  if ("error" in parsed) return { ok: false, message: parsed.error, status: 413 };
  const file = parsed.files.get("file");
  const image = file ? await cleanImage(file.bytes) : null;
  if (!file || !image) return { ok: false, message: UPLOAD_MESSAGES.notImage, status: 400 };
  try {
    await storeImage({
      image,
      originalName: file.name,
      alt: String(parsed.form.get("alt") ?? "")
        .trim()
        .slice(0, 200),
    });
  } catch (error) {
    console.error("Image upload failed:", error);
    return { ok: false, message: "Failed to upload image", status: 500 };
  }
  return { ok: true, message: "Image uploaded successfully" };
}
