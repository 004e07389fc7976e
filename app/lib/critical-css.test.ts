import { describe, expect, it } from "vitest";
import { classesIn, classesOf, criticalCss } from "./critical-css";

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
  const used = new Set(["flex", "hover:bg-brand", "2xl:inline-flex", "sm:grid", 'before:content-["x"]', "group", "group-hover:rotate-180", "w-1/2"]);
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
    expect([...classesIn('<p class="a  b"></p><span class="before:content-[&quot;x&quot;] c"></span><i data-class="z"></i>')]).toEqual([
      "a",
      "b",
      'before:content-["x"]',
      "c",
    ]);
  });
});
