/** Upload limits and their messages, shared by the server and the browser. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  tooLarge: "Image size should be less than 10MB",
  notImage: "Please upload a valid image file (JPEG, PNG, WebP or GIF)",
} as const;
