/**
 * A package imported on its first use, not when the server starts (decision 0081). Stripe,
 * pdfkit, sharp and the password checker's dictionaries were about 0.7 s of every start on
 * a 2-core machine (a restart, each browser test's own site), for what most requests never
 * do. The caller writes the `import("…")` itself, with the package's name as it is, so the
 * container's bundler (deploy/container-runtime.mjs) still finds it and makes it a chunk of
 * its own.
 */
export function onFirstUse<T>(
  load: () => Promise<T>,
  { releaseAfterMs }: { releaseAfterMs?: number } = {},
): () => Promise<T> {
  let loading: Promise<T> | undefined;
  let release: NodeJS.Timeout | undefined;
  return () => {
    if (releaseAfterMs !== undefined) {
      // Let go of what was built once unused this long: the next call builds it again. The
      // timer never keeps the process alive.
      clearTimeout(release);
      release = setTimeout(() => (loading = undefined), releaseAfterMs).unref();
    }
    if (loading) return loading;
    const attempt: Promise<T> = load().catch((error: unknown) => {
      // A failed import is tried again by the next caller, not remembered (unless a newer
      // attempt already took its place, after a release).
      if (loading === attempt) loading = undefined;
      throw error;
    });
    return (loading = attempt);
  };
}

/**
 * What a CommonJS package exports, from its `import()`: Node gives it both as named
 * exports and as `default`, the container's bundle (esbuild, decision 0063) only as
 * `default`. An ES module without a default export is passed through.
 */
export const commonJsExports = <T>(module: T): T => (module as { default?: T }).default ?? module;
