import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeResendForApp } from "./fake-mail";

const fake = await fakeResendForApp();

const { signedInOwner } = await import("./admin-session");
const { getDb } = await import("~/server/db.server");
const { outbox, passwordResets, users } = await import("~/db/schema");
const { countSessions, createSession } = await import("~/models/session.server");
const { getUserByEmail, upsertUser } = await import("~/models/user.server");
const { verifyPassword } = await import("~/server/password.server");
const { requestContext } = await import("~/server/client-ip.server");
const { readFlash } = await import("~/services/flash.server");
const { RESET_MESSAGES } = await import("~/lib/password-reset");
const { startPasswordReset } = await import("~/services/password-reset.server");

/** The stand-in without an API key: prints, delivers nothing. */
const noMail = {
  name: "log",
  delivers: false,
  sendBatch: (mails: unknown[]) => Promise.resolve(mails.map(() => ({ id: null }))),
};
const forgot = await import("~/routes/admin/forgot-password");
const reset = await import("~/routes/admin/reset-password");
const login = await import("~/routes/admin/login");

type Reply = {
  data: Record<string, unknown> & {
    state?: string;
    result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  };
  init: { status: number } | null;
};

let ownerId = 0;
let officeId = 0;
beforeAll(async () => {
  await signedInOwner();
  ownerId = getUserByEmail("owner@example.com")!.id;
  officeId = (await upsertUser("office@example.com", "office-password")).user.id;
  await upsertUser("gone@example.com", "gone-password");
  getDb().update(users).set({ removedAt: new Date() }).where(eq(users.email, "gone@example.com")).run();
});
afterEach(() => vi.useRealTimers());

let ipCount = 0;
/** Each ask from its own address unless told, so only the limit a test is about is reached. */
const nextIp = () => `198.51.100.${++ipCount}`;

async function call<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const ask = (email: string, ip = nextIp()) =>
  call(() =>
    forgot.action({
      request: new Request("http://site.test/admin/forgot-password", {
        method: "POST",
        body: new URLSearchParams({ email }),
      }),
      params: {},
      context: requestContext(ip),
    } as never),
  ) as Promise<Response | Reply>;

const open = (token: string) =>
  call(() =>
    Promise.resolve(
      reset.loader({
        request: new Request(`http://site.test/admin/reset-password/${token}`),
        params: { token },
        context: requestContext("127.0.0.1"),
      } as never),
    ),
  ) as Promise<Reply | Response>;

const choose = (
  token: string,
  body: BodyInit,
  headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" },
) =>
  call(() =>
    reset.action({
      request: new Request(`http://site.test/admin/reset-password/${token}`, { method: "POST", body, headers }),
      params: { token },
      context: requestContext("127.0.0.1"),
    } as never),
  ) as Promise<Response | Reply>;
const setPassword = (token: string, password: string, repeat = password) =>
  choose(token, new URLSearchParams({ newPassword: password, repeatPassword: repeat }));

