import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Two modules that import each other cannot be read, tested or moved one without the other,
// and the layer rule cannot see it when both sit in one layer (decision
// 0040). Type-only imports count: a type is part of what a module needs to be understood,
// and a type-only cycle is one value import away from a runtime one (in an order that
// leaves one side's constants undefined at start-up).
const ROOT = resolve(import.meta.dirname, "../..");

/** Every module under `appDir` and the modules under `appDir` it imports, as `root`-relative paths. */
function importGraph(root: string, appDir: string): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    resolveJsonModule: true,
    baseUrl: root,
    paths: { "~/*": [`${relative(root, appDir)}/*`] },
  };
  const files = readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => join(appDir, name));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // Static imports, `export … from`, `import type`, `import()` and `typeof import()`.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      // Packages and React Router's generated `+types` sit outside the app: not its modules.
      if (resolved && !resolved.includes("/node_modules/") && resolved.startsWith(`${appDir}/`))
        targets.add(relative(root, resolved));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** Each set of modules that import one another (Tarjan's strongly connected components), as one cycle through it. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const importsItself = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || importsItself) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** One closed path through a component, from its first module in name order: what the failure names. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0];
  // Breadth-first back to the start, so the path named is a shortest one.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

describe("import cycles", () => {
  it("no module in app/ imports itself back, directly or through others", () => {
    const cycles = importCycles(importGraph(ROOT, join(ROOT, "app")));
    expect(cycles.map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("follows ~/ and relative paths and type-only imports, and names the cycle", () => {
    const dir = mkdtempSync(join(tmpdir(), "import-cycles-"));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      write(
        "app/lib/pricing.ts",
        'import type { Tier } from "./estimate";\nexport const price = (t: Tier) => t.length;\n',
      );
      write(
        "app/lib/estimate.ts",
        'import { price } from "~/lib/pricing";\nexport type Tier = string;\nexport const total = price("good");\n',
      );
      write("app/lib/money.ts", "export const cents = 100;\n");
      write(
        "app/components/gallery.tsx",
        'import type { loader } from "~/routes/page";\nexport type Data = typeof loader;\n',
      );
      write(
        "app/routes/page.tsx",
        'import { cents } from "../lib/money";\nexport const loader = () => import("~/components/gallery").then(() => cents);\n',
      );
      const graph = importGraph(dir, join(dir, "app"));
      expect(graph.get("app/lib/pricing.ts")).toEqual(["app/lib/estimate.ts"]);
      expect(importCycles(graph)).toEqual([
        ["app/components/gallery.tsx", "app/routes/page.tsx", "app/components/gallery.tsx"],
        ["app/lib/estimate.ts", "app/lib/pricing.ts", "app/lib/estimate.ts"],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds a longer cycle and a module importing itself, and nothing in a chain", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c", "d"]],
      ["c", ["a"]],
      ["d", ["d"]],
      ["e", ["a"]],
    ]);
    expect(importCycles(graph)).toEqual([
      ["d", "d"],
      ["a", "b", "c", "a"],
    ]);
    expect(
      importCycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });
});
