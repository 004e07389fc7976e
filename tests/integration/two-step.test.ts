import { generate } from "otplib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recoveryCodes, users } from "~/db/schema";
import { TWO_STEP_MESSAGES } from "~/lib/two-step-forms";
import { getTwoStep } from "~/models/two-step.server";
import { getUserById, upsertUser } from "~/models/user.server";
import { action as loginAction } from "~/routes/admin/login";
import { action as codeAction, loader as codeLoader } from "~/routes/admin/login-code";
import { action, loader } from "~/routes/admin/two-step";
import { requestContext } from "~/server/client-ip.server";
import { getDb } from "~/server/db.server";
import { LOGIN_TOO_MANY, startSession } from "~/services/auth.server";
import { readFlash } from "~/services/flash.server";
import { startApp } from "./started-app";

// Two-step sign-in end to end through the routes' loaders and actions (decision 0051).
// The clock is fake (Date only) so each sign-in can use a code of its own 30-second step.

let userId = 0;
let session = "";
let now = Date.UTC(2026, 10, 27, 10, 0, 5);
const tick = (seconds = 30) => vi.setSystemTime((now += seconds * 1000));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  await startApp();
  userId = (await upsertUser("owner@example.com", "owner-password")).user.id;
  session = cookieOf(await startSession(userId));
});
afterAll(() => vi.useRealTimers());

const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const setCookie = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const codeAt = (secret: string, ms = Date.now()) => generate({ secret, epoch: Math.floor(ms / 1000) });

type Reply = {
  data: {
    intent?: string;
    codes?: string[];
    result?: { error: Record<string, string[]> };
    error?: Record<string, string[]>;
  };
  init: { status: number } | null;
};
type Answer = Response | Reply;

async function call(
  fn: (args: never) => unknown,
  url: string,
  init: RequestInit & { cookie?: string; ip?: string } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.body instanceof URLSearchParams) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(`http://site.test${url}`, { ...init, headers });
  try {
    return (await fn({ request, params: {}, context: requestContext(init.ip ?? "10.0.0.1") } as never)) as Answer;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown as Reply;
    throw thrown;
  }
}
const post = (
  fn: (args: never) => unknown,
  url: string,
  fields: Record<string, string>,
  opts: { cookie?: string; ip?: string } = {},
) => call(fn, url, { method: "POST", body: new URLSearchParams(fields), ...opts });
const statusOf = (a: Answer) => (a instanceof Response ? a.status : (a.init?.status ?? 200));

async function flashOf(res: Answer): Promise<string> {
  const cookie = res instanceof Response ? setCookie(res, "__flash") : undefined;
  const { flash } = await readFlash(
    new Request("http://site.test/", { headers: { Cookie: cookie ? cookieOf(cookie) : "" } }),
  );
  return flash?.message ?? "";
}

/** Opens the setup page: the secret shown and the cookie that keeps it. */
async function openSetup() {
  const page = (await call(loader, "/admin/account/two-step", { cookie: session })) as unknown as {
    data: { setup: { secret: string; qrSvg: string; uri: string } };
    init: { headers: Record<string, string> };
  };
  const kept = page.init.headers["Set-Cookie"];
  return { setup: page.data.setup, cookie: `${session}; ${cookieOf(kept)}` };
}

/** Password right: the pending cookie for the code page. */
async function password(ip = "10.0.0.1", redirectTo = "/admin/leads"): Promise<string> {
  const res = (await post(
    loginAction,
    "/admin/login",
    { email: "owner@example.com", password: "owner-password", redirectTo },
    { ip },
  )) as Response;
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/admin/login/code");
  expect(setCookie(res, "__session")).toBeUndefined();
  return cookieOf(setCookie(res, "__sign_in_code") as string);
}

let secret = "";
let shownCodes: string[] = [];

