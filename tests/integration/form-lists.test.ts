import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { createLead } from "~/models/lead.server";
import { getEstimate } from "~/models/estimate.server";
import { getSetting } from "~/models/settings.server";
import { action as contactAction } from "~/routes/admin/contact";
import { action as imagesAction } from "~/routes/admin/image-library";
import { action as leadAction } from "~/routes/admin/lead";
import { action as newLeadAction } from "~/routes/admin/new-lead";
import { action as pricingAction } from "~/routes/admin/pricing";
import { action as projectsAction } from "~/routes/admin/project-list";
import { action as roofAction } from "~/routes/admin/roof-measurement";
import { action as testimonialsAction } from "~/routes/admin/testimonial-list";
import { action as contactFormAction } from "~/routes/contact";

// Decision 0033: a post of a few bytes naming a far index of a form's list
// (`lines[9999].label`) was refused and then rendered back with a row for every index up
// to it: 24.5 MB of HTML and 98 s of one server. Every list is bounded before the form is
// parsed: an index past the form's limit is a short 400.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const request = (path: string, body: URLSearchParams | FormData) =>
  new Request(`http://site.test${path}`, { method: "POST", body, headers: { Cookie: cookie } });

/** The action's answer, thrown or returned: its status and the bytes it would send. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; bytes: number; text: string }> {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, bytes: Buffer.byteLength(text), text };
  }
  const { data, init } = result as { data: unknown; init?: { status?: number } };
  const text = JSON.stringify(data);
  return { status: init?.status ?? 200, bytes: Buffer.byteLength(text), text };
}

/** Few bytes naming one far row of a list. */
const farRow = (row: string, fields: string[], extra: Record<string, string>) =>
  new URLSearchParams({ ...Object.fromEntries(fields.map((f) => [`${row}.${f}`, "1"])), ...extra });

const expectRefusedSmall = (result: { status: number; bytes: number; text: string }) => {
  expect(result.status).toBe(400);
  // The refused form is not rendered back: a sentence, not a row per index.
  expect(result.bytes).toBeLessThan(500);
  expect(result.text).toMatch(/more rows than it can take/);
};

/** A lead measured in the roof tool, with its estimate made: its page shows the estimate's lines form. */
async function estimatedLead() {
  const lead = createLead(
    {
      name: "Dana Whitfield",
      email: "dana@example.com",
      phone: "620-555-0101",
      message: "Old roof",
      service: "Residential Roofing",
      street: "301 S C St",
      city: "Wellington",
      zip: "67152",
    },
    [],
  );
  const post = (fields: Record<string, string>) =>
    leadAction(routeArgs(request(`/admin/leads/${lead.id}`, new URLSearchParams(fields)), { id: String(lead.id) }));
  const opened = (await post({ intent: "measure" })) as Response;
  const customer = new URL(opened.headers.get("Location")!, "http://x").searchParams.get("customer")!;
  const roof = new URLSearchParams({
    intent: "save",
    id: customer,
    street: "301 S C St",
    city: "Wellington",
    length: "40",
    width: "30",
    pitch: "6",
  });
  expect(((await roofAction(routeArgs(request("/admin/roof-measurement", roof)))) as Response).status).toBe(302);
  expect(
    ((await post({ intent: "make-estimate", tier: "better", wastePercent: "10", tearOffLayers: "1" })) as Response)
      .status,
  ).toBe(302);
  expect(getEstimate(lead.id)).toBeDefined();
  return lead.id;
}

