/**
 * A public page reads and works without scripts: they only enhance it (the forms, the
 * menus and the links all work as plain HTML). So its scripts start once the page has
 * loaded: on a slow phone connection the text, the inlined CSS and the first picture get
 * the whole line, instead of sharing it with ~170 KB of scripts that change nothing the
 * visitor sees (decision 0015).
 *
 * React Router writes the scripts as `<link rel="modulepreload">` tags (React moves them
 * into <head>) and one inline module that imports the matched routes' modules, then the
 * entry module. The links are dropped and the module's static imports become dynamic ones
 * that wait for the `load` event; the preloads are added back at that moment so the
 * browser still fetches the modules side by side rather than one import level at a time.
 */
export function deferScripts(html: string): string {
  const start = html.indexOf('<script type="module"');
  const open = html.indexOf(">", start) + 1;
  const end = html.indexOf("</script>", open);
  if (start === -1 || end === -1) return html;
  const imports: { name: string; href: string }[] = [];
  const rest = html
    .slice(open, end)
    .replace(/^[;\s]*/, "")
    .replace(/import \* as (\w+) from "([^"]+)";\s*/g, (_, name: string, href: string) => {
      imports.push({ name, href });
      return "";
    });
  // A module this function does not recognize is left exactly as React Router wrote it.
  if (imports.length === 0 || /\bimport\b(?!\()/.test(rest)) return html;

  // React puts the preloads in <head> and React Router the module in <body>.
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1 || headEnd > start) return html;
  const preloads: string[] = [];
  const head = html.slice(0, headEnd).replace(/<link rel="modulepreload" href="([^"]+)"\/?>/g, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const { manifest, others } = splitManifest(rest);
  const fromManifest = manifest ? modulesOf(manifest.json) : new Set<string>();
  const listed = preloads.filter((href) => !fromManifest.has(href));
  // The manifest names every module the preloads did (a page carried each hash twice):
  // the list is read from it, and only what it lacks is written out.
  const preloadList = manifest
    ? `new Set([m.entry.module, ...(m.entry.imports ?? []), ...Object.values(m.routes).flatMap((r) => [r.module, ...(r.imports ?? [])])${listed.map((h) => `, ${JSON.stringify(h)}`).join("")}])`
    : JSON.stringify(preloads);
  const bootstrap =
    `await new Promise((go) => document.readyState === "complete" ? go() : addEventListener("load", go, { once: true }));\n` +
    (manifest ? `const m = ${manifest.assign}${JSON.stringify(manifest.json)};\n` : "") +
    // Each preload starts a fetch, which costs the main thread about a millisecond on a
    // phone: they are added a few per task, so no one task holds up a tap.
    `let n = 0;\n` +
    `for (const href of ${preloadList}) {\n` +
    `  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    `  if (++n % ${PRELOADS_PER_TASK} === 0) await new Promise((go) => setTimeout(go));\n` +
    `}\n` +
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.href)})`).join(", ")}]);\n`;
  return head + html.slice(headEnd, open) + bootstrap + others + html.slice(end);
}

const PRELOADS_PER_TASK = 4;

type RouteManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

/**
 * React Router's route manifest assignment, parsed (it pretty-prints it; the browser needs
 * no indentation), and the rest of its module. No manifest when it is not the shape known.
 */
function splitManifest(script: string): { manifest: { assign: string; json: RouteManifest } | null; others: string } {
  const found = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\s*(?=window\.__reactRouterRouteModules)/.exec(
    script,
  );
  if (!found) return { manifest: null, others: script };
  try {
    const json = JSON.parse(found[2]) as RouteManifest;
    if (typeof json.entry?.module !== "string" || typeof json.routes !== "object")
      return { manifest: null, others: script };
    return {
      manifest: { assign: found[1], json },
      others: script.slice(0, found.index) + script.slice(found.index + found[0].length),
    };
  } catch {
    return { manifest: null, others: script };
  }
}

function modulesOf(manifest: RouteManifest): Set<string> {
  const routes = Object.values(manifest.routes);
  return new Set([
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ]);
}
