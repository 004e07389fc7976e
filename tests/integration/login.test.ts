import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { getDb } from "~/server/db.server";
import { signInFailed, signInRefused } from "~/services/login-throttle.server";
import { startApp } from "./started-app";
import { upsertUser } from "~/models/user.server";
import { action } from "~/routes/admin/login";

beforeAll(async () => {
  await startApp();
  await upsertUser("owner@example.com", "right-password");
});

/** A refused sign-in: conform's reply (field errors, the form-level one under ""), and its status. */
type Refused = {
  data: { error: Record<string, string[]>; initialValue: Record<string, string> };
  init: { status: number };
};

async function login(email: string, password: string, ip = "10.0.0.1") {
  const body = new URLSearchParams({ email, password, redirectTo: "/admin/testimonials" });
  const request = new Request("http://site.test/admin/login", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return (await action({ request, params: {}, context: requestContext(ip) } as never)) as Response | Refused;
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
    const wrong = (await login("owner@example.com", "nope", "10.0.0.2")) as Refused;
    const unknown = (await login("who@example.com", "nope", "10.0.0.2")) as Refused;
    expect(wrong.data.error).toEqual({ "": ["Failed to login"] });
    expect(unknown.data.error).toEqual({ "": ["Failed to login"] });
    expect(wrong.init.status).toBe(unknown.init.status);
    // The form comes back with the email as typed, never with the password.
    expect(wrong.data.initialValue).toEqual({ email: "owner@example.com", redirectTo: "/admin/testimonials" });
  });

  it("marks an empty email or password on its field (400), without asking the database", async () => {
    const empty = (await login("", "", "10.0.0.3")) as Refused;
    expect(empty.init.status).toBe(400);
    expect(empty.data.error).toEqual({
      email: ["Please enter your email and password"],
      password: ["Please enter your email and password"],
    });
  });

  it("never locks the owner out: 5 wrong passwords from elsewhere, and the right one still works", async () => {
    await upsertUser("target@example.com", "target-password");
    for (let i = 0; i < 5; i++) await login("target@example.com", `guess-${i}`, `10.1.0.${i}`);
    const owner = (await login("target@example.com", "target-password", "10.1.0.99")) as Response;
    expect(owner.status).toBe(302);
  });

  it("makes one address wait after 5 wrong passwords for an account; the owner's own address still gets in", async () => {
    await upsertUser("pair@example.com", "pair-password");
    for (let i = 0; i < 5; i++) await login("pair@example.com", `guess-${i}`, "10.3.0.1");
    const guesser = (await login("pair@example.com", "pair-password", "10.3.0.1")) as Refused;
    expect(guesser.init.status).toBe(429);
    expect(guesser.data.error).toEqual({ "": ["Too many login attempts. Please wait 15 minutes and try again."] });
    // The owner mistyped twice at home, then got it right.
    await login("pair@example.com", "typo-1", "10.3.0.2");
    await login("pair@example.com", "typo-2", "10.3.0.2");
    expect(((await login("pair@example.com", "pair-password", "10.3.0.2")) as Response).status).toBe(302);
  });

  it("answers failures slowly once an account is guessed at from many addresses", async () => {
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) await signInFailed("spread@example.com", `10.5.0.${i}`, async (ms) => waits.push(ms));
    expect(waits).toEqual([250, 500, 750]);
    expect(await signInRefused("spread@example.com", "10.5.0.200")).toBe(false);
  });

  it("keeps its counters in the database, not in the server's memory", async () => {
    const rows = () =>
      getDb().$client.prepare("select count(*) from rate_limits where key like 'login-%'").pluck().get() as number;
    const before = rows();
    await login("memory@example.com", "wrong", "10.4.0.1");
    expect(rows()).toBeGreaterThan(before);
  });

  it("limits attempts from one address", async () => {
    for (let i = 0; i < 20; i++) await login(`user${i}@example.com`, "x", "10.2.0.1");
    const res = (await login("owner@example.com", "right-password", "10.2.0.1")) as { init: { status: number } };
    expect(res.init.status).toBe(429);
    const other = (await login("owner@example.com", "right-password", "10.2.0.2")) as Response;
    expect(other.status).toBe(302);
  });
});
