import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { createLead, getLead } from "~/models/lead.server";
import { leadMails, mailNewLead } from "~/services/lead-mail.server";
import { mailTransport } from "~/server/mail.server";
import { action, loader } from "~/routes/admin/lead-list";
import { loader as leadLoader } from "~/routes/admin/lead";

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const args = routeArgs;

describe("the admin's lead list", () => {
  it("warns that mail is only printed when no RESEND_API_KEY is set, and opening does not mark read", async () => {
    const m = createLead({ name: "Jo", email: "jo@example.com", phone: null, message: "Hi" });
    const data = await loader(args(new Request("http://site.test/admin/leads", { headers: { Cookie: cookie } })));
    expect(data.mailConfigured).toBe(false);
    // An old ?open= link lands on the lead's own page.
    const old = await loader(
      args(new Request(`http://site.test/admin/leads?open=${m.id}`, { headers: { Cookie: cookie } })),
    ).catch((r: Response) => r);
    expect((old as Response).headers.get("Location")).toBe(`/admin/leads/${m.id}`);
    const page = await leadLoader(
      args(new Request(`http://site.test/admin/leads/${m.id}`, { headers: { Cookie: cookie } }), { id: String(m.id) }),
    );
    expect(page.lead.id).toBe(m.id);
    // Opened is read (decision 0075).
    expect(getLead(m.id)?.readAt).toBeInstanceOf(Date);
  });

  it("without a mail provider, a lead's mails are recorded as not sent, never as sent", async () => {
    const m = createLead({ name: "Lee", email: "lee@example.com", phone: null, message: "Gutters" });
    const log = console.log;
    console.log = () => {};
    try {
      expect(mailTransport().delivers).toBe(false);
      await mailNewLead(m.id);
    } finally {
      console.log = log;
    }
    expect(leadMails([m.id]).get(m.id)).toMatchObject({
      notification: { state: "unsent" },
      autoreply: { state: "unsent" },
    });
  });

  it("marks read and archives by POST", async () => {
    const m = createLead({ name: "Al", email: "al@example.com", phone: null, message: "Quote?" });
    const post = (intent: string) =>
      action(
        args(
          new Request("http://site.test/admin/leads", {
            method: "POST",
            body: new URLSearchParams({ intent, id: String(m.id) }),
            headers: { Cookie: cookie },
          }),
        ),
      );
    await post("read");
    expect(getLead(m.id)?.readAt).toBeInstanceOf(Date);
    await post("archive");
    expect(getLead(m.id)?.archivedAt).toBeInstanceOf(Date);
    const list = await loader(args(new Request("http://site.test/admin/leads", { headers: { Cookie: cookie } })));
    expect(list.leads.map((x) => x.id)).not.toContain(m.id);
  });
});

describe("the lead list without a mail provider", () => {
  it("says so once, in the owner's words, with no setting names, and no mail pill on each row", async () => {
    const { createRoutesStub } = await import("react-router");
    const { renderToString } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { default: Leads } = await import("~/routes/admin/lead-list");
    const m = createLead({ name: "Kim", email: "kim@example.com", phone: null, message: "Roof" });
    const log = console.log;
    console.log = () => {};
    try {
      await mailNewLead(m.id);
    } finally {
      console.log = log;
    }
    const data = await loader(args(new Request("http://site.test/admin/leads", { headers: { Cookie: cookie } })));
    const Stub = createRoutesStub([
      { id: "leads", path: "/admin/leads", Component: Leads as never, loader: () => data },
    ]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/admin/leads"], hydrationData: { loaderData: { leads: data } } }),
    );
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&apos;/g, "'")
      .replace(/\s+/g, " ");
    expect(text).toContain(
      "Mail is not set up yet. Quote requests are saved here, but no email goes to you or to the visitor.",
    );
    expect(text).not.toMatch(/RESEND|API_KEY/);
    // The banner says it once for the whole list: a row shows mail only when something failed.
    expect(text).not.toContain("Not sent");
    expect(text).not.toContain("Notification: Sent");
    expect(text).toContain("Kim");
  });
});
