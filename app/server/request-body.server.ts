import {
  FormDataParseError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { formListsFit, LIST_TOO_LONG, type ListLimits } from "~/lib/form-lists";

/** A plain form (no files) is a few kilobytes; anything near this is not a person typing. */
export const FORM_MAX_BYTES = 64 * 1024;

export const BODY_MESSAGES = {
  unreadable: "The form could not be read. Please reload the page and try again.",
  tooLarge: "The form is too large to send.",
  unsupported: "Please send the form from this website.",
} as const;

/** The answer to a body we refuse: a plain status with a message, never a server error. */
export function refuseBody(status: 400 | 413 | 415, message: string = bodyMessage(status)): never {
  // Closing the connection spares us the rest of an oversize body.
  const headers: HeadersInit = {
    "Content-Type": "text/plain; charset=utf-8",
    ...(status === 413 ? { Connection: "close" } : {}),
  };
  throw new Response(message, { status, headers });
}

/**
 * The answer to a form naming an intent its page does not have (an old tab, a hand-made
 * post): a short 400, never a fall-through to the page's "save".
 */
export function refuseUnknownIntent(): never {
  return refuseBody(400, "This form's action is unknown here. Please reload the page and try again.");
}

/**
 * The form once its lists are known to stay within their limits (`lib/form-lists.ts`);
 * a short 400 otherwise, before anything parses the fields or renders them back.
 */
export function boundedLists(form: FormData, lists: ListLimits = {}): FormData {
  if (!formListsFit(form, lists)) refuseBody(400, LIST_TOO_LONG);
  return form;
}

function bodyMessage(status: 400 | 413 | 415) {
  return status === 413
    ? BODY_MESSAGES.tooLarge
    : status === 415
      ? BODY_MESSAGES.unsupported
      : BODY_MESSAGES.unreadable;
}

/**
 * The kind of form a Content-Type names, or null for any other body. Multipart needs a
 * boundary, wherever it stands among the parameters (the parser finds it anywhere). The
 * one place that decides: the early refusals (server/app.ts), the body caps and the
 * readers must agree, or a form gets one path's cap and another's 415.
 */
export function formBodyKind(contentType: string | null | undefined): "urlencoded" | "multipart" | null {
  const [type = "", ...params] = (contentType ?? "").split(";").map((part) => part.trim().toLowerCase());
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data" && params.some((param) => /^boundary=\S/.test(param))) return "multipart";
  return null;
}

export function isMultipart(request: Request): boolean {
  return formBodyKind(request.headers.get("content-type")) === "multipart";
}

/**
 * The fields of a form without files, read with a byte cap while the body streams in: a
 * 60 MB body costs 64 KB of memory before it is refused (413). Urlencoded (what browsers
 * send) or multipart (a script may send that); any other body answers 415, anything
 * unreadable or carrying files 400. `lists` names the form's lists and their limits
 * (`lib/form-lists.ts`); a form without any refuses every indexed name.
 */
export async function readForm(
  request: Request,
  { maxBytes = FORM_MAX_BYTES, lists = {} }: { maxBytes?: number; lists?: ListLimits } = {},
): Promise<FormData> {
  if (Number(request.headers.get("content-length") ?? "") > maxBytes) refuseBody(413);
  const kind = formBodyKind(request.headers.get("content-type"));
  if (kind === "multipart") return boundedLists(await readMultipartFields(request, maxBytes), lists);
  if (kind !== "urlencoded") refuseBody(415);
  const form = new FormData();
  for (const [key, value] of new URLSearchParams(await readCapped(request, maxBytes))) form.append(key, value);
  return boundedLists(form, lists);
}

async function readMultipartFields(request: Request, maxBytes: number): Promise<FormData> {
  try {
    return await parseFormData(request, { maxFiles: 0, maxTotalSize: maxBytes });
  } catch (error) {
    return refuseMultipart(error);
  }
}

/** The status for a multipart body the parser gave up on: the sender's fault, never ours. */
export function refuseMultipart(error: unknown): never {
  if (error instanceof MaxTotalSizeExceededError) refuseBody(413);
  if (error instanceof MultipartParseError || error instanceof FormDataParseError || error instanceof TypeError)
    refuseBody(400);
  throw error;
}

/** The body as text, read while it streams: 413 past `maxBytes`, 400 when unreadable. */
export async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Stop reading but keep the connection until the 413 is sent (it then closes):
        // the unread rest waits in the socket, not in our memory.
        reader.releaseLock();
        refuseBody(413);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    refuseBody(400);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
