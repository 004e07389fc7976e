// Pieces of hand-made request bodies for the hostile-input specs, and the sweep that posts them.
import type { APIResponse, PlaywrightWorkerArgs } from "@playwright/test";

type Playwright = PlaywrightWorkerArgs["playwright"];

export const BOUNDARY = "----hostile";
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
export const FORM = "application/x-www-form-urlencoded";

/** A multipart body of the named parts; a part with a file name is sent as a PNG. */
export const multipart = (parts: [name: string, value: string, file?: string][]) =>
  parts
    .map(
      ([name, value, file]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ""}\r\n\r\n${value}\r\n`,
    )
    .join("") + `--${BOUNDARY}--\r\n`;

export type HostileBody = [kind: string, type: string | null, body: string];

/**
 * Posts every place's bodies signed out and then signed in (with `session`), tries the
 * methods no action answers, and reads `gets`; returns what went wrong: a 5xx, a method not
 * refused with 405, or what `check` finds in a posted body's answer.
 */
export async function sweep(
  playwright: Playwright,
  options: {
    baseURL: string;
    session: string;
    places: (signedIn: boolean) => [path: string, bodies: HostileBody[]][];
    check?: (res: APIResponse, path: string, signedIn: boolean) => Promise<string | null>;
    gets?: string[];
  },
): Promise<string[]> {
  const failures: string[] = [];
  for (const signedIn of [false, true]) {
    const as = signedIn ? " (signed in)" : "";
    const api = await playwright.request.newContext({
      baseURL: options.baseURL,
      extraHTTPHeaders: signedIn ? { Cookie: `__session=${options.session}` } : {},
      maxRedirects: 0,
    });
    for (const [path, bodies] of options.places(signedIn)) {
      for (const [kind, type, body] of bodies) {
        const res = await api.fetch(path, {
          method: "POST",
          headers: type ? { "Content-Type": type } : {},
          data: Buffer.from(body),
        });
        const wrong = res.status() >= 500 ? `${res.status()}` : await options.check?.(res, path, signedIn);
        if (wrong) failures.push(`${wrong} ${path} ${kind}${as}`);
      }
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const res = await api.fetch(path, { method });
        if (res.status() !== 405) failures.push(`${res.status()} ${method} ${path}${as}`);
      }
    }
    for (const path of options.gets ?? []) {
      const res = await api.fetch(path);
      if (res.status() >= 500) failures.push(`${res.status()} GET ${path}${as}`);
    }
    await api.dispose();
  }
  return failures;
}
