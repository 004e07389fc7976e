/**
 * The part of a (Tailwind, minified) stylesheet one page needs: rules whose class
 * selectors name only classes the page's HTML uses, plus everything that is not a class
 * rule (resets, variables, @property, @keyframes). Inlined as the page's critical CSS; the
 * whole stylesheet follows once scripts run, for what client-side navigation and
 * interaction show (decision 0005).
 */

/** What one selector of a list needs in the page to match anything: classes and element names. */
type Needs = { classes: string[]; tags: string[] };

/** A declaration, and the custom property it sets if it sets one. */
type Declaration = { text: string; sets?: string };

// `reads`: the custom properties the node reads with var(); `sets`: the one an @property registers.
type Node =
  | {
      kind: "rule";
      selector: string;
      body: string;
      needs: Needs[];
      declarations: Declaration[] | null;
      reads: string[];
    }
  | { kind: "block"; prelude: string; children: Node[] }
  | { kind: "statement"; text: string }
  | { kind: "raw"; text: string; sets?: string; reads: string[] };

/** Element names a page's markup uses. */
function tagsIn(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(/<([a-zA-Z][\w-]*)/g), (m) => m[1].toLowerCase()));
}

/** Classes a page's markup uses, from its class attributes. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of match[1].split(/\s+/)) if (name) used.add(name.includes("&") ? decodeEntities(name) : name);
  }
  return used;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

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
      nodes.push(raw(css.slice(i)));
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
      nodes.push(
        NESTING.test(prelude) ? { kind: "block", prelude, children: parse(inner) } : raw(css.slice(i, end + 1)),
      );
    } else if (inner.includes("{")) {
      // CSS nesting inside a rule: kept whole rather than understood halfway.
      nodes.push(raw(css.slice(i, end + 1)));
    } else {
      nodes.push({
        kind: "rule",
        selector: prelude,
        body: inner,
        needs: selectors(prelude).map((one) => ({ classes: classesOf(one), tags: tagsOf(one) })),
        // Only bodies that set custom properties are ever cut apart.
        declarations: /(^|;)\s*--/.test(inner)
          ? declarations(inner).map((text) => ({ text, sets: /^\s*(--[\w-]+)\s*:/.exec(text)?.[1] }))
          : null,
        reads: variablesRead(inner),
      });
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
    names.push(
      match[1]
        .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/\\(.)/g, "$1"),
    );
  }
  return names;
}

/**
 * Element names a selector requires. Not those inside :not() (which the element must not
 * be) nor inside attribute values or other functional pseudo-classes (`:nth-child(odd)`).
 */
