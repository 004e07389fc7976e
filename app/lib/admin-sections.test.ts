import { describe, expect, it } from "vitest";
import { inSection, isAdminPath, redirectForOldTab } from "./admin-sections";

describe("redirectForOldTab", () => {
  const at = (path: string) => redirectForOldTab(new URL(path, "http://site.test"));

  it("sends each old tab to its own route, keeping the rest of the query", () => {
    expect(at("/admin?tab=images")).toBe("/admin/images");
    expect(at("/admin?tab=images&page=2")).toBe("/admin/images?page=2");
    expect(at("/admin?tab=contact")).toBe("/admin/contact");
    expect(at("/admin?tab=framing&edit=new")).toBe("/admin/projects/framing?edit=new");
    expect(at("/admin?tab=all")).toBe("/admin/projects");
    expect(at("/admin?tab=nonsense")).toBe("/admin/projects");
    expect(at("/admin?tab=constructor")).toBe("/admin/projects");
  });

  it("sends the old Projects editor links (no tab) to the Projects screen", () => {
    expect(at("/admin?edit=3")).toBe("/admin/projects?edit=3");
    expect(at("/admin?edit=new")).toBe("/admin/projects?edit=new");
    expect(at("/admin?delete=4")).toBe("/admin/projects?delete=4");
  });

  it("leaves the dashboard itself alone", () => {
    expect(at("/admin")).toBeNull();
    expect(at("/admin?other=1")).toBeNull();
  });
});

describe("isAdminPath", () => {
  it("knows the admin's pages, data and files, and nothing else", () => {
    for (const path of ["/admin", "/admin/", "/admin/images", "/admin.data", "/admin/roof-measurement/1/report.pdf"])
      expect(isAdminPath(path)).toBe(true);
    for (const path of ["/", "/administrator", "/about", "/portfolio.data"]) expect(isAdminPath(path)).toBe(false);
  });
});

describe("inSection", () => {
  it("marks Today for the dashboard alone, Projects for its category tabs, each other section for its own pages", () => {
    expect(inSection("/admin", "/admin")).toBe(true);
    expect(inSection("/admin", "/admin/projects")).toBe(false);
    expect(inSection("/admin/projects", "/admin/projects")).toBe(true);
    expect(inSection("/admin/projects", "/admin/projects/roofing")).toBe(true);
    expect(inSection("/admin", "/admin/images")).toBe(false);
    expect(inSection("/admin/images", "/admin/images")).toBe(true);
    expect(inSection("/admin/leads", "/admin/leads/12")).toBe(true);
    expect(inSection("/admin/leads", "/admin/leadsx")).toBe(false);
  });
});
