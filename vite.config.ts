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
    ...(isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {}),
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
}));
