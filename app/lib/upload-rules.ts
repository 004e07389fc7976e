/** Upload limits and their messages, shared by the server and the browser. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  tooLarge: "Image size should be less than 10MB",
  notImage: "Please upload a valid image file (JPEG, PNG, WebP or GIF)",
} as const;

/** The roof tool takes photos and satellite pictures only: no GIFs. */
export const ROOF_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const ROOF_UPLOAD_MESSAGES = {
  notImage: "Please upload a valid image file (JPEG, PNG, or WebP)",
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  readFailed: "Failed to read the image file",
} as const;

/** The browser's early answer; the server decides again from the bytes. */
export function roofImageProblem(file: { type: string; size: number }): string | null {
  if (!(ROOF_IMAGE_TYPES as readonly string[]).includes(file.type)) return ROOF_UPLOAD_MESSAGES.notImage;
  if (file.size > MAX_UPLOAD_BYTES) return ROOF_UPLOAD_MESSAGES.tooLarge;
  return null;
}
