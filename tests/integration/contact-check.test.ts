import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { fakeResendForApp } from "./fake-mail";

// With photos chosen, the quote form's script first asks the server to check the typed
// fields (`checkOnly`), so a missing email is said before any upload (decision 0039). The
// check runs the form's one schema, and stores, mails and counts nothing.

const fake = await fakeResendForApp({ CONTACT_RATE_LIMIT: "1" });
const { startApp } = await import("./started-app");
const { listAllLeads } = await import("~/models/lead.server");
const send = await import("~/routes/resources/contact-send");

const fields = { name: "Rosa Diaz", email: "rosa@example.com", message: "Hail dented the north side." };

async function post(values: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) body.append(k, v);
  const request = new Request("http://site.test/contact/send", { method: "POST", body });
  const response = (await send.action({
    request,
    params: {},
    context: requestContext("203.0.113.50"),
  } as never)) as Response;
  return {
    http: response.status,
    body: (await response.json()) as { status: string; reply?: { error?: Record<string, string[]> } },
  };
}

beforeAll(async () => {
  await startApp();
});

describe("the quote form's check before photos are uploaded", () => {
  it("answers a wrong form with the schema's errors on the fields, and a clean one with 'checked', storing nothing", async () => {
    const refused = await post({ ...fields, email: "", checkOnly: "1" });
    expect(refused.http).toBe(400);
    expect(refused.body).toMatchObject({
      status: "error",
      reply: {
        error: {
          "": ["Please enter an email address or a phone number, so we can get back to you"],
          email: ["Please enter an email address or a phone number, so we can get back to you"],
        },
      },
    });
    for (let i = 0; i < 3; i++)
      expect(await post({ ...fields, checkOnly: "1" })).toEqual({ http: 200, body: { status: "checked" } });
    expect(listAllLeads()).toHaveLength(0);
    expect(fake.sent).toHaveLength(0);
  });

  it("counts no check against the address's limit: the real post after them goes through", async () => {
    // The limit is one message per address; the checks above and here used none of it.
    expect(await post({ ...fields, checkOnly: "1" })).toMatchObject({ http: 200 });
    const sent = await post(fields);
    expect(sent).toMatchObject({ http: 200, body: { status: "success" } });
    expect(listAllLeads()).toHaveLength(1);
    expect((await post(fields)).http).toBe(429);
  });
});
