import fs from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { areaPath, servicePath } from "~/content/site";
import { landingPageFor } from "~/content/pages";
import { AREAS, areaRouteId, SERVICES } from "~/lib/landing-pages";
import { loader as sitemap } from "~/routes/resources/sitemap";

// Every internal link and redirect is React Router's href() (decision 0042): a path written
// by hand outside app/routes.ts is one that a moved route leaves behind, still compiling.

type Entry = { id?: string; path?: string; index?: boolean; file: string; children?: Entry[] };

/** The route table as app/routes.ts builds it: full paths, with the id and module of each route. */
function flatten(entries: Entry[], parent = ""): { path: string; id: string; file: string }[] {
  return entries.flatMap((e) => {
    const full = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent || "/";
    const own = e.path || e.index ? [{ path: full, id: e.id ?? e.file.replace(/\.tsx?$/, ""), file: e.file }] : [];
    return [...own, ...(e.children ? flatten(e.children, full) : [])];
  });
}
const TABLE = flatten(routes as Entry[]);

// The first segment of every route ("/admin", "/services", "/wichita-framing-roofing-services",
// "/sitemap.xml"...): a literal starting with one of them is a route path. The home page
// ("/") counts when something follows it ("/#contact", "/?service=").
const SEGMENTS = [...new Set(TABLE.map((r) => r.path.split("/")[1]).filter((s) => s && s !== "*"))];
const ROUTE_LITERAL = new RegExp(
  `^/(?:(?:${SEGMENTS.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?=$|[/?#.])|[?#])`,
);

// routes.ts is the site map; landing-pages.ts is the list it generates pages from.
const EXEMPT = new Set(["app/routes.ts", "app/lib/landing-pages.ts"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === "+types" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [full] : [];
  });
}

const isHrefArgument = (node: ts.Node) =>
  ts.isCallExpression(node.parent) &&
  ts.isIdentifier(node.parent.expression) &&
  node.parent.expression.text === "href" &&
  node.parent.arguments[0] === node;

/** Each string or template literal in `text` that starts like a route path, outside href()'s first argument. */
function handWrittenPaths(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // A template's every piece counts: `${origin}/admin/contact` is as hand-written as "/admin/contact".
    const pieces =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? [node.text]
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
          : [];
    for (const piece of pieces) {
      if (!ROUTE_LITERAL.test(piece) || isHrefArgument(node)) continue;
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${piece}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("route paths are written once", () => {
  it("knows the routes' first segments from app/routes.ts", () => {
    expect(SEGMENTS).toEqual(
      expect.arrayContaining([
        "admin",
        "portfolio",
        "services",
        "contact",
        "proposal",
        "review",
        "about",
        "sitemap.xml",
        "wichita-framing-roofing-services",
      ]),
    );
  });

  it("tells a hand-written path from href()", () => {
    const sample = [
      'const a = "/admin/images";',
      "const b = `/portfolio?category=${tab}`;",
      'const c = "/#contact";',
      'const d = "/services/roof-repairs-wichita";',
      'const e = href("/admin/leads/:id", { id: "1" });',
      'const f = `${href("/")}#contact`;',
      'const g = "/uploads/x.jpg";',
      'const h = "/";',
      'const i = "/administrator";',
      "const j = `${origin}/sitemap.xml`;",
      'const k = `${origin}${href("/admin/contact")}`;',
      "const l = `${origin}/*`;",
    ].join("\n");
    expect(handWrittenPaths("sample.ts", sample).map((f) => f.split(": ")[1])).toEqual([
      "/admin/images",
      "/portfolio?category=",
      "/#contact",
      "/services/roof-repairs-wichita",
      "/sitemap.xml",
    ]);
  });

  it("finds no route path written by hand in app/ outside routes.ts", () => {
    const found = sourceFiles("app")
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => !EXEMPT.has(file))
      .flatMap((file) => handWrittenPaths(file, fs.readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });
});

describe("service and area pages come from the one list", () => {
  const table: RouteObject[] = TABLE.map((r) => ({ path: r.path, id: r.id }));
  const routeAt = (pathname: string) => {
    const match = matchRoutes(table, pathname)?.at(-1)?.route;
    return TABLE.find((r) => r.id === match?.id);
  };
  const pages = [
    ...SERVICES.map((s) => ({ path: servicePath(s.slug), id: s.id })),
    ...AREAS.map((a) => ({ path: areaPath(a.slug), id: areaRouteId(a.slug) })),
  ];

  it("gives each a route of its own in the route table, answered by the landing page with its copy", () => {
    expect(pages).toHaveLength(18);
    for (const page of pages) {
      expect(routeAt(page.path), page.path).toEqual({
        path: page.path,
        id: page.id,
        file: "routes/service-or-area-page.tsx",
      });
      expect(landingPageFor(page.path)?.path, page.path).toBe(page.path);
    }
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    // Nothing else is answered by the landing page: a slug removed from the list loses its route.
    expect(TABLE.filter((r) => r.file === "routes/service-or-area-page.tsx")).toHaveLength(pages.length);
  });

  it("lists each in the sitemap", async () => {
    const xml = await (sitemap() as Response).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    for (const page of pages) expect(listed, page.path).toContain(page.path);
  });
});
