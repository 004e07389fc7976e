import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { createLead, createManualLead, getLead, markRead, setArchived, waitingLeads } from "~/models/lead.server";
import { listLeadNotes } from "~/models/lead-history.server";
import { loader } from "~/routes/admin/lead-list";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as newLeadAction, loader as newLeadLoader } from "~/routes/admin/new-lead";
import { LEAD_MESSAGES } from "~/lib/lead-status";
import { businessToday } from "~/lib/business-time";
import { MANUAL_LEAD_MESSAGES } from "~/lib/manual-lead";
import { getDb } from "~/server/db.server";
import { leads } from "~/db/schema";
import { leadMails } from "~/services/lead-mail.server";

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

const args = routeArgs;
const post = (id: number, fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
  leadAction(
    args(
      new Request(`http://site.test/admin/leads/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "lead", ...fields }),
        headers,
      }),
      { id: String(id) },
    ),
  );
const addLead = (fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
  newLeadAction(
    args(
      new Request("http://site.test/admin/leads/new", { method: "POST", body: new URLSearchParams(fields), headers }),
    ),
  );
type Refused = {
  init: ResponseInit;
  data: { intent: string; reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
};
const leadCount = () => getDb().select().from(leads).all().length;
const list = (query = "") =>
  loader(args(new Request(`http://site.test/admin/leads${query}`, { headers: { Cookie: cookie } })));

describe("a lead's page", () => {
  it("moves a lead through the statuses and keeps who did what, and when, as its history", async () => {
    const m = createLead({
      name: "Karen Miller",
      email: "karen@example.com",
      phone: "(316) 555-0188",
      message: "Hail damage",
      street: "412 N Main St",
      city: "Derby",
      zip: "67037",
      service: "Storm / hail damage",
    });
    expect(getLead(m.id)?.status).toBe("new");
    const saved = (await post(m.id, {
      status: "contacted",
      followUpOn: "2026-12-01",
      note: "Left a voicemail",
    })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/admin/leads/${m.id}`);
    await post(m.id, { status: "visit_scheduled", followUpOn: "2026-12-03", note: "" });
    expect(getLead(m.id)).toMatchObject({ status: "visit_scheduled", followUpOn: "2026-12-03", lostReason: null });
    expect(
      listLeadNotes(m.id, "owner").map((n) => ({ author: n.author, from: n.statusFrom, to: n.statusTo, body: n.text })),
    ).toEqual([
      { author: "owner@example.com", from: "new", to: "contacted", body: "Left a voicemail" },
      { author: "owner@example.com", from: "contacted", to: "visit_scheduled", body: null },
    ]);
  });

  it("is no longer unread once someone has opened its page; marked unread again, it stays so until the next open", async () => {
    const m = createLead({ name: "Opal Opened", email: "opal@example.com", phone: null, message: "Leak" });
    expect(getLead(m.id)?.readAt).toBeNull();
    const open = () =>
      leadLoader(
        args(new Request(`http://site.test/admin/leads/${m.id}`, { headers: { Cookie: cookie } }), {
          id: String(m.id),
        }),
      );
    expect((await open()).lead.readAt).toBeInstanceOf(Date);
    const firstRead = getLead(m.id)?.readAt;
    await open();
    expect(getLead(m.id)?.readAt).toEqual(firstRead);
    // "Mark unread", to come back to it.
    markRead(m.id, false);
    expect(getLead(m.id)?.readAt).toBeNull();
    await open();
    expect(getLead(m.id)?.readAt).toBeInstanceOf(Date);
  });

  it("asks why a lead was lost and keeps what was typed; nothing is saved until it is said", async () => {
    const m = createLead({ name: "Al", email: "al@example.com", phone: null, message: "Quote?" });
    const refused = (await post(m.id, { status: "lost", note: "Went quiet" })) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.intent).toBe("lead");
    expect(refused.data.reply.error).toEqual({ lostReason: [LEAD_MESSAGES.lostReason] });
    expect(refused.data.reply.initialValue).toMatchObject({ status: "lost", note: "Went quiet" });
    expect(getLead(m.id)?.status).toBe("new");
    expect(listLeadNotes(m.id, "owner")).toEqual([]);
    await post(m.id, { status: "lost", lostReason: "Went with another contractor" });
    expect(getLead(m.id)).toMatchObject({ status: "lost", lostReason: "Went with another contractor" });
  });

  it("refuses an anonymous visitor, an unknown lead and a made-up date", async () => {
    const m = createLead({ name: "Bo", email: "bo@example.com", phone: null, message: "Gutters" });
    const anonymous = await post(m.id, { status: "won" }, {}).catch((r: Response) => r);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    const unknown = await post(999999, { status: "won" }).catch((r: Response) => r);
    expect((unknown as Response).status).toBe(404);
    const badDate = (await post(m.id, { status: "contacted", followUpOn: "2026-02-30" })) as unknown as Refused;
    expect(badDate.data.reply.error).toEqual({ followUpOn: [LEAD_MESSAGES.badDate] });
    expect(getLead(m.id)?.status).toBe("new");
  });
});

describe("the leads list", () => {
  it("puts late follow-ups first, filters by status and work, finds by phone digits, and counts each status", async () => {
    const late = createLead({
      name: "Late Larry",
      email: "l@example.com",
      phone: "316-555-0111",
      message: "Roof",
      service: "Roof Repairs",
    });
    await post(late.id, { status: "contacted", followUpOn: "2020-01-01" });
    const fresh = createLead({
      name: "Fresh Fran",
      email: "f@example.com",
      phone: "(620) 555-0199",
      message: "Gutters",
      service: "Gutter Services",
    });

    const all = await list();
    expect(all.leads[0].id).toBe(late.id);
    expect(all.today).toBe(businessToday());
    expect(all.counts.contacted).toBeGreaterThanOrEqual(1);

    const gutters = await list("?service=Gutter+Services");
    expect(gutters.leads.map((m) => m.id)).toEqual([fresh.id]);
    const byPhone = await list("?q=6205550199");
    expect(byPhone.leads.map((m) => m.id)).toEqual([fresh.id]);
    const contacted = await list("?status=contacted");
    expect(contacted.leads.every((m) => m.status === "contacted")).toBe(true);
    expect(contacted.leads.map((m) => m.id)).toContain(late.id);
    // An unknown status shows them all rather than none.
    expect((await list("?status=maybe")).leads.length).toBe(all.leads.length);
  });
});

describe("what is waiting", () => {
  it("counts new leads and open follow-ups due today or late, never archived, won or lost ones", async () => {
    const today = businessToday();
    const before = waitingLeads(today);
    const a = createLead({ name: "Wait A", email: "a@example.com", phone: null, message: "x" });
    expect(waitingLeads(today)).toMatchObject({ fresh: before.fresh + 1, due: before.due });
    await post(a.id, { status: "contacted", followUpOn: today });
    expect(waitingLeads(today)).toMatchObject({ fresh: before.fresh, due: before.due + 1 });
    const b = createLead({ name: "Wait B", email: "b@example.com", phone: null, message: "x" });
    await post(b.id, { status: "quoted", followUpOn: "2099-01-01" });
    expect(waitingLeads(today).due).toBe(before.due + 1);
    await post(a.id, { status: "won", followUpOn: today });
    expect(waitingLeads(today).due).toBe(before.due);
    const c = createLead({ name: "Wait C", email: "c@example.com", phone: null, message: "x" });
    setArchived(c.id, true);
    expect(waitingLeads(today).fresh).toBe(before.fresh);
  });
});

describe("a lead written down by hand (a phone call)", () => {
  it("is stored as a phone lead with no mail to send, read, with 'Added by hand' by the staff member in its history, and opens on its page", async () => {
    const before = leadCount();
    const saved = (await addLead({
      name: " Dale Hobbs ",
      phone: "(620) 555-0177",
      email: "",
      service: "Storm / hail damage",
      street: "210 E Harvey Ave",
      city: "Wellington",
      zip: "67152",
      preferredContact: "call",
      message: "Wind took shingles off the garage.",
      followUpOn: "2026-12-02",
    })) as Response;
    expect(saved.status).toBe(302);
    expect(leadCount()).toBe(before + 1);
    const id = Number(saved.headers.get("Location")!.match(/^\/admin\/leads\/(\d+)$/)![1]);
    expect(saved.headers.get("Set-Cookie")).toMatch(/^__flash=/);

    expect(getLead(id)).toMatchObject({
      name: "Dale Hobbs",
      email: "",
      phone: "(620) 555-0177",
      service: "Storm / hail damage",
      street: "210 E Harvey Ave",
      message: "Wind took shingles off the garage.",
      source: "phone",
      status: "contacted",
      followUpOn: "2026-12-02",
    });
    expect(getLead(id)?.readAt).toBeInstanceOf(Date);
    // Written down by staff: no mail is ever sent for it.
    expect(leadMails([id]).get(id)).toEqual({ notification: null, autoreply: null });
    expect(
      listLeadNotes(id, "owner").map((n) => ({ author: n.author, body: n.text, from: n.statusFrom, to: n.statusTo })),
    ).toEqual([{ author: "owner@example.com", body: "Added by hand", from: null, to: "contacted" }]);

    // Its page says who added it; the list and its search find it though it has no email.
    const page = await leadLoader(
      args(new Request(`http://site.test/admin/leads/${id}`, { headers: { Cookie: cookie } }), { id: String(id) }),
    );
    expect(page.addedBy).toBe("owner@example.com");
    expect((await list("?q=Hobbs")).leads.map((m) => m.id)).toEqual([id]);
    expect((await list("?q=6205550177")).leads.map((m) => m.id)).toEqual([id]);
  });

  it("refuses a lead without a name, without a way to reach them or without what they said: 400, each message by its field, the typed values kept, no row", async () => {
    const before = leadCount();
    const refused = (await addLead({ name: "", phone: "", email: "", city: "Derby", message: "" })) as {
      init: ResponseInit;
      data: { status: string; error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error).toEqual({
      name: [MANUAL_LEAD_MESSAGES.name],
      phone: [MANUAL_LEAD_MESSAGES.reach],
      message: [MANUAL_LEAD_MESSAGES.message],
    });
    expect(refused.data.initialValue).toMatchObject({ city: "Derby" });

    const badStart = (await addLead({ name: "Al", email: "al@example", message: "Roof", status: "won" })) as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(badStart.init.status).toBe(400);
    expect(badStart.data.error).toEqual({
      email: ["Please enter a valid email address"],
      status: [MANUAL_LEAD_MESSAGES.status],
    });
    expect(leadCount()).toBe(before);
  });

  it("writes the lead and its history entry together: if the entry cannot be written, neither is", () => {
    const before = leadCount();
    const input = {
      name: "Half",
      email: "",
      phone: "316-555-0100",
      message: "Hi",
      service: null,
      street: null,
      city: null,
      zip: null,
      preferredContact: null,
      textConsent: false,
      status: "new",
      followUpOn: null,
    } as const;
    // lead_notes.author is NOT NULL: the second insert fails, and the first goes with it.
    expect(() => createManualLead(input, null as never)).toThrow();
    expect(leadCount()).toBe(before);
  });

  it("sends a visitor who is not signed in to the login page, and stores nothing", async () => {
    const before = leadCount();
    const anonymous = await addLead({ name: "Sneaky", phone: "316-555-0100", message: "Hi" }, {}).catch(
      (r: Response) => r,
    );
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fleads%2Fnew");
    const form = await newLeadLoader(args(new Request("http://site.test/admin/leads/new"))).catch((r: Response) => r);
    expect((form as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(leadCount()).toBe(before);
  });
});
