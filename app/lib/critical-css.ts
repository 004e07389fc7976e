/**
 * The part of a (Tailwind, minified) stylesheet one page needs: rules whose class
 * selectors name only classes the page's HTML uses, plus everything that is not a class
 * rule (resets, variables, @property, @keyframes). Inlined as the page's critical CSS; the
 * whole stylesheet follows once scripts run, for what client-side navigation and
 * interaction show (decision 0005).
 */

type Node = { kind: "rule"; selector: string; body: string; needs: string[][] } | { kind: "block"; prelude: string; children: Node[] } | { kind: "statement"; text: string } | { kind: "raw"; text: string };

/** Classes a page's markup uses, from its class attributes. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) if (name) used.add(name.includes("&") ? decodeEntities(name) : name);
  }
  return used;
}

const decodeEntities = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");

/**
 * Index of the first character from `from` that `found` accepts, looking past escapes,
 * strings and comments (which may hold braces and semicolons); -1 when there is none.
 */
function scan(css: string, from: number, found: (c: string) => boolean): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = endOfString(css, i);
    else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      if (end === -1) return -1;
      i = end + 1;
    } else if (found(c)) return i;
  }
  return -1;
}

function endOfString(css: string, start: number): number {
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === css[start]) return i;
  }
  return css.length - 1;
}

/** Index of the brace that closes the block opened at `open`. */
function closing(css: string, open: number): number {
  let depth = 0;
  const end = scan(css, open, (c) => {
    if (c === "{") depth++;
    return c === "}" && --depth === 0;
  });
  return end === -1 ? css.length - 1 : end;
}

/** The next `{` or `;` at the top level of `css` from `from` (not inside parentheses). */
function nextDelimiter(css: string, from: number): number {
  let parens = 0;
  return scan(css, from, (c) => {
    if (c === "(") parens++;
    else if (c === ")") parens--;
    return parens === 0 && (c === "{" || c === ";");
  });
}

// Blocks whose insides are rules to sift; any other block (@keyframes, @property,
// @font-face) is kept whole.
const NESTING = /^@(media|supports|layer|container|scope|starting-style)\b/;

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (i >= css.length) break;
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    const at = nextDelimiter(css, i);
    if (at === -1) {
      nodes.push({ kind: "raw", text: css.slice(i) });
      break;
    }
    const prelude = css.slice(i, at).trim();
    if (css[at] === ";") {
      nodes.push({ kind: "statement", text: css.slice(i, at + 1) });
      i = at + 1;
      continue;
    }
    const end = closing(css, at);
    const inner = css.slice(at + 1, end);
    if (prelude.startsWith("@")) {
      nodes.push(NESTING.test(prelude) ? { kind: "block", prelude, children: parse(inner) } : { kind: "raw", text: css.slice(i, end + 1) });
    } else if (inner.includes("{")) {
      // CSS nesting inside a rule: kept whole rather than understood halfway.
      nodes.push({ kind: "raw", text: css.slice(i, end + 1) });
    } else {
      nodes.push({ kind: "rule", selector: prelude, body: inner, needs: selectors(prelude).map(classesOf) });
    }
    i = end + 1;
  }
  return nodes;
}

/** Splits a selector list at its top-level commas. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/** Class names a selector requires, unescaped; those inside :not(), :where() and the like count too. */
export function classesOf(selector: string): string[] {
  const names: string[] = [];
  for (const match of selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)) {
    // A class inside :not(...) is one the element must not have: it is no reason to drop the rule.
    const before = selector.slice(0, match.index);
    if (/:not\([^)]*$/.test(before)) continue;
    names.push(match[1].replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))).replace(/\\(.)/g, "$1"));
  }
  return names;
}

function keep(node: Node, used: Set<string>): string {
  switch (node.kind) {
    case "rule":
      return node.needs.some((names) => names.every((name) => used.has(name))) ? `${node.selector}{${node.body}}` : "";
    case "block": {
      const inner = node.children.map((child) => keep(child, used)).join("");
      return inner || node.prelude.startsWith("@layer") ? `${node.prelude}{${inner}}` : "";
    }
    case "statement":
    case "raw":
      return node.text;
  }
}

/**
 * The rules of `css` that can apply to markup using `used` classes (and `always`, for
 * classes scripts add before the whole stylesheet arrives).
 */
export function criticalCss(css: string, used: Set<string>, always: readonly string[] = []): string {
  const classes = new Set([...used, ...always]);
  return parsed(css)
    .map((node) => keep(node, classes))
    .join("");
}

// Every page sifts the same stylesheet: it is parsed once.
let last: { css: string; nodes: Node[] } | null = null;
function parsed(css: string): Node[] {
  if (last?.css !== css) last = { css, nodes: parse(css) };
  return last.nodes;
}

/**
 * The page with its first <style> (the inlined stylesheet) cut down to what the page's
 * markup uses. Pages without one come back as they were.
 */
export function withCriticalCss(html: string, always: readonly string[] = []): string {
  const match = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!match) return html;
  const critical = criticalCss(match[1], classesIn(html), always);
  return html.slice(0, match.index) + `<style>${critical}</style>` + html.slice(match.index + match[0].length);
}
