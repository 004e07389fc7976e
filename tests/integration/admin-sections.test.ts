import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { contactPageFields } from "./contact-page-fields";
import { getSetting } from "~/models/settings.server";
import { upsertUser } from "~/models/user.server";
import { action as contactAction, loader as contactLoader } from "~/routes/admin/contact";
import { loader as imagesLoader } from "~/routes/admin/image-library";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as projectsLoader } from "~/routes/admin/project-list";

// The admin's sections are routes of their own: the URL says where the owner is. Projects
// moved from /admin (now the dashboard) to /admin/projects; the old links still land.

let cookie = "";
beforeAll(async () => {
  await startApp();
  const { user } = await upsertUser("sections@example.com", "sections-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

const args = (url: string, params: Record<string, string> = {}, init: RequestInit = {}) =>
  ({
    request: new Request(`http://site.test${url}`, { ...init, headers: { Cookie: cookie, ...init.headers } }),
    params,
    context: requestContext("127.0.0.1"),
  }) as never;
const thrown = (run: () => unknown) =>
  Promise.resolve()
    .then(run)
    .then(
      () => undefined,
      (e: unknown) => e,
    );

describe("admin sections", () => {
  it.each([
    ["/admin?tab=images", "/admin/images"],
    ["/admin?tab=contact", "/admin/contact"],
    ["/admin?tab=roofing&edit=new", "/admin/projects/roofing?edit=new"],
    ["/admin?tab=all", "/admin/projects"],
    ["/admin?tab=nonsense", "/admin/projects"],
    ["/admin?edit=7", "/admin/projects?edit=7"],
    ["/admin?edit=new", "/admin/projects?edit=new"],
    ["/admin?delete=7", "/admin/projects?delete=7"],
  ])("an old link %s goes to %s", async (from, to) => {
    const res = (await thrown(() => dashboardLoader(args(from)))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(to);
  });

  it("lists every project at /admin/projects, and never redirects its own editor links", async () => {
    const all = (await projectsLoader(args("/admin/projects?edit=new"))) as {
      category: string;
      projects: unknown[];
      editing: unknown;
    };
    expect(all.category).toBe("all");
    expect(all.projects.length).toBeGreaterThan(0);
    expect(all.editing).toBe("new");
  });

  it("lists one category at /admin/projects/:category, and an unknown one is not found", async () => {
    const roofing = (await projectsLoader(args("/admin/projects/roofing", { category: "roofing" }))) as {
      category: string;
      projects: { category: string }[];
    };
    expect(roofing.category).toBe("roofing");
    expect(roofing.projects.length).toBeGreaterThan(0);
    expect(roofing.projects.every((p) => p.category === "roofing")).toBe(true);
    const missing = (await thrown(() =>
      projectsLoader(args("/admin/projects/siding", { category: "siding" })),
    )) as Response;
    expect(missing.status).toBe(404);
  });

  it("the image library and the contact settings have their own loaders", async () => {
    const library = (await imagesLoader(args("/admin/images"))) as { total: number; images: { url: string }[] };
    expect(library.total).toBeGreaterThan(0);
    expect(library.images[0].url).toMatch(/^\/uploads\//);
    const contact = (await contactLoader(args("/admin/contact"))) as { contactSettings: { notificationEmail: string } };
    expect(contact.contactSettings.notificationEmail).toContain("@");
  });

  it("the contact settings save from their own route, and come back to it", async () => {
    const body = new URLSearchParams(
      contactPageFields({
        autoresponderEnabled: "on",
        autoresponderSubject: "Thanks from the roofers",
        autoresponderMessage: "We will call you back today.",
        notificationEmail: "owner@example.com",
      }),
    );
    const res = (await contactAction(
      args(
        "/admin/contact",
        {},
        { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/contact");
    expect(getSetting("contact")).toMatchObject({
      autoresponderSubject: "Thanks from the roofers",
      notificationEmail: "owner@example.com",
    });
  });
});
