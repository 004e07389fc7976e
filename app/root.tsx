import {
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_useScrollRestoration as useScrollRestoration,
  useLocation,
  useNavigation,
  type LinksFunction,
} from "react-router";
import { useLayoutEffect } from "react";
import { toast, ToastContainer } from "react-toastify/unstyled";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import publicStyles from "./public.css?inline";
import publicStylesheet from "./public.css?url";
import { RouteError } from "./components/route-error";
import { isAdminPath } from "./lib/admin-sections";
import { FAVICON } from "./lib/static-files";

// In production a public page's stylesheet is inlined: on a slow phone connection a
// render-blocking round trip costs more than re-sending it with each page (public.css, cut
// to what the page uses; docs/decisions/0005-inline-css.md). The admin links its whole
// stylesheet instead, a file the browser keeps: staff open page after page, and 76 KB of
// CSS in each was half of every admin page (decision 0060). Vite's dev server needs the
// link for hot reload.
export const links: LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
];

// The stylesheets are inlined by the server only: in the browser bundle these strings
// would be ~80 KB of script every visitor downloads and parses for nothing.
const inlineStyles = import.meta.env.SSR && !import.meta.env.DEV ? publicStyles : null;

// React Router's <ScrollRestoration> writes an inline script into every page that does two
// things before the page paints: gives a fresh history entry its own key, and restores a
// position saved in sessionStorage. Our scripts start after the page has loaded anyway
// (decision 0015), so both are done here, before the router is created (this module is
// imported before the entry's), and the hook restores at hydration; the browser itself
// restores a reloaded page (the hook hands scrolling back to it when the page is left).
// The page is ~200 bytes lighter. Without the key, a fresh visit would be taken for the
// first one of the tab and scrolled to where that one was left.
if (typeof window !== "undefined" && !window.history.state?.key) {
  window.history.replaceState({ ...window.history.state, key: Math.random().toString(32).slice(2) }, "");
}

// The area whose stylesheet the server inlined, read once when the page first runs scripts.
let servedArea: "admin" | "public" | undefined;

/**
 * A public page inlines only the CSS its own markup uses (entry.server.tsx); the whole
 * public stylesheet is for what the page does not show yet: the next page, a dialog, a
 * form's messages. Moving on to the admin adds the admin's stylesheet; an admin page
 * links the whole admin stylesheet, which styles the public pages too. Stylesheets once
 * linked stay, so moving back and forth fetches and re-applies nothing.
 *
 * Linking a stylesheet makes the browser restyle every element of the page, which on a
 * phone holds the page up for a moment. So a public page fetches the file once scripts
 * run but links it only when it is needed: when a navigation starts, at the visitor's
 * first touch, click, key or focus (before anything that could show new markup), or with
 * the first toast. A long page that already links the whole file in its body
 * (FirstScreenEnd) needs the copy in <head> only once it is being left, since its own
 * link goes with it.
 *
 * A layout effect: it listens before any page's own effects run, one of which may show a
 * server's message as a toast as the page arrives (the job page's "Thank you! … is paid").
 */
function useWholeStylesheet(admin: boolean) {
  const navigating = useNavigation().state !== "idle";
  useLayoutEffect(() => {
    if (import.meta.env.DEV) return;
    servedArea ??= admin ? "admin" : "public";
    if (servedArea === "admin") return;
    const href = admin ? stylesheet : publicStylesheet;
    const selector = `link[rel="stylesheet"][href="${href}"]`;
    const link = () => {
      if (!document.head.querySelector(selector))
        document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
    };
    if (admin || navigating) return link();
    if (document.querySelector(selector)) return;
    if (!document.head.querySelector(`link[href="${href}"]`)) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "prefetch", as: "style", href }));
    }
    const events = ["pointerdown", "keydown", "focusin"] as const;
    // A toast needs it too: a message from the server can show one before any touch.
    const unsubscribe = toast.onChange((item) => item.status === "added" && onFirst());
    const stop = () => {
      unsubscribe();
      events.forEach((type) => window.removeEventListener(type, onFirst, true));
    };
    const onFirst = () => {
      stop();
      link();
    };
    events.forEach((type) => window.addEventListener(type, onFirst, { capture: true, passive: true }));
    return stop;
  }, [admin, navigating]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const admin = isAdminPath(useLocation().pathname);
  useWholeStylesheet(admin);
  useScrollRestoration();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c2430" />
        <Meta />
        {/* In the browser the server's <style> is kept as it came: React does not compare inner HTML when hydrating. */}
        {!import.meta.env.DEV && (
          <style dangerouslySetInnerHTML={{ __html: inlineStyles && !admin ? inlineStyles : "" }} />
        )}
        {/* A resource React keeps once added: leaving the admin does not take it away, and arriving waits for it. */}
        {admin && !import.meta.env.DEV && <link rel="stylesheet" href={stylesheet} precedence="default" />}
        <Links />
      </head>
      <body>
        {children}
        <ToastContainer
          position="bottom-right"
          autoClose={4000}
          limit={3}
          closeButton={({ closeToast }) => (
            <button
              type="button"
              aria-label="Close toast"
              onClick={closeToast}
              className="px-1 text-lg leading-none opacity-60 hover:opacity-100"
            >
              ×
            </button>
          )}
        />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main>
      <RouteError error={error} />
    </main>
  );
}
