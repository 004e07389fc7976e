import { systemActor } from "~/lib/actor";
import { beforeAll, describe, expect, it, vi } from "vitest";

// No RESEND_API_KEY here: mail is not set up, and every mail is only printed to the log.
delete process.env.RESEND_API_KEY;

const { routeArgs, signedInOwner } = await import("./admin-session");
const { createLead, setJobCompleted, updateLead } = await import("~/models/lead.server");
const { findMail } = await import("~/models/outbox.server");
const { readFlash } = await import("~/services/flash.server");
const leadRoute = await import("~/routes/admin/lead");
const reviewRoute = await import("~/routes/review");

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

describe("a review request with mail not set up", () => {
  it("says it was not sent, and shows its link on the lead page (once) for staff to send", async () => {
    const lead = createLead({
      name: "Jo Reyes",
      email: "jo@example.com",
      phone: "",
      message: "Reroof",
      street: "9 Elm St",
      city: "Andover",
      zip: "67002",
      service: "Residential Roofing",
    });
    updateLead(
      lead.id,
      { status: "won", lostReason: null, followUpOn: null, note: null },
      systemActor("owner@example.com"),
    );
    setJobCompleted(lead.id, true, systemActor("owner@example.com"));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const res = (await leadRoute.action(
      routeArgs(
        new Request(`http://site.test/admin/leads/${lead.id}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "ask-review" }),
          headers: { Cookie: cookie },
        }),
        { id: String(lead.id) },
      ),
    )) as Response;
    log.mockRestore();
    expect(res.status).toBe(302);
    const set = cookiesOf(res);
    const { flash } = await readFlash(new Request("http://site.test/", { headers: { Cookie: set.join("; ") } }));
    expect(flash).toEqual({
      type: "info",
      message: "Review request not sent: mail is not set up. Copy its link below and send it yourself.",
    });
    expect(findMail("review-request", { leadId: lead.id })).toMatchObject({ state: "unsent", attempts: 1 });

    const page = (await leadRoute.loader(
      routeArgs(
        new Request(`http://site.test/admin/leads/${lead.id}`, { headers: { Cookie: [cookie, ...set].join("; ") } }),
        { id: String(lead.id) },
      ),
    )) as unknown as { job: { reviewLink: string | null } };
    const token = /\/review\/([A-Za-z0-9_-]{43})$/.exec(page.job.reviewLink ?? "")?.[1];
    expect(token).toBeDefined();
    // The link works for the homeowner.
    const opened = reviewRoute.loader(
      routeArgs(new Request(`http://site.test/review/${token}`), { token: token! }),
    ) as unknown as { init: { status: number } };
    expect(opened.init.status).toBe(200);

    // The job's card says what the button does without mail, and that the link works (review L4).
    const text = await renderedJob(
      { id: lead.id, status: "won", email: "jo@example.com", completedAt: new Date() },
      page.job,
    );
    expect(text).toMatch(/Review request: .*Link works until \w+ \d+, \d{4}/);
    expect(text).toContain("Mail is not set up: makes a link to a short form for you to send jo@example.com yourself.");
    expect(text).not.toContain("Mails jo@example.com");
  });
});

/** The lead page's job card as its HTML reads, as words. */
async function renderedJob(
  lead: { id: number; status: string; email: string; completedAt: Date | null },
  job: unknown,
) {
  const { createRoutesStub } = await import("react-router");
  const { renderToString } = await import("react-dom/server");
  const { createElement } = await import("react");
  const { LeadJob } = await import("~/components/admin/lead-job");
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(LeadJob, { lead, job: job as never }) }]);
  const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, " ");
}