export function tagsOf(selector: string): string[] {
  let plain = selector.replace(/\\./g, "_").replace(/\[[^\]]*\]/g, "[]");
  // Innermost parentheses first, so nested ones are handled from the inside out.
  for (let previous = ""; previous !== plain;) {
    previous = plain;
    plain = plain.replace(/:([\w-]+)\(([^()]*)\)/g, (_, name: string, inner: string) =>
      /^(is|where|has)$/.test(name) ? `:${name}{${inner}}` : `:${name}`,
    );
  }
  const tags = Array.from(plain.matchAll(/(?:^|[^\w.#:-])([a-zA-Z][\w-]*)/g), (m) => m[1].toLowerCase());
  return FORM_CONTROL_PARTS.test(plain) ? [...tags, FORM_CONTROL] : tags;
}

// Parts of form controls (the reset styles placeholders, date fields, file buttons, spin
// buttons): a page's first screen without a form has no use for them. Any one will do.
const FORM_CONTROL_PARTS =
  /::(placeholder|file-selector-button|-webkit-(datetime|date-and-time|calendar|inner-spin|outer-spin|search))|:-moz-ui-invalid/;
const FORM_CONTROL = "input|textarea|select";
const hasTag = (tags: Set<string>, tag: string) =>
  tag.includes("|") ? tag.split("|").some((t) => tags.has(t)) : tags.has(tag);

/** What a page has that rules can need; `variables`, once known, the custom properties read. */
type Page = { classes: Set<string>; tags: Set<string> | null; variables?: Set<string> };

const matches = (needs: Needs, page: Page) =>
  needs.classes.every((c) => page.classes.has(c)) && needs.tags.every((t) => (page.tags ? hasTag(page.tags, t) : true));

const applies = (node: Extract<Node, { kind: "rule" }>, page: Page) => node.needs.some((needs) => matches(needs, page));

// A custom property nothing reads (`var(--x)`) changes nothing on the page.
const unread = (name: string | undefined, page: Page) =>
  name !== undefined && page.variables !== undefined && !page.variables.has(name);

function keep(node: Node, page: Page): string {
  switch (node.kind) {
    case "rule": {
      if (!applies(node, page)) return "";
      const body =
        page.variables && node.declarations
          ? node.declarations
              .filter((d) => !unread(d.sets, page))
              .map((d) => d.text)
              .join(";")
          : node.body;
      return body ? `${node.selector}{${body}}` : "";
    }
    case "block": {
      const inner = node.children.map((child) => keep(child, page)).join("");
      return inner || node.prelude.startsWith("@layer") ? `${node.prelude}{${inner}}` : "";
    }
    case "statement":
      return node.text;
    case "raw":
      return unread(node.sets, page) ? "" : node.text;
  }
}

/** Adds to `into` the custom properties the nodes that apply to the page read. */
function collectReads(nodes: Node[], page: Page, into: Set<string>) {
  for (const node of nodes) {
    if (node.kind === "block") collectReads(node.children, page, into);
    else if (node.kind === "raw" || (node.kind === "rule" && applies(node, page)))
      for (const name of node.reads) into.add(name);
  }
}

function raw(text: string): Node {
  return { kind: "raw", text, sets: /^@property\s+(--[\w-]+)/.exec(text)?.[1], reads: variablesRead(text) };
}

/** A rule's declarations, split at the semicolons that end them. */
function declarations(body: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let end = nextDelimiter(body, start); end !== -1; end = nextDelimiter(body, start)) {
    out.push(body.slice(start, end));
    start = end + 1;
  }
  if (body.slice(start).trim()) out.push(body.slice(start));
  return out;
}

/** The custom properties a stylesheet (or markup's style attributes) reads with var(). */
const variablesRead = (text: string) => Array.from(text.matchAll(/var\(\s*(--[\w-]+)/g), (m) => m[1]);

/**
 * The rules of `css` that can apply to markup using `used` classes (and `always`, for
 * classes scripts add before the whole stylesheet arrives). Given the page's `html`, rules
 * for elements it does not have and custom properties nothing reads go too.
 */
export function criticalCss(css: string, used: Set<string>, always: readonly string[] = [], html = ""): string {
  const page: Page = { classes: new Set([...used, ...always]), tags: html ? tagsIn(html) : null };
  const nodes = parsed(css);
  if (html) {
    // Custom properties that none of the kept rules (nor the markup) reads go too.
    page.variables = new Set(variablesRead(html));
    collectReads(nodes, page, page.variables);
  }
  const kept = nodes.map((node) => keep(node, page)).join("");
  return html ? withoutUnusedKeyframes(kept, html) : kept;
}

/**
 * The CSS without the @keyframes that nothing else in it (nor the markup) names: an
 * animation whose rule the page does not use (a toast's entrance, a spinner) is no use to it.
 */
function withoutUnusedKeyframes(css: string, html: string): string {
  const blocks: Keyframes[] = [];
  for (const match of css.matchAll(/@(?:-webkit-)?keyframes\s+([\w-]+)\s*\{/g)) {
    blocks.push({ start: match.index, end: closing(css, match.index + match[0].length - 1) + 1, name: match[1] });
  }
  if (blocks.length === 0) return css;
  const styleAttributes = Array.from(html.matchAll(/\sstyle="([^"]*)"/g), (m) => m[1]).join(";");
  // The keyframes' names the rest of the CSS and the markup's styles use, as whole words.
  const anyName = new RegExp(`(?<![\\w-])(?:${[...new Set(blocks.map((b) => b.name))].join("|")})(?![\\w-])`, "g");
  const named = new Set((without(css, blocks, () => true) + ";" + styleAttributes).match(anyName));
  return without(css, blocks, (block) => !named.has(block.name));
}

type Keyframes = { start: number; end: number; name: string };

/** `css` without the blocks (in order) that `drop` picks. */
function without(css: string, blocks: Keyframes[], drop: (block: Keyframes) => boolean): string {
  let out = "";
  let from = 0;
  for (const block of blocks) {
    out += css.slice(from, block.start) + (drop(block) ? "" : css.slice(block.start, block.end));
    from = block.end;
  }
  return out + css.slice(from);
}

// Every page sifts the same stylesheet: it is parsed once.
let last: { css: string; nodes: Node[] } | null = null;
function parsed(css: string): Node[] {
  if (last?.css !== css) last = { css, nodes: parse(css) };
  return last.nodes;
}

/** The attribute of the stylesheet link that ends a long page's first screen (components/first-screen-end.tsx). */
export const FIRST_SCREEN_END = "data-first-screen-end";
const FIRST_SCREEN_LINK = new RegExp(`<link [^>]*${FIRST_SCREEN_END}`);

/**
 * The page with its first <style> (the inlined stylesheet) cut down to what the page's
 * markup uses, or, when the page marks the end of its first screen with a stylesheet
 * link, to what the markup before that link uses: the linked stylesheet styles the rest.
 * Pages without a <style> come back as they were.
 */
export function withCriticalCss(html: string, always: readonly string[] = []): string {
  const match = /<style>([\s\S]*?)<\/style>/.exec(html);
  if (!match) return html;
  const rest = html.slice(match.index + match[0].length);
  const end = rest.search(FIRST_SCREEN_LINK);
  const markup = html.slice(0, match.index) + (end === -1 ? rest : rest.slice(0, end));
  const critical = criticalCss(match[1], classesIn(markup), always, markup);
  return html.slice(0, match.index) + `<style>${critical}</style>` + rest;
}
