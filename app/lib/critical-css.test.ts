import { describe, expect, it } from "vitest";
import { classesIn, classesOf, criticalCss, tagsOf, withCriticalCss } from "./critical-css";

const css = [
  "@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))){*,:before{--tw-x:0}}}",
  "@layer theme,base,utilities;",
  "@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}}",
  "@layer utilities{.flex{display:flex}.hidden{display:none}.p-4{padding:1rem}",
  ".hover\\:bg-brand:hover{background:var(--color-brand)}.w-1\\/2{width:50%}",
  ".\\32xl\\:inline-flex{display:inline-flex}",
  "@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:p-8{padding:2rem}}",
  '.before\\:content-\\[\\"x\\"\\]:before{content:"}{"}',
  ".group:hover .group-hover\\:rotate-180{rotate:180deg}",
  "}",
  ".js [data-reveal]:not(.in-view){opacity:0}",
  ".admin-table td,.admin-table th{padding:0}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  '@property --tw-x{syntax:"*";inherits:false;initial-value:0}',
].join("");

describe("criticalCss", () => {
  const used = new Set([
    "flex",
    "hover:bg-brand",
    "2xl:inline-flex",
    "sm:grid",
    'before:content-["x"]',
    "group",
    "group-hover:rotate-180",
    "w-1/2",
  ]);
  const out = criticalCss(css, used, ["js"]);

  it("keeps the rules for classes the page uses, in order, inside their media queries and layers", () => {
    expect(out).toContain(".flex{display:flex}");
    expect(out).toContain(".hover\\:bg-brand:hover{");
    expect(out).toContain(".w-1\\/2{width:50%}");
    expect(out).toContain(".\\32xl\\:inline-flex{");
    expect(out).toContain("@media (min-width:40rem){.sm\\:grid{display:grid}}");
    expect(out).toContain('.before\\:content-\\[\\"x\\"\\]:before{content:"}{"}');
    expect(out).toContain(".group:hover .group-hover\\:rotate-180{");
    expect(out.indexOf(".flex")).toBeLessThan(out.indexOf(".w-1"));
  });

  it("drops rules for classes the page does not use, and media queries left empty", () => {
    expect(out).not.toContain(".hidden");
    expect(out).not.toContain(".p-4");
    expect(out).not.toContain("sm\\:p-8");
    expect(out).not.toContain("admin-table");
  });

  it("keeps resets, variables, layer order, keyframes and @property, and rules for the classes scripts add", () => {
    expect(out).toContain("@layer theme,base,utilities;");
    expect(out).toContain("*,:after{box-sizing:border-box}html{line-height:1.5}");
    expect(out).toContain("@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))){*,:before{--tw-x:0}}");
    expect(out).toContain("@keyframes spin{to{transform:rotate(360deg)}}");
    expect(out).toContain('@property --tw-x{syntax:"*";inherits:false;initial-value:0}');
    expect(out).toContain(".js [data-reveal]:not(.in-view){opacity:0}");
  });

  it("reads class names back from escaped selectors", () => {
    expect(classesOf(".\\32xl\\:inline-flex")).toEqual(["2xl:inline-flex"]);
    expect(classesOf(".group:hover .group-hover\\:rotate-180")).toEqual(["group", "group-hover:rotate-180"]);
    expect(classesOf(".js [data-reveal]:not(.in-view)")).toEqual(["js"]);
    expect(classesOf("*,:after")).toEqual([]);
  });

  it("reads the classes a page uses from its markup", () => {
    expect([
      ...classesIn('<p class="a  b"></p><span class="before:content-[&quot;x&quot;] c"></span><i data-class="z"></i>'),
    ]).toEqual(["a", "b", 'before:content-["x"]', "c"]);
  });
});

