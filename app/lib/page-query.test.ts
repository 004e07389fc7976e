import { describe, expect, it } from "vitest";
import { pageQuery, withPageParam } from "./page-query";

describe("the page an admin list is on", () => {
  it("keeps after/before ids and drops the rest", () => {
    expect(pageQuery("?after=42&edit=7")).toBe("?after=42");
    expect(pageQuery("?before=9")).toBe("?before=9");
    expect(pageQuery("?edit=new")).toBe("");
    expect(pageQuery("")).toBe("");
  });
  it("drops a page that is not an id", () => {
    expect(pageQuery("?after=../../x")).toBe("");
    expect(pageQuery("?after=1e9")).toBe("");
  });
  it("opens an editor on the same page", () => {
    expect(withPageParam("/admin/projects", "?after=42&delete=3", "edit", 7)).toBe("/admin/projects?after=42&edit=7");
    expect(withPageParam("/admin/projects", "", "edit", "new")).toBe("/admin/projects?edit=new");
  });
});
