import { createContext, RouterContextProvider } from "react-router";

/**
 * The visitor's address for rate limits. The server resolves it once per request with
 * Express's `trust proxy` rules (TRUST_PROXY): the right-most X-Forwarded-For entry not
 * added by a trusted proxy, or the TCP peer when no proxy is trusted.
 */
export const clientAddressContext = createContext<string>("unknown");

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext);
}

/** What every loader and action gets as `context` (the server builds one per request; tests too). */
export function requestContext(clientAddress: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  return context;
}