describe("two-step sign-in", () => {
  it("records the last sign-in of a password sign-in", async () => {
    getDb().update(users).set({ lastSignInAt: null }).where(eq(users.id, userId)).run();
    const res = (await post(loginAction, "/admin/login", {
      email: "owner@example.com",
      password: "owner-password",
    })) as Response;
    expect(res.status).toBe(302);
    expect(getUserById(userId)?.lastSignInAt?.getTime()).toBe(Date.now());
  });

  it("shows a new secret as a QR code and as text, naming the business and the account", async () => {
    const { setup } = await openSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.uri).toContain("owner%40example.com");
    expect(new URL(setup.uri).searchParams.get("issuer")).toBeTruthy();
  });

  it("refuses a wrong code and a setup that is no longer pending; stays off", async () => {
    const { setup, cookie } = await openSetup();
    const wrong = (await post(
      action,
      "/admin/account/two-step",
      { intent: "enable", code: "000000" },
      { cookie },
    )) as Reply;
    expect(statusOf(wrong)).toBe(400);
    expect(wrong.data.result?.error.code).toEqual([TWO_STEP_MESSAGES.codeWrong]);
    const noSetup = (await post(
      action,
      "/admin/account/two-step",
      { intent: "enable", code: await codeAt(setup.secret) },
      { cookie: session },
    )) as Reply;
    expect(statusOf(noSetup)).toBe(400);
    expect(noSetup.data.result?.error[""]).toEqual([TWO_STEP_MESSAGES.setupExpired]);
    expect(getTwoStep(userId)).toBeNull();
  });

  it("turns on with a current code and shows ten recovery codes once, keeping only their hashes", async () => {
    const { setup, cookie } = await openSetup();
    // The phone's clock a step behind still counts.
    const res = (await post(
      action,
      "/admin/account/two-step",
      { intent: "enable", code: await codeAt(setup.secret, Date.now() - 30_000) },
      { cookie },
    )) as Reply;
    expect(statusOf(res)).toBe(200);
    expect(res.data.codes).toHaveLength(10);
    secret = setup.secret;
    shownCodes = res.data.codes ?? [];
    expect(getTwoStep(userId)?.secret).toBe(secret);
    const stored = getDb().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)).all();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(shownCodes.join(" ")).not.toContain(row.codeHash);
    // The page no longer shows codes or a secret: only how many are left.
    const page = (await call(loader, "/admin/account/two-step", { cookie: session })) as unknown as {
      data: { on: boolean; setup: unknown; codesLeft: number };
    };
    expect(page.data).toMatchObject({ on: true, setup: null, codesLeft: 10 });
  });

  it("sends /admin/login/code back to the login page without a pending sign-in", async () => {
    for (const cookie of ["", "__sign_in_code=forged", session]) {
      const res = (await call(codeLoader, "/admin/login/code", { cookie })) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
      const posted = (await post(codeAction, "/admin/login/code", { code: "123456" }, { cookie })) as Response;
      expect(posted.headers.get("Location")).toBe("/admin/login");
    }
  });

  it("asks for the code after the password; a wrong one is refused, the right one signs in and is recorded", async () => {
    tick();
    const pending = await password();
    expect(statusOf(await call(codeLoader, "/admin/login/code", { cookie: pending }))).toBe(200);
    const wrong = (await post(codeAction, "/admin/login/code", { code: "000000" }, { cookie: pending })) as Reply;
    expect(statusOf(wrong)).toBe(401);
    expect(wrong.data.error?.[""]).toEqual([TWO_STEP_MESSAGES.signInCodeWrong]);
    const code = await codeAt(secret);
    const ok = (await post(
      codeAction,
      "/admin/login/code",
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      { cookie: pending },
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/leads");
    expect(setCookie(ok, "__session")).toBeDefined();
    expect(getUserById(userId)?.lastSignInAt?.getTime()).toBe(Date.now());
    // The same pending cookie cannot start a second session, and the same code is not taken twice.
    expect(
      ((await post(codeAction, "/admin/login/code", { code }, { cookie: pending })) as Response).headers.get(
        "Location",
      ),
    ).toBe("/admin/login");
    const again = await password();
    expect(statusOf(await post(codeAction, "/admin/login/code", { code }, { cookie: again }))).toBe(401);
  });

  it("takes a recovery code once", async () => {
    tick();
    const [recovery] = shownCodes;
    const first = (await post(
      codeAction,
      "/admin/login/code",
      { code: recovery.toUpperCase() },
      { cookie: await password() },
    )) as Response;
    expect(first.status).toBe(302);
    expect(await flashOf(first)).toBe(TWO_STEP_MESSAGES.recoveryUsed(9));
    expect(
      statusOf(await post(codeAction, "/admin/login/code", { code: recovery }, { cookie: await password() })),
    ).toBe(401);
  });

  it("counts wrong codes with wrong passwords: too many and even the right code waits", async () => {
    tick();
    const ip = "10.7.0.1";
    const pending = await password(ip);
    for (let i = 0; i < 5; i++)
      await post(codeAction, "/admin/login/code", { code: `00000${i}` }, { cookie: pending, ip });
    const refused = (await post(
      codeAction,
      "/admin/login/code",
      { code: await codeAt(secret) },
      { cookie: pending, ip },
    )) as Reply;
    expect(statusOf(refused)).toBe(429);
    expect(refused.data.error?.[""]).toEqual([LOGIN_TOO_MANY]);
    // The right password again does not wipe the count.
    const login = (await post(
      loginAction,
      "/admin/login",
      { email: "owner@example.com", password: "owner-password" },
      { ip },
    )) as Reply;
    expect(statusOf(login)).toBe(429);
  });

  it("answers hostile bodies with 4xx", async () => {
    const pending = await password("10.6.0.1");
    for (const fields of [{}, { code: "9".repeat(5000) }, { code: "" }] as Record<string, string>[]) {
      expect(statusOf(await post(codeAction, "/admin/login/code", fields, { cookie: pending, ip: "10.6.0.1" }))).toBe(
        400,
      );
    }
    const json = await call(codeAction, "/admin/login/code", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
      cookie: pending,
    });
    expect(statusOf(json)).toBeGreaterThanOrEqual(400);
    expect(statusOf(json)).toBeLessThan(500);
    expect(statusOf(await post(action, "/admin/account/two-step", { intent: "drop-table" }, { cookie: session }))).toBe(
      400,
    );
    expect(
      statusOf(
        await post(
          action,
          "/admin/account/two-step",
          { intent: "disable", currentPassword: "x".repeat(5000) },
          { cookie: session },
        ),
      ),
    ).toBe(400);
    expect(statusOf(await post(action, "/admin/account/two-step", { intent: "new-codes" }, { cookie: session }))).toBe(
      400,
    );
  });

  it("makes new recovery codes only with the current password; the old ones stop working", async () => {
    tick();
    const wrong = (await post(
      action,
      "/admin/account/two-step",
      { intent: "new-codes", currentPassword: "guess" },
      { cookie: session, ip: "10.5.0.1" },
    )) as Reply;
    expect(statusOf(wrong)).toBe(400);
    expect(wrong.data.result?.error.currentPassword).toEqual([TWO_STEP_MESSAGES.passwordWrong]);
    const res = (await post(
      action,
      "/admin/account/two-step",
      { intent: "new-codes", currentPassword: "owner-password" },
      { cookie: session, ip: "10.5.0.1" },
    )) as Reply;
    expect(res.data.codes).toHaveLength(10);
    expect(
      statusOf(
        await post(
          codeAction,
          "/admin/login/code",
          { code: shownCodes[1] },
          { cookie: await password("10.5.0.2"), ip: "10.5.0.2" },
        ),
      ),
    ).toBe(401);
    const fresh = (await post(
      codeAction,
      "/admin/login/code",
      { code: res.data.codes?.[0] ?? "" },
      { cookie: await password("10.5.0.2"), ip: "10.5.0.2" },
    )) as Response;
    expect(fresh.status).toBe(302);
  });

  it("turns off only with the current password; then the password alone signs in", async () => {
    const wrong = (await post(
      action,
      "/admin/account/two-step",
      { intent: "disable", currentPassword: "guess" },
      { cookie: session, ip: "10.4.0.1" },
    )) as Reply;
    expect(statusOf(wrong)).toBe(400);
    expect(getTwoStep(userId)).not.toBeNull();
    const off = (await post(
      action,
      "/admin/account/two-step",
      { intent: "disable", currentPassword: "owner-password" },
      { cookie: session, ip: "10.4.0.1" },
    )) as Response;
    expect(off.status).toBe(302);
    expect(await flashOf(off)).toBe(TWO_STEP_MESSAGES.disabled);
    expect(getTwoStep(userId)).toBeNull();
    expect(getDb().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)).all()).toHaveLength(0);
    const res = (await post(
      loginAction,
      "/admin/login",
      { email: "owner@example.com", password: "owner-password", redirectTo: "/admin/leads" },
      { ip: "10.4.0.2" },
    )) as Response;
    expect(res.headers.get("Location")).toBe("/admin/leads");
  });
});
