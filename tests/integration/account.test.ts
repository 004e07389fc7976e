import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "~/lib/account-forms";
import { countSessions, listDeviceSessions } from "~/models/session.server";
import { getUserByEmail, upsertUser } from "~/models/user.server";
import { action as loginAction } from "~/routes/admin/login";
import { action, loader } from "~/routes/admin/account";
import { requestContext } from "~/server/client-ip.server";
import { verifyPassword } from "~/server/password.server";
import { getAdmin, startSession } from "~/services/auth.server";
import { readFlash } from "~/services/flash.server";
import { startApp } from "./started-app";

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const OFFICE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

let userId = 0;
beforeAll(async () => {
  await startApp();
  userId = (await upsertUser("owner@example.com", "first-password")).user.id;
  await upsertUser("office@example.com", "office-password");
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const signIn = async (userAgent = OFFICE, ip = "203.0.113.7") =>
  cookieOf(await startSession(userId, { userAgent, ip }));

type Refused = {
  data: { form: string; result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
  init: { status: number };
};

async function post(cookie: string, fields: Record<string, string> | URLSearchParams, ip = "10.9.0.1") {
  const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const request = new Request("http://site.test/admin/account", {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  try {
    return (await action({ request, params: {}, context: requestContext(ip) } as never)) as Response | Refused;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function page(cookie: string) {
  const request = new Request("http://site.test/admin/account", { headers: { Cookie: cookie } });
  return loader({ request, params: {}, context: requestContext("127.0.0.1") } as never);
}

/** The flash message a redirect carries, as the next page reads it. */
async function flashOf(res: Response | Refused): Promise<string> {
  const cookie = (res as Response).headers.getSetCookie().find((c) => c.startsWith("__flash="));
  const { flash } = await readFlash(
    new Request("http://site.test/", { headers: { Cookie: cookie ? cookieOf(cookie) : "" } }),
  );
  return flash?.message ?? "";
}
const stillSignedIn = async (cookie: string) =>
  (await getAdmin(new Request("http://site.test/", { headers: { Cookie: cookie } }))) !== null;

async function login(email: string, password: string, ip = "10.8.0.1") {
  const request = new Request("http://site.test/admin/login", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": PHONE },
  });
  return (await loginAction({ request, params: {}, context: requestContext(ip) } as never)) as Response | Refused;
}

describe("where you are signed in", () => {
  it("a sign-in records the browser and the address, and the page names them in plain words", async () => {
    const res = (await login("owner@example.com", "first-password", "198.51.100.4")) as Response;
    expect(res.status).toBe(302);
    const phone = cookieOf(res.headers.getSetCookie().find((c) => c.startsWith("__session="))!);
    const office = await signIn();
    const { devices, email } = await page(office);
    expect(email).toBe("owner@example.com");
    expect(devices[0]).toMatchObject({ device: "Edge on Windows", ip: "203.0.113.7", current: true });
    expect(devices).toContainEqual(
      expect.objectContaining({ device: "Chrome on Android", ip: "198.51.100.4", current: false }),
    );
    // The page names a device by a key, never by the session id its cookie holds.
    const html = JSON.stringify(devices);
    for (const s of listDeviceSessions(userId, "")) expect(s.key).toMatch(/^[\w-]{22}$/);
    expect(html).not.toContain(decodeURIComponent(phone.split("=")[1]).split(".")[0]);

    const phoneKey = devices.find((d) => d.device === "Chrome on Android")!.key;
    const out = (await post(office, { intent: "sign-out-device", device: phoneKey })) as Response;
    expect(out.status).toBe(302);
    expect(await flashOf(out)).toContain("Signed out Chrome on Android");
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(office)).toBe(true);

    // Pressed twice (two tabs): said plainly, nothing else ended.
    const again = (await post(office, { intent: "sign-out-device", device: phoneKey })) as Response;
    expect(await flashOf(again)).toContain(ACCOUNT_MESSAGES.deviceGone);
    expect(await stillSignedIn(office)).toBe(true);
  });

  it("signs out everywhere else and keeps this device", async () => {
    const here = await signIn();
    const a = await signIn(PHONE, "198.51.100.9");
    const b = await signIn(PHONE, "198.51.100.10");
    const res = (await post(here, { intent: "sign-out-others" })) as Response;
    expect(res.status).toBe(302);
    expect(await flashOf(res)).toMatch(/Signed out \d+ other devices/);
    expect(await stillSignedIn(a)).toBe(false);
    expect(await stillSignedIn(b)).toBe(false);
    expect(await stillSignedIn(here)).toBe(true);
    expect(countSessions(userId)).toBe(1);
    expect(await flashOf((await post(here, { intent: "sign-out-others" })) as Response)).toContain(
      ACCOUNT_MESSAGES.noOthers,
    );
  });

  it("only the owner's own devices: another account's session is not found by its key", async () => {
    const here = await signIn();
    const office = getUserByEmail("office@example.com")!;
    const theirs = cookieOf(await startSession(office.id, { userAgent: PHONE }));
    const theirKey = listDeviceSessions(office.id, "")[0].key;
    const res = (await post(here, { intent: "sign-out-device", device: theirKey })) as Response;
    expect(await flashOf(res)).toContain(ACCOUNT_MESSAGES.deviceGone);
    expect(await stillSignedIn(theirs)).toBe(true);
  });
});

describe("your name", () => {
  it("an owner made without a name sets one: the page, the session and the checklist use it", async () => {
    const here = await signIn();
    expect(((await page(here)) as { name: string }).name).toBe("");
    const empty = (await post(here, { intent: "change-name", name: "   " })) as Refused;
    expect(empty.init.status).toBe(400);
    expect(empty.data.result.error).toEqual({ name: ["Please enter your name"] });
    const saved = (await post(here, { intent: "change-name", name: "  Dale Prairie " })) as Response;
    expect(saved.status).toBe(302);
    expect(await flashOf(saved)).toBe(ACCOUNT_MESSAGES.nameChanged);
    expect(((await page(here)) as { name: string }).name).toBe("Dale Prairie");
    expect((await getAdmin(new Request("http://site.test/", { headers: { Cookie: here } })))?.name).toBe(
      "Dale Prairie",
    );
    const { goLiveItems } = await import("~/services/go-live.server");
    expect(goLiveItems().find((i) => i.id === "account-name")?.detail).not.toContain("owner@example.com has no name");
  });
});

describe("changing the password", () => {
  it("asks for the current password, in the owner's words", async () => {
    const here = await signIn();
    const res = (await post(
      here,
      {
        intent: "change-password",
        currentPassword: "not-it",
        newPassword: "a-new-password",
        repeatPassword: "a-new-password",
      },
      "10.9.1.1",
    )) as Refused;
    expect(res.init.status).toBe(400);
    expect(res.data.form).toBe("change-password");
    expect(res.data.result.error).toEqual({ currentPassword: [ACCOUNT_MESSAGES.currentWrong] });
    // No password goes back to the page.
    expect(Object.keys(res.data.result.initialValue)).not.toContain("currentPassword");
    expect(Object.keys(res.data.result.initialValue)).not.toContain("newPassword");
    expect(await verifyPassword("first-password", getUserByEmail("owner@example.com")!.passwordHash)).toBe(true);
  });

  it("holds a new password to the rule admin:create uses, and says why", async () => {
    const here = await signIn();
    const short = (await post(here, {
      intent: "change-password",
      currentPassword: "first-password",
      newPassword: "short",
      repeatPassword: "short",
    })) as Refused;
    expect(short.init.status).toBe(400);
    expect(short.data.result.error.newPassword).toEqual(["Please choose a password of at least 8 characters"]);
    const typo = (await post(here, {
      intent: "change-password",
      currentPassword: "first-password",
      newPassword: "a-new-password",
      repeatPassword: "a-new-pasword",
    })) as Refused;
    expect(typo.data.result.error.repeatPassword).toEqual([ACCOUNT_MESSAGES.repeatWrong]);
    const common = (await post(here, {
      intent: "change-password",
      currentPassword: "first-password",
      newPassword: "password",
      repeatPassword: "password",
    })) as Refused;
    expect(common.init.status).toBe(400);
    expect(common.data.result.error.newPassword).toEqual([ACCOUNT_MESSAGES.newCommon]);
    const commonish = (await post(here, {
      intent: "change-password",
      currentPassword: "first-password",
      newPassword: "Password1!",
      repeatPassword: "Password1!",
    })) as Refused;
    expect(commonish.data.result.error.newPassword).toEqual([ACCOUNT_MESSAGES.newCommon]);
    const same = (await post(here, {
      intent: "change-password",
      currentPassword: "first-password",
      newPassword: "first-password",
      repeatPassword: "first-password",
    })) as Refused;
    expect(same.data.result.error.newPassword).toEqual([ACCOUNT_MESSAGES.newSame]);
    expect(await verifyPassword("first-password", getUserByEmail("owner@example.com")!.passwordHash)).toBe(true);
  });

  it("the login throttle guards the current-password check too", async () => {
    const here = await signIn();
    const ip = "10.9.2.2";
    for (let i = 0; i < 5; i++)
      await post(here, { intent: "change-email", email: "x@example.com", currentPassword: `guess-${i}` }, ip);
    const refused = (await post(
      here,
      {
        intent: "change-password",
        currentPassword: "first-password",
        newPassword: "a-new-password",
        repeatPassword: "a-new-password",
      },
      ip,
    )) as Refused;
    expect(refused.init.status).toBe(429);
    expect(refused.data.result.error[""]).toEqual([ACCOUNT_MESSAGES.tooMany]);
    expect(await verifyPassword("first-password", getUserByEmail("owner@example.com")!.passwordHash)).toBe(true);
  });

  it("ends every other session; this one stays; the old password no longer signs in", async () => {
    const here = await signIn();
    const other = await signIn(PHONE, "198.51.100.20");
    const res = (await post(here, {
      intent: "change-password",
      currentPassword: "first-password",
      newPassword: "second password",
      repeatPassword: "second password",
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/account");
    expect(await flashOf(res)).toContain(ACCOUNT_MESSAGES.passwordChanged);
    expect(await stillSignedIn(here)).toBe(true);
    expect(await stillSignedIn(other)).toBe(false);
    expect(((await login("owner@example.com", "first-password", "10.8.1.1")) as Refused).init.status).toBe(401);
    expect(((await login("owner@example.com", "second password", "10.8.1.1")) as Response).status).toBe(302);
  });
});

describe("changing the email", () => {
  it("refuses an address another account has, and a wrong password", async () => {
    const here = await signIn();
    const taken = (await post(here, {
      intent: "change-email",
      email: "Office@Example.com",
      currentPassword: "second password",
    })) as Refused;
    expect(taken.init.status).toBe(409);
    expect(taken.data.result.error).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
    // The address typed comes back; the password does not.
    expect(taken.data.result.initialValue).toEqual({ intent: "change-email", email: "Office@Example.com" });
    const wrong = (await post(
      here,
      { intent: "change-email", email: "dale@example.com", currentPassword: "nope" },
      "10.9.3.3",
    )) as Refused;
    expect(wrong.data.result.error).toEqual({ currentPassword: [ACCOUNT_MESSAGES.currentWrong] });
    const bad = (await post(here, {
      intent: "change-email",
      email: "dale at example",
      currentPassword: "second password",
    })) as Refused;
    expect(bad.data.result.error.email).toEqual([ACCOUNT_MESSAGES.emailInvalid]);
    expect(getUserByEmail("owner@example.com")?.id).toBe(userId);
  });

  it("changes it: the page and the sign-in use the new one", async () => {
    const here = await signIn();
    const res = (await post(here, {
      intent: "change-email",
      email: " Dale@Example.com ",
      currentPassword: "second password",
    })) as Response;
    expect(res.status).toBe(302);
    expect(await flashOf(res)).toContain(ACCOUNT_MESSAGES.emailChanged);
    expect((await page(here)).email).toBe("dale@example.com");
    expect(((await login("dale@example.com", "second password", "10.8.2.2")) as Response).status).toBe(302);
    expect(((await login("owner@example.com", "second password", "10.8.2.2")) as Refused).init.status).toBe(401);
  });
});

describe("hostile posts", () => {
  it("answer 4xx, never 5xx, and change nothing", async () => {
    const here = await signIn();
    const cases: (Record<string, string> | URLSearchParams)[] = [
      { intent: "drop-table" },
      {},
      { intent: "sign-out-device" },
      { intent: "sign-out-device", device: "../../etc/passwd" },
      { intent: "sign-out-device", device: "x".repeat(5000) },
      { intent: "change-password" },
      {
        intent: "change-password",
        currentPassword: "x".repeat(10_000),
        newPassword: "y".repeat(10_000),
        repeatPassword: "y".repeat(10_000),
      },
      { intent: "change-email", email: "a@b.co\r\nBcc: x@y.z", currentPassword: "second password" },
      new URLSearchParams([
        ["intent", "change-email"],
        ["email", "a@b.co"],
        ["email", "c@d.co"],
        ["currentPassword", "second password"],
      ]),
    ];
    for (const fields of cases) {
      const res = await post(here, fields, "10.9.9.9");
      const status = res instanceof Response ? res.status : res.init.status;
      expect(status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect(getUserByEmail("dale@example.com")?.id).toBe(userId);
    expect(await stillSignedIn(here)).toBe(true);
  });

  it("a visitor without a session is sent to sign in", async () => {
    const res = await post("", { intent: "sign-out-others" });
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});
