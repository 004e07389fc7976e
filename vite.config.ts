import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every script, stylesheet and SVG of
 * the browser's build, compressed once at their best: server.js sends them as they are,
 * instead of compressing the same files again for every visitor (decision 0030).
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(output, bundle) {
      const files = Object.keys(bundle).filter((name) => /^assets\/.+\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(output.dir!, name);
          const bytes = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

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
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressAssets()])],
}));
