import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { picture } from "./test-images";
import { createLead, getLead } from "~/models/lead.server";
import { listImages } from "~/models/image.server";
import { listRoofCustomers } from "~/models/roof-customer.server";
import { getSetting } from "~/models/settings.server";
import { createTestimonial, listTestimonials } from "~/models/testimonial.server";
import { listProjectCards } from "~/services/project-cards.server";
import { action as contactAction } from "~/routes/admin/contact";
import { action as imagesAction } from "~/routes/admin/image-library";
import { action as leadAction } from "~/routes/admin/lead";
import { action as listAction } from "~/routes/admin/lead-list";
import { action as newLeadAction } from "~/routes/admin/new-lead";
import { action as pricingAction } from "~/routes/admin/pricing";
import { action as projectsAction } from "~/routes/admin/project-list";
import { action as roofAction } from "~/routes/admin/roof-measurement";
import { action as testimonialsAction } from "~/routes/admin/testimonial-list";

// Decision 0033: the owner deletes a project, a testimonial or a roof customer in one
// tab and saves it in another. That answered 500 ("Project 999999 no longer exists"); it
// now goes back to the list with a message, as deleting it again does. And a form naming
// an intent its page does not have is a 400, never a fall-through to the page's save.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const request = (
  path: string,
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array; name: string },
) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file) body.set(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  return new Request(`http://site.test${path}`, { method: "POST", body, headers: { Cookie: cookie } });
};

/** The action's answer, thrown or returned, as a status (and a Response when it is one). */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; response?: Response }> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, response: result };
  return { status: (result as { init?: { status?: number } }).init?.status ?? 200 };
}

/** The flash a redirect carries: the cookie's payload is base64 JSON, signed. */
function flashOf(response: Response | undefined) {
  const payload = /__flash=([^.;]+)/.exec(decodeURIComponent(response?.headers.get("Set-Cookie") ?? ""))?.[1] ?? "";
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { type: string; message: string };
}

const expectBackToListSaying = (result: { status: number; response?: Response }, to: string, message: RegExp) => {
  expect(result.status).toBe(302);
  expect(result.response!.headers.get("Location")).toBe(to);
  expect(flashOf(result.response)).toMatchObject({ type: "error", message: expect.stringMatching(message) });
};

describe("saving something deleted meanwhile", () => {
  it("a project: back to the list with a message, no 500, and nothing made", async () => {
    const project = {
      intent: "save-project",
      title: "Porch roof",
      category: "roofing",
      description: "New porch roof in Derby",
    };
    const png = await picture("png", 640);
    expect(
      (
        await answer(() =>
          projectsAction(routeArgs(request("/admin/projects", project, { field: "image", bytes: png, name: "p.png" }))),
        )
      ).status,
    ).toBe(302);
    const id = listProjectCards().find((p) => p.title === "Porch roof")!.id;
    expect(
      (
        await answer(() =>
          projectsAction(routeArgs(request("/admin/projects", { intent: "delete-project", id: String(id) }))),
        )
      ).status,
    ).toBe(302);
    const images = listImages().length;
    const saved = await answer(() =>
      projectsAction(
        routeArgs(
          request(
            "/admin/projects",
            { ...project, id: String(id), title: "Porch roof, edited" },
            { field: "image", bytes: png, name: "q.png" },
          ),
        ),
      ),
    );
    expectBackToListSaying(saved, "/admin/projects", /Failed to save project: it was deleted/);
    expect(listProjectCards().some((p) => p.title.startsWith("Porch roof"))).toBe(false);
    expect(listImages()).toHaveLength(images);
  });

  it("a testimonial: back to the list with a message, no 500, and nothing made", async () => {
    const t = createTestimonial({ name: "Lou", quote: "Great crew", rating: 5 });
    expect(
      (
        await answer(() =>
          testimonialsAction(routeArgs(request("/admin/testimonials", { intent: "delete", id: String(t.id) }))),
        )
      ).status,
    ).toBe(302);
    const saved = await answer(() =>
      testimonialsAction(
        routeArgs(
          request("/admin/testimonials", { id: String(t.id), name: "Lou B.", quote: "Great crew!", rating: "4" }),
        ),
      ),
    );
    expectBackToListSaying(saved, "/admin/testimonials", /Failed to save testimonial: it was deleted/);
    expect(listTestimonials().some((x) => x.name.startsWith("Lou"))).toBe(false);
  });

  it("a roof customer: back to the tool with a message, no 500, and nothing made", async () => {
    const fields = {
      intent: "save",
      customerName: "Nguyen",
      street: "615 S Kansas Ave",
      city: "Wellington",
      length: "40",
      width: "30",
      pitch: "6",
    };
    const made = await answer(() => roofAction(routeArgs(request("/admin/roof-measurement", fields))));
    const id = new URL(made.response!.headers.get("Location")!, "http://x").searchParams.get("customer")!;
    expect(
      (await answer(() => roofAction(routeArgs(request("/admin/roof-measurement", { intent: "delete-customer", id })))))
        .status,
    ).toBe(302);
    const saved = await answer(() => roofAction(routeArgs(request("/admin/roof-measurement", { ...fields, id }))));
    expectBackToListSaying(saved, "/admin/roof-measurement", /Failed to save customer data: the customer was deleted/);
    expect(listRoofCustomers({ limit: 1000 }).customers.some((c) => c.customerName === "Nguyen")).toBe(false);
  });

  it("a library picture's alt text: a message that it is gone, not 'Alt text saved'", async () => {
    const saved = await answer(() =>
      imagesAction(routeArgs(request("/admin/images", { intent: "save-alt", id: "999999", alt: "Ridge" }))),
    );
    expectBackToListSaying(saved, "/admin/images", /the image was deleted/);
  });

  it("a lead that is none: archive, read, unread and resend answer 404 as its page does, not a success", async () => {
    for (const intent of ["archive", "unarchive", "read", "unread", "resend"]) {
      const result = await answer(() => listAction(routeArgs(request("/admin/leads", { intent, id: "999999" }))));
      expect(result.status, intent).toBe(404);
    }
    // A lead that is there still gets its flash.
    const lead = createLead(
      {
        name: "Rosa Diaz",
        email: "rosa@example.com",
        phone: "316-555-0140",
        message: "Gutters",
        service: "Gutter Services",
      },
      [],
    );
    const archived = await answer(() =>
      listAction(routeArgs(request("/admin/leads", { intent: "archive", id: String(lead.id) }))),
    );
    expect(archived.status).toBe(302);
    expect(flashOf(archived.response)).toMatchObject({ type: "success", message: "Lead archived" });
    expect(getLead(lead.id)?.archivedAt).toBeTruthy();
  });
});

