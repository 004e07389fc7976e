/**
 * Upload limits and their messages, shared by the server and the browser. Every upload
 * (library, project, roof tool) takes photos and pictures only: JPEG, PNG or WebP. GIFs
 * are refused: they cannot be re-encoded without metadata and animation at the same time
 * (see docs/decisions/0012-uploads-decoded-and-roof-pictures-private.md).
 */
/** The image library's forms. */
export const IMAGE_LIBRARY_INTENTS = { upload: "upload-image", saveAlt: "save-alt", delete: "delete-image" } as const;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type AcceptedImageType = (typeof IMAGE_TYPES)[number];
export const UPLOAD_MESSAGES = {
  tooLarge: "Image size should be less than 10MB",
  notImage: "Please upload a valid image file (JPEG, PNG, or WebP)",
  readFailed: "Failed to read the image file",
} as const;

export function isAcceptedImageType(type: string): type is AcceptedImageType {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** The browser's early answer; the server decides again from the bytes. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!isAcceptedImageType(file.type)) return UPLOAD_MESSAGES.notImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
