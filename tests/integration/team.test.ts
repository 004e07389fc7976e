import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeResendForApp } from "./fake-mail";

// The Team screen and invitations (issue 30, decision 0049), through the routes, with
// mail going through the real resend SDK to a fake Resend.
const fake = await fakeResendForApp();
const { routeArgs, signedInOwner } = await import("./admin-session");
const team = await import("~/routes/admin/team");
const invitationRoute = await import("~/routes/admin/invitation");
const { getAdmin, startSession } = await import("~/services/auth.server");
const { readFlash } = await import("~/services/flash.server");
const { getUserByEmail, listMembers, removeMember, upsertUser } = await import("~/models/user.server");
const { countSessions } = await import("~/models/session.server");
const { getDb } = await import("~/server/db.server");
const { invitations } = await import("~/db/schema");
const { TEAM_MESSAGES } = await import("~/lib/team-forms");
const { inviteMember } = await import("~/services/team.server");

let owner = "";
let ownerId = 0;
beforeAll(async () => {
  owner = await signedInOwner();
  ownerId = getUserByEmail("owner@example.com")!.id;
  // The first admin the start-up made: this file's owner is to be the only one.
  for (const m of listMembers()) if (m.id !== ownerId) removeMember(m.id);
});

const cookieOf = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(";")[0] ?? "";
type Refused = { data: unknown; init: { status: number } | null };

async function call<T>(fn: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown as T;
    throw thrown;
  }
}

