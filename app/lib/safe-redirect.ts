/**
 * A redirect target from a query string, accepted only when it is a path on this site:
 * "//evil.example" and "https://evil.example" would leave it (an open redirect).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/admin"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const url = new URL(to, "http://same.origin");
    if (url.origin !== "http://same.origin") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
