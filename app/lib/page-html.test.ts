import { describe, expect, it } from "vitest";
import { deferScripts } from "./page-html";

// The shape React Router 7 renders: preloads (hoisted into <head> by React), then one
// inline module importing the matched routes and the entry.
const page = [
  `<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/><link rel="modulepreload" href="/assets/extra-D.js"/><style>p{}</style></head><body><p>Hi</p>`,
  `<script>window.__reactRouterContext = {};</script>`,
  `<script type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/about-C.js";\n  window.__reactRouterManifest = {\n  "entry": { "module": "/assets/entry.client-A.js", "imports": [] },\n  "routes": { "root": { "module": "/assets/root-B.js" }, "routes/about": { "module": "/assets/about-C.js", "imports": ["/assets/root-B.js"] } },\n  "url": "/assets/manifest-1.js",\n  "version": "1"\n};\n  window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};\n\nimport("/assets/entry.client-A.js");</script>`,
  `</body></html>`,
].join("");

const moduleOf = (html: string) => /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];

describe("deferScripts", () => {
  const out = deferScripts(page);

  it("asks for no script before the page has loaded", () => {
    expect(out).not.toContain('modulepreload" href');
    const body = moduleOf(out);
    expect(body).not.toMatch(/^\s*import\s/m);
    // The wait comes before any fetch of a module.
    expect(body.indexOf('addEventListener("load"')).toBeLessThan(body.indexOf("import("));
  });

  it("fetches the same modules, side by side, once loaded", () => {
    const body = moduleOf(out);
    // Read from the manifest, which names every module; what it lacks is written out.
    const manifestLine = body.split("\n")[1];
    const list = /for \(const href of (.*)\) \{/.exec(body)![1];
    const preloaded = new Function("window", `${manifestLine}; return [...${list}];`) as (w: object) => string[];
    expect(preloaded({})).toEqual([
      "/assets/entry.client-A.js",
      "/assets/root-B.js",
      "/assets/about-C.js",
      "/assets/extra-D.js",
    ]);
    expect(body).toContain(
      `const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/about-C.js")]);`,
    );
    expect(body).toContain(`window.__reactRouterRouteModules = {"root":route0,"routes/about":route1};`);
    expect(body.trimEnd()).toMatch(/import\("\/assets\/entry\.client-A\.js"\);$/);
  });

  it("adds the preloads a few per task, so no one task holds the page up", () => {
    const loop = /for \(const href of .*\) \{([\s\S]*?)\n\}/.exec(moduleOf(out))![1];
    expect(loop).toContain('rel: "modulepreload"');
    expect(loop).toMatch(/if \(\+\+n % \d+ === 0\) await new Promise\(\(go\) => setTimeout\(go\)\);/);
  });

  it("sends the route manifest without indentation", () => {
    expect(moduleOf(out)).toContain(
      `window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js","imports":[]},"routes":`,
    );
  });

  it("leaves everything else as it was", () => {
    expect(out).toContain(`<style>p{}</style></head><body><p>Hi</p><script>window.__reactRouterContext = {};</script>`);
  });

  it("leaves a page alone when its module is not the shape it knows", () => {
    const other = page.replace(
      `import * as route1 from "/assets/about-C.js";`,
      `import { x } from "/assets/about-C.js";`,
    );
    expect(deferScripts(other)).toBe(other);
    const none = `<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>`;
    expect(deferScripts(none)).toBe(none);
  });
});
