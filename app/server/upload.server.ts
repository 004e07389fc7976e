import { MaxFileSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { FORM_MAX_BYTES, isMultipart, readForm, refuseBody, refuseMultipart } from "~/server/request-body.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/lib/upload-rules";

// Two pictures (the roof tool's top and side views) and the text fields beside them.
const MAX_FILES = 2;
export const MULTIPART_MAX_BYTES = MAX_FILES * MAX_UPLOAD_BYTES + FORM_MAX_BYTES;

export type ParsedUpload = { form: FormData; files: Map<string, { bytes: Uint8Array; name: string }> } | { error: string };

/**
 * Reads a form that may carry pictures, holding each file's bytes in memory (10 MB at most, refused
 * while streaming, before the rest arrives). Nothing touches the disk here: the models
 * decide the file name and type from the bytes.
 */
export async function parseUploadForm(request: Request): Promise<ParsedUpload> {
  // Forms without a file input arrive urlencoded: the same fields, read with the form cap.
  if (!isMultipart(request)) return { form: await readForm(request), files: new Map() };
  if (Number(request.headers.get("content-length") ?? "") > MULTIPART_MAX_BYTES) refuseBody(413);
  const files = new Map<string, { bytes: Uint8Array; name: string }>();
  try {
    const form = await parseFormData(request, { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: MAX_FILES, maxTotalSize: MULTIPART_MAX_BYTES, maxParts: 100 }, async (upload: FileUpload) => {
      if (upload.size === 0 && !upload.name) return null;
      files.set(upload.fieldName, { bytes: new Uint8Array(await upload.arrayBuffer()), name: upload.name });
      return null;
    });
    return { form, files };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { error: UPLOAD_MESSAGES.tooLarge };
    return refuseMultipart(error);
  }
}
