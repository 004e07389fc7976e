/**
 * Loading the Google Maps script with the spec's patience: up to 3 retries, waiting
 * attempt x 2^attempt ms before each, then polling every 100 ms until the API is ready.
 * The browser glue passes the real loader; tests pass a fake `google`.
 */
export type MapsStatus = "checking" | "connected" | "auth-error" | "load-error";

export const MAPS_STATUS_LABEL: Record<MapsStatus, string> = {
  checking: "Checking...",
  connected: "Connected",
  "auth-error": "Auth Error",
  "load-error": "Issues Detected",
};

export const MAPS_MESSAGES = {
  authFailed: "API key authentication failed. Please check your API key restrictions.",
  loadFailed: "Failed to load Google Maps API",
  invalidKey: "Please enter a valid API key",
  saved: "API key saved successfully. Refreshing to test connection...",
  saveFailed: "Failed to save API key",
  cleared: "API key cleared",
  tagSaved: "Google Publisher Tag saved successfully",
  tagFailed: "Failed to save publisher tag",
} as const;

export const MAPS_RETRIES = 3;
export const MAPS_POLL_MS = 100;
export const RELOAD_AFTER_SAVE_MS = 1000;
export const RELOAD_AFTER_TEST_MS = 500;

export class MapsAuthError extends Error {
  constructor() {
    super(MAPS_MESSAGES.authFailed);
  }
}

export function retryDelay(attempt: number): number {
  return attempt * 2 ** attempt;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Google reports a refused key (wrong referrer, API not enabled) in the error text. */
export function isAuthFailure(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return (
    error instanceof MapsAuthError ||
    /RefererNotAllowed|InvalidKey|ApiNotActivated|ApiTargetBlocked|AuthFailure/i.test(text)
  );
}

export async function loadWithRetry<T>(
  load: () => Promise<T>,
  options: { retries?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const { retries = MAPS_RETRIES, wait = sleep } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      // A refused key will be refused again: say so at once instead of retrying.
      if (isAuthFailure(error) || attempt >= retries) throw error;
      await wait(retryDelay(attempt + 1));
    }
  }
}

export async function waitUntilReady(
  isReady: () => boolean,
  options: { interval?: number; timeout?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const { interval = MAPS_POLL_MS, timeout = 10_000, wait = sleep } = options;
  for (let waited = 0; !isReady(); waited += interval) {
    if (waited >= timeout) throw new Error("Google Maps did not become ready");
    await wait(interval);
  }
}

/** The key as the settings screen shows it: only its last 8 characters. */
export function maskKey(key: string): string {
  return key.length <= 8 ? key : `${"•".repeat(8)}${key.slice(-8)}`;
}

/** A Static Maps satellite picture of a point, sized for the 800 x 600 drawing surface. */
export const STATIC_MAP = { width: 640, height: 480, zoom: 20 } as const;
export function staticMapUrl(key: string, lat: number, lng: number, zoom: number = STATIC_MAP.zoom): string {
  const params = new URLSearchParams({
    center: `${lat},${lng}`,
    zoom: String(zoom),
    size: `${STATIC_MAP.width}x${STATIC_MAP.height}`,
    scale: "2",
    maptype: "satellite",
    key,
  });
  return `https://maps.googleapis.com/maps/api/staticmap?${params}`;
}
