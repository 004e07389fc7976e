import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { build, defineConfig, type Plugin } from "vite";
import { APP_ICON_SIZES, appIcon } from "./app/lib/static-files";

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

const APP = fileURLToPath(new URL("./app", import.meta.url));

/**
 * The admin's service worker (decision 0099), once the browser's build is written: the
 * worker bundled on its own (app/sw/service-worker.ts, no chunks: a worker loads one file),
 * then Serwist writes the list of the build's scripts and stylesheets into it, each with
 * its revision, for the phone to keep. The app icons the installed app shows are drawn from
 * the favicon here too, so the one drawing stays the one source.
 */
function serviceWorker(): Plugin {
  let outDir = "";
  return {
    name: "admin-service-worker",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const swDest = path.join(outDir, "sw.js");
      await build({
        configFile: false,
        logLevel: "warn",
        resolve: { alias: { "~": APP } },
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          rollupOptions: {
            input: path.join(APP, "sw/service-worker.ts"),
            output: { format: "iife", entryFileNames: "sw.js", inlineDynamicImports: true },
          },
        },
      });
      const { injectManifest } = await import("@serwist/build");
      const { warnings } = await injectManifest({
        swSrc: swDest,
        swDest,
        globDirectory: outDir,
        globPatterns: ["assets/*.{js,css}"],
        // Vite's file names carry their hash already: no second revision needed.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      });
      if (warnings.length) throw new Error(`Service worker: ${warnings.join("; ")}`);
      const sharp = (await import("sharp")).default;
      const favicon = await fs.readFile(path.join(outDir, "favicon.svg"));
      await Promise.all(
        APP_ICON_SIZES.map((size) =>
          sharp(favicon, { density: (72 * size) / 64 })
            .resize(size, size)
            .png()
            .toFile(path.join(outDir, appIcon(size))),
        ),
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
  resolve: { alias: { "~": APP } },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressAssets(), serviceWorker()])],
}));