const signIn = (email: string, password: string) =>
  call(() =>
    login.action({
      request: new Request("http://site.test/admin/login", {
        method: "POST",
        body: new URLSearchParams({ email, password }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: requestContext(nextIp()),
    } as never),
  ) as Promise<Response | Reply>;

async function flashOf(res: Response | Reply): Promise<string> {
  const cookie = (res as Response).headers.getSetCookie().find((c) => c.startsWith("__flash="));
  const { flash } = await readFlash(
    new Request("http://site.test/", { headers: { Cookie: cookie ? cookie.split(";")[0] : "" } }),
  );
  return flash?.message ?? "";
}

/** The answer the page gives: where it goes and what it says. */
async function answerOf(res: Response | Reply) {
  expect(res).toBeInstanceOf(Response);
  const r = res as Response;
  return { status: r.status, location: r.headers.get("Location"), message: await flashOf(r) };
}

/** The token of the newest reset mail to this address, once it has reached the fake Resend. */
async function tokenMailedTo(email: string, count = 1): Promise<string> {
  await vi.waitFor(() => expect(fake.sent.filter((m) => m.to.includes(email)).length).toBe(count), { timeout: 5000 });
  const mail = fake.sent.filter((m) => m.to.includes(email)).at(-1)!;
  const token = /\/admin\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

const resetRows = (userId: number) =>
  getDb().select().from(passwordResets).where(eq(passwordResets.userId, userId)).all();
const resetMails = () => getDb().select().from(outbox).where(eq(outbox.kind, "password-reset")).all();

describe("asking for a reset link", () => {
  it("mails a one-time link to an account, and answers exactly the same for an unknown or removed address", async () => {
    const known = await answerOf(await ask("Office@Example.com "));
    const unknown = await answerOf(await ask("nobody@example.com"));
    const removed = await answerOf(await ask("gone@example.com"));
    expect(known).toEqual({ status: 302, location: "/admin/forgot-password", message: RESET_MESSAGES.sent });
    expect(unknown).toEqual(known);
    expect(removed).toEqual(known);

    const token = await tokenMailedTo("office@example.com");
    const mail = fake.sent.at(-1)!;
    expect(mail.subject).toMatch(/new password/i);
    expect(mail.text).toContain("one hour");
    // Only one mail went out; the removed and unknown addresses got nothing stored.
    expect(fake.sent).toHaveLength(1);
    expect(resetRows(getUserByEmail("gone@example.com")!.id)).toHaveLength(0);
    // Only the hash is kept.
    const [row] = resetRows(officeId);
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("takes about as long for an address without an account as for one with", async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await ask(email);
      return performance.now() - start;
    };
    // Warm both paths, then compare: the mail goes in the background, never while the page waits.
    await time("owner@example.com");
    const known = await time("owner@example.com");
    const unknown = await time("someone-else@example.com");
    expect(Math.abs(known - unknown)).toBeLessThan(100);
  });

  it("refuses a malformed address in the page (400), and hostile bodies with a 4xx", async () => {
    const bad = (await ask("not-an-email")) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.error).toEqual({ email: [RESET_MESSAGES.emailInvalid] });
    const empty = (await ask("")) as Reply;
    expect(empty.init?.status).toBe(400);

    const post = (body: BodyInit, headers: Record<string, string>) =>
      call(() =>
        forgot.action({
          request: new Request("http://site.test/admin/forgot-password", { method: "POST", body, headers }),
          params: {},
          context: requestContext("127.0.0.1"),
        } as never),
      );
    const huge = (await post("email=" + "a".repeat(2_000_000), {
      "Content-Type": "application/x-www-form-urlencoded",
    })) as Response;
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const json = (await post(JSON.stringify({ email: "owner@example.com" }), {
      "Content-Type": "application/json",
    })) as Response;
    expect(json.status).toBe(415);
    const twice = (await post("email=a@example.com&email=b@example.com", {
      "Content-Type": "application/x-www-form-urlencoded",
    })) as Reply;
    expect(twice.init?.status).toBe(400);
  });
});

describe("limits", () => {
  it("per address: the fourth ask within the hour mails nothing and answers the same", async () => {
    const before = resetMails().length;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await answerOf(await ask("limit-address@example.com")));
    for (const a of answers) expect(a).toEqual(answers[0]);
    // No account: nothing stored either way; the limit is the same for a real one (next test).
    expect(resetMails().length).toBe(before);
  });

  it("per account: past its limit an account gets no more mail, whatever addresses ask", async () => {
    const { user } = await upsertUser("crew@example.com", "crew-password");
    fake.sent.length = 0;
    // The address's own limit (3) comes first; the account keeps its count when its email changes.
    for (let i = 0; i < 3; i++) await ask("crew@example.com");
    getDb().update(users).set({ email: "crew2@example.com" }).where(eq(users.id, user.id)).run();
    for (let i = 0; i < 3; i++)
      expect(await answerOf(await ask("crew2@example.com"))).toEqual({
        status: 302,
        location: "/admin/forgot-password",
        message: RESET_MESSAGES.sent,
      });
    // 5 an hour for the account: the sixth ask was answered the same and stored nothing.
    expect(resetRows(user.id)).toHaveLength(5);
    await vi.waitFor(() => expect(resetMails().filter((m) => m.state !== "pending").length).toBeGreaterThanOrEqual(5), {
      timeout: 10_000,
    });
  });

  it("per client address: one place cannot walk through many addresses", async () => {
    const ip = "203.0.113.99";
    const before = resetRows(ownerId).length;
    for (let i = 0; i < 10; i++) await ask(`walker-${i}@example.com`, ip);
    expect(await answerOf(await ask("owner@example.com", ip))).toEqual({
      status: 302,
      location: "/admin/forgot-password",
      message: RESET_MESSAGES.sent,
    });
    expect(resetRows(ownerId).length).toBe(before);
  });
});

describe("using the link", () => {
  it("works once: sets the password, ends every session, sends to sign-in; the old password is refused", async () => {
    const { user } = await upsertUser("roofer@example.com", "old-password");
    createSession(user.id);
    createSession(user.id);
    expect(countSessions(user.id)).toBe(2);
    await ask("roofer@example.com");
    const token = await tokenMailedTo("roofer@example.com");

    const page = (await open(token)) as Reply;
    expect(page.init?.status ?? 200).toBe(200);
    expect(page.data).toMatchObject({ state: "open", email: "roofer@example.com" });

    const short = (await setPassword(token, "short")) as Reply;
    expect(short.init?.status).toBe(400);
    expect(short.data.result?.error?.newPassword).toEqual([RESET_MESSAGES.newShort]);
    expect(Object.keys(short.data.result?.initialValue ?? {})).not.toContain("newPassword");
    const common = (await setPassword(token, "password")) as Reply;
    expect(common.init?.status).toBe(400);
    expect(common.data.result?.error?.newPassword).toEqual([RESET_MESSAGES.newCommon]);
    const differ = (await setPassword(token, "new-password-1", "new-password-2")) as Reply;
    expect(differ.data.result?.error?.repeatPassword).toEqual([RESET_MESSAGES.repeatWrong]);
    // Refusals do not use the link up.
    expect(countSessions(user.id)).toBe(2);

    const done = await answerOf(await setPassword(token, "new-password-1"));
    expect(done).toEqual({ status: 302, location: "/admin/login", message: RESET_MESSAGES.changed });
    expect(countSessions(user.id)).toBe(0);
    const stored = getUserByEmail("roofer@example.com")!;
    expect(await verifyPassword("new-password-1", stored.passwordHash)).toBe(true);
    expect(((await signIn("roofer@example.com", "old-password")) as Reply).init?.status).toBe(401);
    expect(((await signIn("roofer@example.com", "new-password-1")) as Response).status).toBe(302);

    // The second time: a clear page, 410, nothing changed.
    const again = (await open(token)) as Reply;
    expect(again.init?.status).toBe(410);
    expect(again.data.state).toBe("gone");
    const reuse = (await setPassword(token, "third-password")) as Reply;
    expect(reuse.init?.status).toBe(410);
    expect(await verifyPassword("new-password-1", getUserByEmail("roofer@example.com")!.passwordHash)).toBe(true);
  });

  it("works for one hour from the mail, not a minute more", async () => {
    const { user } = await upsertUser("hour@example.com", "old-password");
    const asked = Date.now();
    await ask("hour@example.com");
    const token = await tokenMailedTo("hour@example.com");
    const mailedAt = resetRows(user.id)[0].expiresAt.getTime() - 60 * 60_000;
    expect(mailedAt).toBeGreaterThanOrEqual(asked);
    // Only the clock of the pages is moved, after the mail went (the outbox paces itself by the real one).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(mailedAt + 59 * 60_000);
    expect(((await open(token)) as Reply).data.state).toBe("open");
    vi.setSystemTime(mailedAt + 60 * 60_000);
    const late = (await open(token)) as Reply;
    expect(late.init?.status).toBe(410);
    expect(late.data.state).toBe("gone");
    expect(((await setPassword(token, "new-password-1")) as Reply).init?.status).toBe(410);
    expect(await verifyPassword("old-password", getUserByEmail("hour@example.com")!.passwordHash)).toBe(true);
  });

  it("a newer link makes the older one dead", async () => {
    await upsertUser("twice@example.com", "old-password");
    await ask("twice@example.com");
    const first = await tokenMailedTo("twice@example.com", 1);
    await ask("twice@example.com");
    const second = await tokenMailedTo("twice@example.com", 2);
    expect(second).not.toBe(first);
    expect(((await open(first)) as Reply).init?.status).toBe(410);
    expect(((await setPassword(first, "new-password-1")) as Reply).init?.status).toBe(410);
    expect((await answerOf(await setPassword(second, "new-password-2"))).location).toBe("/admin/login");
  });

  it("an unknown or malformed link is a 404 page, hostile bodies a 4xx, never a 500", async () => {
    const unknown = (await open("A".repeat(43))) as Reply;
    expect(unknown.init?.status).toBe(404);
    expect(unknown.data.state).toBe("gone");
    expect(((await open("../../etc/passwd")) as Reply).init?.status).toBe(404);
    expect(((await setPassword("x".repeat(5000), "new-password-1")) as Reply).init?.status).toBe(404);

    await upsertUser("hostile@example.com", "old-password");
    await ask("hostile@example.com");
    const token = await tokenMailedTo("hostile@example.com");
    const json = (await choose(token, JSON.stringify({ newPassword: "x" }), {
      "Content-Type": "application/json",
    })) as Response;
    expect(json.status).toBe(415);
    const long = (await setPassword(token, "p".repeat(5000))) as Reply;
    expect(long.init?.status).toBe(400);
    const huge = (await choose(token, "newPassword=" + "a".repeat(2_000_000), {
      "Content-Type": "application/x-www-form-urlencoded",
    })) as Response;
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    // Still open after all that.
    expect(((await open(token)) as Reply).data.state).toBe("open");
  });

  it("a removed person's link opens nothing", async () => {
    const { user } = await upsertUser("leaving@example.com", "old-password");
    await ask("leaving@example.com");
    const token = await tokenMailedTo("leaving@example.com");
    getDb().update(users).set({ removedAt: new Date() }).where(eq(users.id, user.id)).run();
    expect(((await open(token)) as Reply).init?.status).toBe(410);
    expect(((await setPassword(token, "new-password-1")) as Reply).init?.status).toBe(410);
  });
});

describe("the owner's reset from the Team screen", () => {
  it("mails the link when mail is set up", async () => {
    fake.sent.length = 0;
    expect(await startPasswordReset(officeId, { byOwner: true })).toEqual({ status: "sent" });
    const token = await tokenMailedTo("office@example.com");
    expect(((await open(token)) as Reply).data.state).toBe("open");
  });

  it("hands back the link to copy when mail is not set up, and it works", async () => {
    const outcome = await startPasswordReset(officeId, { byOwner: true, transport: noMail });
    expect(outcome).toMatchObject({ status: "not-mailed", why: "no-mail" });
    const link = outcome && "link" in outcome ? outcome.link : "";
    const token = /\/admin\/reset-password\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1] ?? "";
    expect((await answerOf(await setPassword(token, "office-password-2"))).location).toBe("/admin/login");
    expect(await verifyPassword("office-password-2", getUserByEmail("office@example.com")!.passwordHash)).toBe(true);
  });

  it("refuses a removed or unknown person", async () => {
    expect(await startPasswordReset(getUserByEmail("gone@example.com")!.id)).toBeUndefined();
    expect(await startPasswordReset(999_999)).toBeUndefined();
  });
});
