import { href, isRouteErrorResponse } from "react-router";
import { telHref } from "~/lib/business";
import { NotFound } from "./not-found";

/**
 * What a page that failed shows (spec: "Unexpected Application Error!" with the error's
 * message; a 404 is the not-found page). The root draws it alone; the public layout draws it
 * between the site's header and footer, so a visitor keeps the phone number and the menu.
 */
export function RouteError({ error, phone }: { error: unknown; phone?: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found</title>
        <NotFound />
      </>
    );
  }
  // Our own refusals (a form too large, unreadable or sent from elsewhere) carry a message
  // meant for the visitor.
  const clientError =
    isRouteErrorResponse(error) &&
    [400, 413, 415].includes(error.status) &&
    typeof error.data === "string" &&
    error.data;
  const message = clientError
    ? clientError
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText || ""}`.trim()
      : error instanceof Error
        ? error.message
        : "Unknown error";
  // Stack traces help a developer and only confuse a visitor: never in production.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const title = clientError ? "We could not accept that" : "Unexpected Application Error!";
  return (
    <div className="mx-auto max-w-2xl px-6 py-24">
      <title>{title}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{message}</p>
      {phone && !clientError && (
        <p className="mt-4 text-lg">
          Please try again in a minute, or call us at{" "}
          <a href={telHref(phone)} className="font-semibold text-brand underline">
            {phone}
          </a>
          .
        </p>
      )}
      {stack && <pre className="mt-6 overflow-x-auto rounded bg-sand p-4 text-xs">{stack}</pre>}
      <a href={href("/")} className="mt-8 inline-block font-semibold text-brand underline">
        Return to Home
      </a>
    </div>
  );
}
