import type { Readable } from "node:stream";
import { forbiddenText, isForbidden } from "~/lib/access";
import { BODY_MESSAGES } from "~/server/request-body.server";
import { webStreamOf } from "~/server/web-stream.server";

/**
 * The one way a loader, action or service says "there is no such thing": a thrown 404.
 * A page's nearest error boundary shows it (the admin's inside the admin, with its header;
 * the site's elsewhere); a resource route answers it as it is. Pages that draw their own
 * 404 inside the site's menus (an unknown project, proposal or review link) return data
 * with the status instead, since they have more to say than "not found".
 */
export function notFound(message = "Not found", headers?: HeadersInit): never {
  throw new Response(message, { status: 404, headers });
}

/**
 * A private picture (someone's house) as its file's bytes: never kept by a shared cache,
 * never sniffed or run as anything but a picture.
 */
export function privateImageResponse(
  file: { bytes: Buffer; contentType: string },
  headers: HeadersInit = {},
): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ...Object.fromEntries(new Headers(headers)),
    },
  });
}

/** A file to save, streamed from a Node stream: never cached (backups and exports hold customers' records). */
export function downloadResponse(stream: Readable, contentType: string, fileName: string): Response {
  return new Response(webStreamOf(stream), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * Whether a request asks to be answered in JSON (a phone's upload queue, a script's fetch):
 * such a caller reads a status and a message, never a sign-in page or an HTML error.
 */
export function asksForJson(request: Request): boolean {
  return acceptsJson(request.headers.get("Accept"));
}

/** An Accept header that names JSON and not a page. */
export function acceptsJson(accept: string | null | undefined): boolean {
  return /\bapplication\/json\b/i.test(accept ?? "") && !/\btext\/html\b/i.test(accept ?? "");
}

/** A refusal a script reads: `{ ok: false, error }` in the person's words, with its status. */
export function jsonRefusal(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json(
    { ok: false, error },
    { status, headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(headers)) } },
  );
}

/**
 * What a request that asked for JSON is told when a check threw instead of answering: a
 * refused body (its plain words), a refused role, or nothing there (`notFoundMessage`), each
 * as `{ ok: false, error }` with its status. Anything else (a bug) is thrown on.
 */
export async function jsonRefusalOf(thrown: unknown, notFoundMessage: string): Promise<Response> {
  if (thrown instanceof Response) {
    if (/\bjson\b/i.test(thrown.headers.get("Content-Type") ?? "")) return thrown;
    if (thrown.status === 404) return jsonRefusal(404, notFoundMessage);
    if (thrown.status === 403) return jsonRefusal(403, FORBIDDEN_MESSAGE);
    if (thrown.status >= 400 && thrown.status < 500) {
      // A 413 closes the connection (refuseBody): the unread rest of the body is not waited for.
      const close = thrown.headers.get("Connection");
      return jsonRefusal(
        thrown.status,
        (await thrown.text()) || BODY_MESSAGES.unreadable,
        close ? { Connection: close } : {},
      );
    }
    throw thrown;
  }
  // requireRole's 403 for a page: data naming the roles that may.
  const init = thrown as { type?: unknown; data?: unknown; init?: { status?: number } | null };
  if (init?.type === "DataWithResponseInit" && isForbidden(init.data))
    return jsonRefusal(403, forbiddenText(init.data.roles).message);
  throw thrown;
}

/** A plain 403 names no roles. */
const FORBIDDEN_MESSAGE = "Your account cannot make this change.";

/**
 * A route both a form and a phone's queue post to (decision 0099): a form gets what `answer`
 * gives (a redirect with a flash, or its refused form's data); a request asking for JSON gets
 * it too, and any refusal thrown on the way (signed out, a role, no such lead:
 * `notFoundMessage`) as JSON.
 */
export async function answerFormOrJson<T = Response>(
  request: Request,
  answer: (json: boolean) => Promise<T>,
  notFoundMessage: string,
): Promise<T | Response> {
  if (!asksForJson(request)) return answer(false);
  try {
    return await answer(true);
  } catch (thrown) {
    return jsonRefusalOf(thrown, notFoundMessage);
  }
}
