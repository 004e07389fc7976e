import publicStylesheet from "~/public.css?url";
import { FIRST_SCREEN_END } from "~/lib/critical-css";

/**
 * Put after what a long page shows first (its header and hero). The server inlines only
 * the CSS of the markup above this point (entry.server.tsx, lib/critical-css.ts) and the
 * browser fetches the whole public stylesheet here for the rest: the page paints its first
 * screen from the first round trip and the rest a moment later, instead of every visitor
 * downloading the CSS of the whole page before anything shows (decision 0005). A
 * stylesheet link in the body holds back only the content after it.
 */
export function FirstScreenEnd() {
  // Development links the whole stylesheet in <head> and inlines nothing.
  if (import.meta.env.DEV) return null;
  return <link rel="stylesheet" href={publicStylesheet} {...{ [FIRST_SCREEN_END]: "" }} />;
}