describe("an intent the page does not have", () => {
  it("is a 400 on every admin page with forms, and saves nothing", async () => {
    const lead = createLead(
      {
        name: "Karen Miller",
        email: "karen@example.com",
        phone: "316-555-0188",
        message: "Hail",
        service: "Storm / hail damage",
      },
      [],
    );
    const before = {
      testimonials: listTestimonials().length,
      contact: getSetting("contact"),
      pricing: getSetting("pricing"),
      business: getSetting("business"),
    };
    // Each is a form that would save, but for its made-up intent.
    const posts: [string, () => Promise<unknown>][] = [
      [
        "projects",
        () =>
          projectsAction(
            routeArgs(
              request("/admin/projects", { intent: "made-up", title: "X", category: "roofing", description: "Y" }),
            ),
          ),
      ],
      [
        "testimonials",
        () =>
          testimonialsAction(
            routeArgs(request("/admin/testimonials", { intent: "made-up", name: "Made Up", quote: "x", rating: "5" })),
          ),
      ],
      ["images", () => imagesAction(routeArgs(request("/admin/images", { intent: "made-up" })))],
      [
        "contact settings",
        () =>
          contactAction(
            routeArgs(
              request("/admin/contact", {
                intent: "made-up",
                notificationEmail: "x@example.com",
                autoresponderSubject: "Hi",
                autoresponderMessage: "Hello",
              }),
            ),
          ),
      ],
      [
        "roof tool",
        () =>
          roofAction(
            routeArgs(
              request("/admin/roof-measurement", {
                intent: "made-up",
                customerName: "Made Up",
                street: "1 Elm",
                city: "Derby",
              }),
            ),
          ),
      ],
      ["pricing", () => pricingAction(routeArgs(request("/admin/pricing", { intent: "made-up" })))],
      [
        "new lead",
        () =>
          newLeadAction(
            routeArgs(
              request("/admin/leads/new", {
                intent: "made-up",
                name: "Made Up",
                phone: "316-555-0100",
                message: "Roof",
              }),
            ),
          ),
      ],
      [
        "the lead list",
        () => listAction(routeArgs(request("/admin/leads", { intent: "made-up", id: String(lead.id) }))),
      ],
      [
        "the lead page",
        () =>
          leadAction(
            routeArgs(request(`/admin/leads/${lead.id}`, { intent: "made-up", status: "contacted", note: "Made up" }), {
              id: String(lead.id),
            }),
          ),
      ],
    ];
    for (const [name, run] of posts) expect((await answer(run)).status, name).toBe(400);
    expect(listTestimonials()).toHaveLength(before.testimonials);
    expect(listRoofCustomers({ limit: 1000 }).customers.some((c) => c.customerName === "Made Up")).toBe(false);
    expect(getLead(lead.id)?.status).toBe("new");
    expect({
      contact: getSetting("contact"),
      pricing: getSetting("pricing"),
      business: getSetting("business"),
    }).toEqual({
      contact: before.contact,
      pricing: before.pricing,
      business: before.business,
    });
  });
});
