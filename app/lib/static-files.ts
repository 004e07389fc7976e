/**
 * Files served as they are, not routes (so not href()): the favicon from public/, Vite's
 * fingerprinted bundles and pictures under /assets (server.js), and the pictures uploaded
 * through the admin (server/app.ts). The only addresses the app writes besides routes.
 */
export const FAVICON = "/favicon.svg";
export const ASSETS_PREFIX = "/assets";
export const UPLOADS_PREFIX = "/uploads";

/** The installed admin app's icons, drawn from the favicon at build time (vite.config.ts). */
export const APP_ICON_SIZES = [192, 512] as const;
export const appIcon = (size: (typeof APP_ICON_SIZES)[number]) => `/app-icon-${size}.png`;
