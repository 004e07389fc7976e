import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { getUserByEmail, upsertUser } from "~/models/user.server";
import { action, loader } from "~/routes/admin/login";

// Where a sign-in sends the browser next: only ever a page of this site.
const HOSTILE = [
  "//evil.example",
  "/\\evil.example",
  "/.//evil.example",
  "/admin/..//evil.example",
  "/%2e//evil.example",
  "/x/..\\/evil.example",
  "https:evil.example",
  "https://evil.example",
  "/\t/evil.example",
  "/\r\n/evil.example",
  "%2F%2Fevil.example",
];

let cookie = "";
beforeAll(async () => {
  await startApp();
  await upsertUser("redirect@example.com", "redirect-password");
  cookie = (await startSession(getUserByEmail("redirect@example.com")!.id)).split(";")[0];
});

const staysHere = (location: string | null) =>
  new URL(location ?? "", "https://site.example").origin === "https://site.example";

describe("the login page's redirectTo", () => {
  it.each(HOSTILE)("a signed-in visit with %j stays on this site", async (target) => {
    const request = new Request(`https://site.example/admin/login?redirectTo=${encodeURIComponent(target)}`, {
      headers: { Cookie: cookie },
    });
    const thrown = await Promise.resolve(
      loader({ request, params: {}, context: requestContext("10.9.0.1") } as never),
    ).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("Location");
    expect(location).toBe("/admin");
    expect(staysHere(location)).toBe(true);
  });

  it.each(HOSTILE)("signing in with %j stays on this site", async (target) => {
    const body = new URLSearchParams({
      email: "redirect@example.com",
      password: "redirect-password",
      redirectTo: target,
    });
    const request = new Request("https://site.example/admin/login", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const response = (await action({ request, params: {}, context: requestContext("10.9.0.2") } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("keeps a real page of the admin", async () => {
    const request = new Request("https://site.example/admin/login?redirectTo=%2Fadmin%2Fleads%3Ffilter%3Dunread", {
      headers: { Cookie: cookie },
    });
    const thrown = await Promise.resolve(
      loader({ request, params: {}, context: requestContext("10.9.0.1") } as never),
    ).catch((r: unknown) => r);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/leads?filter=unread");
  });
});
