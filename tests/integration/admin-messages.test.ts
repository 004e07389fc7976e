import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { prepareApp } from "~/services/startup.server";
import { createContactMessage, getMessage } from "~/models/contact-message.server";
import { upsertUser } from "~/models/user.server";
import { action, loader } from "~/routes/admin/messages";

let cookie = "";
beforeAll(async () => {
  await prepareApp(() => {});
  const { user } = await upsertUser("owner@example.com", "owner-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

const args = (request: Request) => ({ request, params: {}, context: requestContext("127.0.0.1") }) as never;

describe("admin inbox", () => {
  it("warns that mail is only printed when no RESEND_API_KEY is set, and opening does not mark read", async () => {
    const m = createContactMessage({ name: "Jo", email: "jo@example.com", phone: null, message: "Hi" });
    const data = await loader(args(new Request(`http://site.test/admin/messages?open=${m.id}`, { headers: { Cookie: cookie } })));
    expect(data.mailConfigured).toBe(false);
    expect(data.open?.id).toBe(m.id);
    expect(getMessage(m.id)?.readAt).toBeNull();
  });

  it("marks read and archives by POST", async () => {
    const m = createContactMessage({ name: "Al", email: "al@example.com", phone: null, message: "Quote?" });
    const post = (intent: string) =>
      action(args(new Request("http://site.test/admin/messages", { method: "POST", body: new URLSearchParams({ intent, id: String(m.id) }), headers: { Cookie: cookie } })));
    await post("read");
    expect(getMessage(m.id)?.readAt).toBeInstanceOf(Date);
    await post("archive");
    expect(getMessage(m.id)?.archivedAt).toBeInstanceOf(Date);
    const inbox = await loader(args(new Request("http://site.test/admin/messages", { headers: { Cookie: cookie } })));
    expect(inbox.messages.map((x) => x.id)).not.toContain(m.id);
  });
});
