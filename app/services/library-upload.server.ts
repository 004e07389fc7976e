import { cleanImage } from "~/server/image-clean.server";
import type { ParsedUpload } from "~/server/upload.server";
import { UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { storeImage } from "~/services/image-storage.server";
import { refusal, type Refusal } from "~/lib/refusal";

export type LibraryUploadResult = { message: string } | Refusal;

/** The one way a picture enters the library, for the plain form and the progress upload alike. */
export async function uploadToLibrary(parsed: ParsedUpload): Promise<LibraryUploadResult> {
  if ("error" in parsed) return refusal(parsed.error, { status: 413 });
  const file = parsed.files.get("file");
  const image = file ? await cleanImage(file.bytes) : null;
  if (!file || !image) return refusal(UPLOAD_MESSAGES.notImage);
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
    return refusal("Failed to upload image", { status: 500 });
  }
  return { message: "Image uploaded successfully" };
}