describe("a form's lists are bounded before it is parsed or rendered back", () => {
  it("refuses an estimate post naming lines[9999] with a short 400, and keeps the estimate", async () => {
    const leadId = await estimatedLead();
    const before = getEstimate(leadId);
    const body = farRow("lines[9999]", ["label", "quantity", "unitPrice"], { intent: "save-estimate" });
    expectRefusedSmall(
      await answer(() => leadAction(routeArgs(request(`/admin/leads/${leadId}`, body), { id: String(leadId) }))),
    );
    // lines[999] too (1.5 s and 2.5 MB before), and as many values under the list's own name.
    const many = new URLSearchParams({ intent: "save-estimate" });
    for (let i = 0; i < 200; i++) many.append("lines", "x");
    for (const form of [farRow("lines[999]", ["label"], { intent: "save-estimate" }), many]) {
      expectRefusedSmall(
        await answer(() => leadAction(routeArgs(request(`/admin/leads/${leadId}`, form), { id: String(leadId) }))),
      );
    }
    expect(getEstimate(leadId)).toEqual(before);
  });

  it("refuses a far row named with a dot (lines.9999, 10,000 rows rendered back before), and a named key under the list", async () => {
    const leadId = await estimatedLead();
    const before = getEstimate(leadId);
    const post = (body: URLSearchParams) =>
      answer(() => leadAction(routeArgs(request(`/admin/leads/${leadId}`, body), { id: String(leadId) })));
    // `lines[0]` first makes the list an array; `lines.9999` is then its row 9999.
    const dotted = farRow("lines.9999", ["label", "quantity", "unitPrice"], {
      intent: "save-estimate",
      "lines[0].label": "x",
    });
    expectRefusedSmall(await post(dotted));
    expectRefusedSmall(
      await post(farRow("lines.999999", ["label"], { intent: "save-estimate", "lines[0].label": "x" })),
    );
    // `lines.label` would make the list an object the estimate form cannot show as rows.
    expectRefusedSmall(await post(new URLSearchParams({ intent: "save-estimate", "lines.label": "x" })));
    expect(getEstimate(leadId)).toEqual(before);
  });

  it("still takes the estimate's own rows", async () => {
    const leadId = await estimatedLead();
    const lines = getEstimate(leadId)!.lines;
    const body = new URLSearchParams({ intent: "save-estimate" });
    lines.forEach((line, i) => {
      body.set(`lines[${i}].key`, line.key);
      body.set(`lines[${i}].label`, line.label);
      body.set(`lines[${i}].quantity`, String(line.quantity));
      body.set(`lines[${i}].unit`, line.unit);
      body.set(`lines[${i}].unitPrice`, (line.unitPriceCents / 100).toFixed(2));
    });
    const saved = (await leadAction(
      routeArgs(request(`/admin/leads/${leadId}`, body), { id: String(leadId) }),
    )) as Response;
    expect(saved.status).toBe(302);
  });

  it("refuses business hours naming hours[2999] (29 s and 9.5 MB before), by field or by conform's list button, and keeps the hours", async () => {
    const before = getSetting("business");
    const run = (body: URLSearchParams) => answer(() => contactAction(routeArgs(request("/admin/contact", body))));
    expectRefusedSmall(await run(farRow("hours[2999]", ["label", "opens", "closes"], { intent: "save-contact-page" })));
    expectRefusedSmall(await run(new URLSearchParams({ intent: "save-contact-page", "hours[0].days[5000]": "Mo" })));
    // A dot before the index is the same row to conform (3,000 rows rendered back before).
    expectRefusedSmall(
      await run(
        farRow("hours.2999", ["label", "opens", "closes"], { intent: "save-contact-page", "hours[0].label": "x" }),
      ),
    );
    expectRefusedSmall(
      await run(
        new URLSearchParams({ intent: "save-contact-page", "hours[0].label": "x", "hours[0].days.5000": "Mo" }),
      ),
    );
    const button = (value: unknown) =>
      new URLSearchParams({ intent: "save-contact-page", company: "X", __intent__: JSON.stringify(value) });
    expectRefusedSmall(await run(button({ type: "insert", payload: { name: "hours[2999].days" } })));
    expectRefusedSmall(
      await run(button({ type: "update", payload: { name: "hours", value: Array.from({ length: 500 }, () => ({})) } })),
    );
    expectRefusedSmall(await run(new URLSearchParams({ intent: "save-contact-page", __intent__: "{not json" })));
    expect(getSetting("business")).toEqual(before);
  });

  it("still takes the hours form's own buttons: add a row, remove one", async () => {
    const add = new URLSearchParams({
      intent: "save-contact-page",
      "hours[0].label": "Mon - Fri",
      "hours[0].days": "Mo",
      "hours[0].opens": "08:00",
      "hours[0].closes": "17:00",
    });
    add.set(
      "__intent__",
      JSON.stringify({
        type: "insert",
        payload: { name: "hours", defaultValue: { label: "", opens: "08:00", closes: "17:00" } },
      }),
    );
    // The form comes back (as it always did, with the status of a form not yet saved) with the new row.
    const hoursOf = (text: string) =>
      (JSON.parse(text) as { result: { initialValue: { hours: { label?: string }[] } } }).result.initialValue.hours;
    const added = await answer(() => contactAction(routeArgs(request("/admin/contact", add))));
    expect(added.status).toBe(400);
    expect(added.text).not.toMatch(/more rows than it can take/);
    expect(hoursOf(added.text)).toHaveLength(2);
    // Two rows, the first removed: the form comes back with the second alone.
    const remove = new URLSearchParams(add);
    remove.set("hours[1].label", "Saturday");
    remove.set("__intent__", JSON.stringify({ type: "remove", payload: { name: "hours", index: 0 } }));
    const removed = await answer(() => contactAction(routeArgs(request("/admin/contact", remove))));
    expect(removed.status).toBe(400);
    expect(removed.text).not.toMatch(/more rows than it can take/);
    expect(hoursOf(removed.text).map((row) => row.label)).toEqual(["Saturday"]);
  });

  it("refuses an indexed name in every other form, which has no lists", async () => {
    const indexed = (extra: Record<string, string>) => new URLSearchParams({ ...extra, "name[999]": "x" });
    const multipart = (extra: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(extra)) body.set(k, v);
      body.set("title[999]", "x");
      return body;
    };
    const forms: [string, () => Promise<unknown>][] = [
      [
        "projects",
        () => projectsAction(routeArgs(request("/admin/projects", multipart({ intent: "save-project", title: "A" })))),
      ],
      ["images", () => imagesAction(routeArgs(request("/admin/images", multipart({ intent: "upload-image" }))))],
      [
        "roof tool",
        () =>
          roofAction(
            routeArgs(
              request("/admin/roof-measurement", multipart({ intent: "save", street: "1 Elm", city: "Derby" })),
            ),
          ),
      ],
      ["testimonials", () => testimonialsAction(routeArgs(request("/admin/testimonials", indexed({ quote: "Good" }))))],
      ["pricing", () => pricingAction(routeArgs(request("/admin/pricing", indexed({}))))],
      ["new lead", () => newLeadAction(routeArgs(request("/admin/leads/new", indexed({ message: "Roof" }))))],
      [
        "quote form",
        () => contactFormAction(routeArgs(request("/contact", indexed({ email: "a@example.com", message: "Roof" })))),
      ],
    ];
    for (const [name, run] of forms) {
      const result = await answer(run);
      expect(result.status, name).toBe(400);
      expect(result.text, name).toMatch(/more rows than it can take/);
    }
  });
});
