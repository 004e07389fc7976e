import { MaxFileSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";

import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./upload-rules";

export type ParsedUpload = { form: FormData; files: Map<string, { bytes: Uint8Array; name: string }> } | { error: string };

/**
 * Reads a multipart form, holding each file's bytes in memory (10 MB at most, refused
 * while streaming, before the rest arrives). Nothing touches the disk here: the models
 * decide the file name and type from the bytes.
 */
export async function parseUploadForm(request: Request): Promise<ParsedUpload> {
  const files = new Map<string, { bytes: Uint8Array; name: string }>();
  try {
    const form = await parseFormData(request, { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 2 }, async (upload: FileUpload) => {
      if (upload.size === 0 && !upload.name) return null;
      files.set(upload.fieldName, { bytes: new Uint8Array(await upload.arrayBuffer()), name: upload.name });
      return null;
    });
    return { form, files };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { error: UPLOAD_MESSAGES.tooLarge };
    throw error;
  }
}
