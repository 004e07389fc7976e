import type { Readable } from "node:stream";
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
