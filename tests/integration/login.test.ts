import { beforeAll, describe, expect, it } from "vitest";
import { prepareApp } from "~/services/startup.server";
import { upsertUser } from "~/models/user.server";
import { action } from "~/routes/admin/login";

beforeAll(async () => {
  await prepareApp(() => {});
  await upsertUser("owner@example.com", "right-password");
});

async function login(email: string, password: string, ip = "10.0.0.1") {
  const body = new URLSearchParams({ email, password, redirectTo: "/admin/testimonials" });
  const request = new Request("http://site.test/admin/login", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return (await action({ request, params: {}, context: { clientAddress: ip } } as Parameters<typeof action>[0])) as
    | Response
    | { data: { error: string }; init: { status: number } };
}

describe("login action", () => {
  it("signs in with the right password: a session cookie, the flash, and the redirect", async () => {
    const res = (await login("Owner@Example.com", "right-password")) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/testimonials");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__session="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__flash="))).toBe(true);
  });

  it("answers 'Failed to login' the same way for a wrong password and an unknown email", async () => {
    const wrong = (await login("owner@example.com", "nope", "10.0.0.2")) as { data: { error: string }; init: { status: number } };
    const unknown = (await login("who@example.com", "nope", "10.0.0.2")) as { data: { error: string }; init: { status: number } };
    expect(wrong.data.error).toBe("Failed to login");
    expect(unknown.data.error).toBe("Failed to login");
    expect(wrong.init.status).toBe(unknown.init.status);
  });

  it("locks an account for a while after 5 failures, even with the right password next", async () => {
    await upsertUser("target@example.com", "target-password");
    for (let i = 0; i < 5; i++) await login("target@example.com", `guess-${i}`, `10.1.0.${i}`);
    const res = (await login("target@example.com", "target-password", "10.1.0.99")) as { data: { error: string }; init: { status: number } };
    expect(res.init.status).toBe(429);
    expect(res.data.error).toBe("Too many login attempts. Please wait 15 minutes and try again.");
  });

  it("limits attempts from one address", async () => {
    for (let i = 0; i < 20; i++) await login(`user${i}@example.com`, "x", "10.2.0.1");
    const res = (await login("owner@example.com", "right-password", "10.2.0.1")) as { init: { status: number } };
    expect(res.init.status).toBe(429);
    const other = (await login("owner@example.com", "right-password", "10.2.0.2")) as Response;
    expect(other.status).toBe(302);
  });
});
