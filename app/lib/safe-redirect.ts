import { href } from "react-router";

const HERE = "http://same.origin";

/**
 * A redirect target from a query string or form, accepted only when it stays on this
 * site. The target is resolved the way a browser would resolve it against our origin
 * ("/admin/..//evil.example" becomes "//evil.example", a host), and used only when the
 * origin is unchanged and the result cannot be read as another host when sent back.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = href("/admin"),
): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines inside URLs and read "\" as "/": refuse both outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "//x" or "/\x" as a Location is another host, even though it parsed as our path.
  if (!path.startsWith("/") || path.startsWith("//") || /^\/%(2f|5c)/i.test(path)) return fallback;
  return path;
}