const post = (cookie: string, fields: Record<string, string>) =>
  call(() =>
    team.action(
      routeArgs(new Request("http://site.test/admin/team", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" } })),
    ),
  ) as Promise<Response | Refused>;

async function flashOf(res: Response | Refused): Promise<string> {
  const { flash } = await readFlash(new Request("http://site.test/", { headers: { Cookie: cookieOf(res as Response, "__flash") } }));
  return flash?.message ?? "";
}

const linkIn = (text: string) => /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

const openLink = (token: string) => call(() => invitationRoute.loader(routeArgs(new Request(`http://site.test/admin/invitation/${token}`), { token })));
const accept = (token: string, fields: Record<string, string>) =>
  call(() =>
    invitationRoute.action(
      routeArgs(
        new Request(`http://site.test/admin/invitation/${token}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Test phone" },
        }),
        { token },
      ),
    ),
  ) as Promise<Response | Refused>;

/** Invites `email` as `role` and joins with the mailed link: the new member's Cookie value. */
async function join(email: string, role: string, name: string): Promise<string> {
  fake.sent.length = 0;
  const res = (await post(owner, { intent: "invite", email, role })) as Response;
  expect(res.status, JSON.stringify(res)).toBe(302);
  const token = linkIn(fake.sent[0].text);
  const joined = (await accept(token, { name, password: "a-long-password", repeatPassword: "a-long-password" })) as Response;
  expect(joined.status).toBe(302);
  return cookieOf(joined, "__session");
}

describe("the Team screen", () => {
  it("is for owners only: office and crew get 403, anonymous goes to sign in", async () => {
    const office = await join("desk@example.com", "office", "Dana Desk");
    for (const cookie of [office]) {
      const page = (await call(() => team.loader(routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: cookie } }))))) as unknown as Refused;
      expect(page.init?.status).toBe(403);
      const res = (await post(cookie, { intent: "remove-member", member: String(ownerId) })) as Refused;
      expect(res.init?.status).toBe(403);
    }
    const anonymous = (await call(() => team.loader(routeArgs(new Request("http://site.test/admin/team"))))) as Response;
    expect(anonymous.status).toBe(302);
    expect(getUserByEmail("owner@example.com")!.removedAt).toBeNull();
  });

  it("invites by mail: only the hash is stored, the link opens a page naming the inviter and role, and joining signs in", async () => {
    fake.sent.length = 0;
    const res = (await post(owner, { intent: "invite", email: " Crew.One@Example.com ", role: "crew" })) as Response;
    expect(res.status).toBe(302);
    expect(await flashOf(res)).toBe("Invitation sent to crew.one@example.com");
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0].to).toEqual(["crew.one@example.com"]);
    expect(fake.sent[0].text).toContain("as a crew member");
    const token = linkIn(fake.sent[0].text);
    const row = getDb().select().from(invitations).all().find((i) => i.email === "crew.one@example.com")!;
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const page = (await openLink(token)) as { data: { state: string; role: string; email: string } };
    expect(page.data).toMatchObject({ state: "open", role: "crew", email: "crew.one@example.com" });

    const short = (await accept(token, { name: "Sam", password: "short", repeatPassword: "short" })) as Refused;
    expect(short.init?.status).toBe(400);
    const joined = (await accept(token, { name: "Sam Shingle", password: "a-long-password", repeatPassword: "a-long-password" })) as Response;
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/admin");
    const me = await getAdmin(new Request("http://site.test/admin", { headers: { Cookie: cookieOf(joined, "__session") } }));
    expect(me).toMatchObject({ email: "crew.one@example.com", name: "Sam Shingle", role: "crew" });

    // One use: the same link now says it was used, with 410.
    const again = (await openLink(token)) as Refused & { data: { state: string } };
    expect(again.init?.status).toBe(410);
    expect(again.data.state).toBe("used");
    const twice = (await accept(token, { name: "Mallory", password: "a-long-password", repeatPassword: "a-long-password" })) as Response;
    expect(twice.status).toBe(302);
    expect(getUserByEmail("crew.one@example.com")!.name).toBe("Sam Shingle");
  });

  it("lists people with their role and last sign-in (Never when none), and waiting invitations", async () => {
    await post(owner, { intent: "invite", email: "later@example.com", role: "office" });
    const { user: quiet } = await upsertUser("quiet@example.com", "quiet-password", { name: "Quinn Quiet" });
    const page = (await team.loader(routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: owner } })))) as Awaited<ReturnType<typeof team.loader>>;
    expect(page.members[0]).toMatchObject({ email: "owner@example.com", role: "owner" });
    expect(page.members.find((m) => m.email === "crew.one@example.com")).toMatchObject({ name: "Sam Shingle", role: "crew" });
    expect(page.members.find((m) => m.email === "crew.one@example.com")?.lastSignIn).toMatch(/\d/);
    expect(page.members.find((m) => m.email === "quiet@example.com")).toMatchObject({ name: "Quinn Quiet", lastSignIn: null });
    removeMember(quiet.id);
    expect(page.invitations.map((i) => i.email)).toContain("later@example.com");
    expect(page.invitations.find((i) => i.email === "later@example.com")?.mail).toBe("Sent");
  });

  it("refuses an email already on the team, and hostile forms with 4xx", async () => {
    const taken = (await post(owner, { intent: "invite", email: "owner@example.com", role: "office" })) as Refused;
    expect(taken.init?.status).toBe(409);
    expect(JSON.stringify(taken.data)).toContain(TEAM_MESSAGES.alreadyMember);
    const badRole = (await post(owner, { intent: "invite", email: "x@example.com", role: "king" })) as Refused;
    expect(badRole.init?.status).toBe(400);
    const hostile: Record<string, string>[] = [{ intent: "change-role", member: "abc", role: "crew" }, { intent: "remove-member", member: "-1" }, { intent: "withdraw-invitation" }, { intent: "nope" }];
    for (const fields of hostile) {
      const res = (await post(owner, fields)) as Response;
      expect(res.status).toBe(400);
    }
    expect(((await openLink("not-a-token")) as Response).status).toBe(404);
    expect(((await openLink("A".repeat(43))) as Response).status).toBe(404);
  });

  it("withdraws and sends again: a withdrawn link says so; a new send kills the old link", async () => {
    fake.sent.length = 0;
    await post(owner, { intent: "invite", email: "twice@example.com", role: "office" });
    const first = linkIn(fake.sent[0].text);
    const row = getDb().select().from(invitations).all().findLast((i) => i.email === "twice@example.com")!;
    await post(owner, { intent: "resend-invitation", invitation: String(row.id) });
    const second = linkIn(fake.sent[1].text);
    expect(second).not.toBe(first);
    expect(((await openLink(first)) as Response).status).toBe(404);
    const res = (await post(owner, { intent: "withdraw-invitation", invitation: String(row.id) })) as Response;
    expect(await flashOf(res)).toBe("Invitation to twice@example.com withdrawn");
    const closed = (await openLink(second)) as Refused & { data: { state: string } };
    expect(closed.init?.status).toBe(410);
    expect(closed.data.state).toBe("withdrawn");
  });

  it("an expired link says it ran out (410)", async () => {
    const now = new Date();
    fake.sent.length = 0;
    await inviteMember(ownerId, { email: "old@example.com", role: "crew" }, { now: new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000) });
    const closed = (await openLink(linkIn(fake.sent[0].text))) as Refused & { data: { state: string } };
    expect(closed.init?.status).toBe(410);
    expect(closed.data.state).toBe("expired");
  });

  it("changes a role; the last owner can be neither demoted nor removed", async () => {
    const crew = getUserByEmail("crew.one@example.com")!;
    const res = (await post(owner, { intent: "change-role", member: String(crew.id), role: "office" })) as Response;
    expect(await flashOf(res)).toBe("Sam Shingle is now Office");
    expect(getUserByEmail("crew.one@example.com")!.role).toBe("office");

    const demote = (await post(owner, { intent: "change-role", member: String(ownerId), role: "crew" })) as Response;
    expect(await flashOf(demote)).toBe(TEAM_MESSAGES.lastOwner);
    const remove = (await post(owner, { intent: "remove-member", member: String(ownerId) })) as Response;
    expect(await flashOf(remove)).toBe(TEAM_MESSAGES.lastOwner);
    expect(getUserByEmail("owner@example.com")).toMatchObject({ role: "owner", removedAt: null });
  });

  it("removes a member: every session ends at once, the row (and name) stays; invited again, the same row comes back", async () => {
    const cookie = await join("leaving@example.com", "crew", "Lee Leaving");
    const user = getUserByEmail("leaving@example.com")!;
    await startSession(user.id);
    expect(countSessions(user.id)).toBe(2);
    const res = (await post(owner, { intent: "remove-member", member: String(user.id) })) as Response;
    expect(await flashOf(res)).toBe("Lee Leaving was removed and signed out");
    expect(countSessions(user.id)).toBe(0);
    expect(await getAdmin(new Request("http://site.test/admin", { headers: { Cookie: cookie } }))).toBeNull();
    expect(getUserByEmail("leaving@example.com")).toMatchObject({ id: user.id, name: "Lee Leaving" });
    const page = (await team.loader(routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: owner } })))) as Awaited<ReturnType<typeof team.loader>>;
    expect(page.members.map((m) => m.email)).not.toContain("leaving@example.com");

    const back = await join("leaving@example.com", "office", "Lee Back");
    expect(await getAdmin(new Request("http://site.test/admin", { headers: { Cookie: back } }))).toMatchObject({ userId: user.id, role: "office", name: "Lee Back" });
  });

  it("a second owner can be demoted, then removed; the other owner stays", async () => {
    await join("co@example.com", "owner", "Co Owner");
    const co = getUserByEmail("co@example.com")!;
    expect(((await post(owner, { intent: "change-role", member: String(co.id), role: "crew" })) as Response).status).toBe(302);
    expect(getUserByEmail("co@example.com")!.role).toBe("crew");
    await post(owner, { intent: "remove-member", member: String(co.id) });
    expect(getUserByEmail("co@example.com")!.removedAt).not.toBeNull();
  });

  it("a mail the provider refuses: its link is shown to copy instead", async () => {
    fake.failWhen(() => true);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = (await post(owner, { intent: "invite", email: "nomail@example.com", role: "crew" })) as { data: { form: string; url: string } };
    log.mockRestore();
    expect(res.data.form).toBe("link");
    const page = (await openLink(linkIn(res.data.url))) as { data: { state: string } };
    expect(page.data.state).toBe("open");
  });

  it("sends a member a password reset link by mail", async () => {
    const desk = getUserByEmail("desk@example.com")!;
    fake.sent.length = 0;
    const res = (await post(owner, { intent: "send-password-reset", member: String(desk.id) })) as Response;
    expect(await flashOf(res)).toBe("Password reset link sent to Dana Desk");
    expect(fake.sent[0].to[0]).toContain("desk@example.com");
    expect(fake.sent[0].text).toMatch(/\/admin\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it("an owner made by the CLI: upsertUser with a name makes an owner", async () => {
    const { user } = await upsertUser("cli@example.com", "cli-password", { name: "Cli Owner" });
    expect(user).toMatchObject({ role: "owner", name: "Cli Owner" });
  });
});
