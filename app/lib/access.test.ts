import { describe, expect, it } from "vitest";
import {
  ACCESS,
  adminAccess,
  forbiddenText,
  isForbidden,
  isIntentOf,
  mayOpen,
  NO_INTENT,
  rolesFor,
  seesMoney,
} from "./access";
import { LEAD_LIST_INTENTS } from "./lead-paging";
import { ROOF_CUSTOMER_INTENTS } from "./roof-customer-form";
import { ADMIN_SECTIONS } from "./admin-sections";

describe("the role matrix (decision 0048)", () => {
  it("gives the owner everything", () => {
    for (const access of Object.values(ACCESS)) {
      if (access.kind !== "admin") continue;
      expect(access.get).toContain("owner");
      for (const roles of Object.values(access.post ?? {})) expect(roles).toContain("owner");
    }
  });

  it("keeps Team, Pricing, settings and the public site's words and pictures the owner's", () => {
    for (const id of [
      "routes/admin/team",
      "routes/admin/pricing",
      "routes/admin/contact",
      "routes/admin/site-pictures",
      "routes/admin/site-words",
      "routes/admin/go-live",
    ] as const) {
      expect(adminAccess(id).get, id).toEqual(["owner"]);
    }
    const roof = adminAccess("routes/admin/roof-measurement");
    expect(rolesFor(roof, "POST", "save-maps-key")).toEqual(["owner"]);
    expect(rolesFor(roof, "POST", "save")).toEqual(["owner", "office", "crew"]);
  });

  it("treats an intent named after Object.prototype as an unknown one: the page's own roles", () => {
    const leads = adminAccess("routes/admin/lead-list");
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(rolesFor(leads, "POST", name), name).toEqual(leads.get);
    }
  });

  it("lets the office write drafts and the owner publish them", () => {
    const projects = adminAccess("admin-projects");
    expect(rolesFor(projects, "POST", "save-project")).toEqual(["owner", "office"]);
    expect(rolesFor(projects, "POST", "publish")).toEqual(["owner"]);
    expect(rolesFor(adminAccess("routes/admin/testimonial-list"), "POST", "approve")).toEqual(["owner"]);
    expect(rolesFor(adminAccess("routes/admin/testimonial-list"), "POST", NO_INTENT)).toEqual(["owner", "office"]);
  });

  it("keeps money from the crew: estimates, proposals, the CSV export and the proposal PDF", () => {
    const lead = adminAccess("routes/admin/lead");
    for (const intent of ["make-estimate", "save-estimate", "send-proposal", "email-proposal"])
      expect(rolesFor(lead, "POST", intent)).not.toContain("crew");
    expect(rolesFor(lead, "GET")).toContain("crew");
    expect(adminAccess("routes/resources/leads-csv").get).not.toContain("crew");
    expect(adminAccess("routes/resources/admin-proposal-pdf").get).not.toContain("crew");
    expect(seesMoney("crew")).toBe(false);
    expect(seesMoney("office")).toBe(true);
  });

  it("answers a post's roles: its intent's, any intent's, or the page's for one it does not list", () => {
    const list = adminAccess("routes/admin/lead-list");
    expect(rolesFor(list, "POST", "archive")).toEqual(["owner", "office"]);
    expect(rolesFor(list, "POST")).toEqual(["owner", "office", "crew"]);
    expect(rolesFor(list, "POST", "no-such-intent")).toEqual(list.get);
    expect(rolesFor(adminAccess("routes/admin/pricing"), "POST")).toEqual(["owner"]);
    expect(rolesFor(adminAccess("routes/admin/pipeline"), "POST")).toEqual([]);
  });

  it("hides from the header what a role cannot open", () => {
    const crew = ADMIN_SECTIONS.filter((s) => mayOpen("crew", s.to)).map((s) => s.label);
    expect(crew).toEqual(["Today", "My day", "Leads", "Schedule", "Roof Tool"]);
    const office = ADMIN_SECTIONS.filter((s) => mayOpen("office", s.to)).map((s) => s.label);
    expect(office).toEqual([
      "Today",
      "My day",
      "Leads",
      "Schedule",
      "Reports",
      "Projects",
      "Images",
      "Testimonials",
      "Roof Tool",
    ]);
    expect(ADMIN_SECTIONS.every((s) => mayOpen("owner", s.to))).toBe(true);
  });
});

describe("a posted intent against a route's own intents", () => {
  it("knows the intents object's values, and nothing else, not even its keys or Object's own names", () => {
    expect(isIntentOf(LEAD_LIST_INTENTS, "unarchive")).toBe(true);
    expect(isIntentOf(ROOF_CUSTOMER_INTENTS, "delete-customer")).toBe(true);
    for (const posted of ["delete", "Read", "", null, undefined, ["read"], "__proto__", "constructor", "toString"])
      expect(isIntentOf(ROOF_CUSTOMER_INTENTS, posted)).toBe(false);
  });

  it("is the key of the route's post table: the roof tool's own intents are the ones it lists", () => {
    const posts = adminAccess("routes/admin/roof-measurement").post ?? {};
    for (const intent of Object.values(ROOF_CUSTOMER_INTENTS)) expect(Object.hasOwn(posts, intent)).toBe(true);
  });
});

describe("the forbidden page's words", () => {
  it("names who the page is for, plainly", () => {
    expect(forbiddenText(["owner"]).title).toBe("This is for the owner");
    expect(forbiddenText(["owner", "office"]).title).toBe("This is for the owner or the office");
    expect(forbiddenText(["owner"]).message).toMatch(/Ask the owner/);
  });

  it("knows a refusal's data, and nothing else", () => {
    expect(isForbidden({ forbidden: true, roles: ["owner"] })).toBe(true);
    expect(isForbidden({ forbidden: true, roles: ["admin"] })).toBe(false);
    expect(isForbidden("Forbidden")).toBe(false);
    expect(isForbidden(null)).toBe(false);
  });
});