describe("criticalCss with the page's markup", () => {
  const sheet = [
    "@layer theme{:root{--color-brand:#b45309;--color-red-600:red;--font-sans:Inter;--default-font:var(--font-sans)}}",
    "@layer base{html{font-family:var(--default-font)}sub,sup{font-size:75%}table{border-collapse:collapse}",
    ":where(select:is([multiple])) optgroup{font-weight:bolder}::placeholder{opacity:1}:-moz-focusring:where(:not(iframe)){outline:auto}",
    "[type=button]{appearance:button}a{color:inherit}}",
    "@layer utilities{.text-brand{color:var(--color-brand)}.odd\\:bg-sand:nth-child(odd){opacity:.5;--tw-x:1}}",
    '@property --tw-y{syntax:"*";inherits:false}@property --tw-x{syntax:"*";inherits:false}',
  ].join("");
  const html = '<html><body><a class="text-brand odd:bg-sand" style="width:var(--tw-y)">x</a><p>y</p></body></html>';
  const out = criticalCss(sheet, classesIn(html), [], html);

  it("drops rules for elements the page does not have", () => {
    expect(out).not.toContain("sub,sup");
    expect(out).not.toContain("table{");
    expect(out).not.toContain("optgroup");
    expect(out).toContain("a{color:inherit}");
    expect(out).toContain("html{font-family:var(--default-font)}");
  });

  it("does not mistake attribute values, :not() and :nth-child() arguments for elements", () => {
    expect(out).toContain(":-moz-focusring:where(:not(iframe)){outline:auto}");
    expect(out).toContain("[type=button]{appearance:button}");
    expect(out).toContain(".odd\\:bg-sand:nth-child(odd){opacity:.5}");
  });

  it("drops custom properties nothing reads, with their @property", () => {
    expect(out).toContain("--color-brand:#b45309");
    expect(out).toContain("--default-font:var(--font-sans)");
    expect(out).toContain("--font-sans:Inter");
    expect(out).not.toContain("--color-red-600");
    expect(out).not.toContain("@property --tw-x");
    expect(out).not.toContain("--tw-x:1");
    // Read by the markup's own style attribute.
    expect(out).toContain("@property --tw-y");
  });

  it("reads element names from selectors", () => {
    expect(tagsOf(":where(select:is([multiple],[size])) optgroup option")).toEqual(["select", "optgroup", "option"]);
    expect(tagsOf(".group:hover .group-hover\\:rotate-180")).toEqual([]);
    expect(tagsOf("img,svg")).toEqual(["img", "svg"]);
    // Parts of form controls need one of them on the page.
    expect(tagsOf("::placeholder")).toEqual(["input|textarea|select"]);
    expect(tagsOf("::-webkit-date-and-time-value")).toEqual(["input|textarea|select"]);
  });
});

describe("criticalCss and animations", () => {
  const sheet = [
    "@layer theme{:root{--animate-spin:spin 1s linear infinite}}",
    "@layer utilities{.animate-spin{animation:var(--animate-spin)}.toast{animation-name:bounceIn}}",
    "@keyframes spin{to{transform:rotate(360deg)}}@keyframes bounceIn{0%{opacity:0}}@-webkit-keyframes fade{0%{opacity:0}}",
  ].join("");

  it("keeps only the @keyframes that a kept rule, a kept variable or the markup names", () => {
    const spinner = '<p class="animate-spin">…</p>';
    const out = criticalCss(sheet, classesIn(spinner), [], spinner);
    expect(out).toContain("@keyframes spin{to{transform:rotate(360deg)}}");
    expect(out).not.toContain("bounceIn");
    expect(out).not.toContain("fade");
    const styled = '<p style="animation:fade 1s">…</p>';
    expect(criticalCss(sheet, classesIn(styled), [], styled)).toContain("@-webkit-keyframes fade{0%{opacity:0}}");
    expect(criticalCss(sheet, classesIn(styled), [], styled)).not.toContain("@keyframes spin");
  });
});

describe("criticalCss and form controls", () => {
  const reset = "::placeholder{opacity:1}::-webkit-inner-spin-button{height:auto}";
  it("keeps the reset of form controls' parts only for a page with a form control", () => {
    expect(criticalCss(reset, new Set(), [], "<main><p>No form</p></main>")).toBe("");
    expect(criticalCss(reset, new Set(), [], "<form><textarea></textarea></form>")).toBe(reset);
  });
});

describe("withCriticalCss", () => {
  const page = (body: string) => `<html><head><style>${css}</style></head><body>${body}</body></html>`;
  const inlined = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

  it("inlines the rules of the whole page's classes", () => {
    const out = inlined(withCriticalCss(page('<div class="flex"></div><p class="p-4"></p>')));
    expect(out).toContain(".flex{display:flex}");
    expect(out).toContain(".p-4{padding:1rem}");
  });

  it("inlines only the first screen's rules when a long page marks where it ends, and keeps the rest of the markup", () => {
    const html = withCriticalCss(
      page(
        '<div class="flex"></div><link rel="stylesheet" href="/assets/public.css" data-first-screen-end=""/><p class="p-4"></p>',
      ),
    );
    expect(inlined(html)).toContain(".flex{display:flex}");
    expect(inlined(html)).not.toContain(".p-4");
    expect(html).toContain('data-first-screen-end=""/><p class="p-4"></p></body>');
  });
});
