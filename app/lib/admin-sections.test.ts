import { describe, expect, it } from "vitest";
import { inSection, isAdminPath, redirectForOldTab } from "./admin-sections";

describe("redirectForOldTab", () => {
  const at = (path: string) => redirectForOldTab(new URL(path, "http://site.test"));

  it("sends each old tab to its own route, keeping the rest of the query", () => {
    expect(at("/admin?tab=images")).toBe("/admin/images");
    expect(at("/admin?tab=images&page=2")).toBe("/admin/images?page=2");
    expect(at("/admin?tab=contact")).toBe("/admin/contact");
    expect(at("/admin?tab=framing&edit=new")).toBe("/admin/projects/framing?edit=new");
    expect(at("/admin?tab=all")).toBe("/admin");
    expect(at("/admin?tab=nonsense")).toBe("/admin");
    expect(at("/admin?tab=constructor")).toBe("/admin");
  });

  it("leaves URLs without a tab alone", () => {
    expect(at("/admin")).toBeNull();
    expect(at("/admin?edit=3")).toBeNull();
  });
});

describe("isAdminPath", () => {
  it("knows the admin's pages, data and files, and nothing else", () => {
    for (const path of ["/admin", "/admin/", "/admin/images", "/admin.data", "/admin/roof-measurement/1/report.pdf"]) expect(isAdminPath(path)).toBe(true);
    for (const path of ["/", "/administrator", "/about", "/portfolio.data"]) expect(isAdminPath(path)).toBe(false);
  });
});

describe("inSection", () => {
  it("marks Projects for its category tabs only, and each other section for its own pages", () => {
    expect(inSection("/admin", "/admin")).toBe(true);
    expect(inSection("/admin", "/admin/projects/roofing")).toBe(true);
    expect(inSection("/admin", "/admin/images")).toBe(false);
    expect(inSection("/admin/images", "/admin/images")).toBe(true);
    expect(inSection("/admin/leads", "/admin/leads/12")).toBe(true);
    expect(inSection("/admin/leads", "/admin/leadsx")).toBe(false);
  });
});
