import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, so the HTTP layer (headers,
  // uploads, start-up) and the routes share one module graph and one DB handle.
  build: {
    // Pictures stay files (cacheable, lazy-loadable), never base64 in the bundle.
    assetsInlineLimit: 0,
    ...(isSsrBuild
      ? { rollupOptions: { input: "./server/app.ts" } }
      : // Small shared chunks are merged into others: every module a page loads is one more
        // request to start and module to compile on the visitor's main thread, which cost
        // more than the few KB of unused functions merging adds (decision 0029).
        { rollupOptions: { output: { experimentalMinChunkSize: 5_000 } } }),
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
}));
