import { beforeAll, describe, expect, it, vi } from "vitest";
import { fakeResendForApp } from "./fake-mail";

// The Team screen and invitations (decision 0049), through the routes, with
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
const { enableTwoStep, getTwoStep, countRecoveryCodesLeft } = await import("~/models/two-step.server");

let owner = "";
let ownerId = 0;
beforeAll(async () => {
  owner = await signedInOwner();
  ownerId = getUserByEmail("owner@example.com")!.id;
  // The first admin the start-up made: this file's owner is to be the only one.
  for (const m of listMembers()) if (m.id !== ownerId) removeMember(m.id);
});

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0] ?? "";
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
      routeArgs(
        new Request("http://site.test/admin/team", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        }),
      ),
    ),
  ) as Promise<Response | Refused>;

async function flashOf(res: Response | Refused): Promise<string> {
  const { flash } = await readFlash(
    new Request("http://site.test/", { headers: { Cookie: cookieOf(res as Response, "__flash") } }),
  );
  return flash?.message ?? "";
}

const linkIn = (text: string) => /\/admin\/invitation\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

const openLink = (token: string) =>
  call(() => invitationRoute.loader(routeArgs(new Request(`http://site.test/admin/invitation/${token}`), { token })));
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
  const joined = (await accept(token, {
    name,
    password: "a-long-password",
    repeatPassword: "a-long-password",
  })) as Response;
  expect(joined.status).toBe(302);
  return cookieOf(joined, "__session");
}

describe("the Team screen", () => {
  it("is for owners only: office and crew get 403, anonymous goes to sign in", async () => {
    const office = await join("desk@example.com", "office", "Dana Desk");
    for (const cookie of [office]) {
      const page = (await call(() =>
        team.loader(routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: cookie } }))),
      )) as unknown as Refused;
      expect(page.init?.status).toBe(403);
      const res = (await post(cookie, { intent: "remove-member", member: String(ownerId) })) as Refused;
      expect(res.init?.status).toBe(403);
    }
    const anonymous = (await call(() =>
      team.loader(routeArgs(new Request("http://site.test/admin/team"))),
    )) as Response;
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
    const row = getDb()
      .select()
      .from(invitations)
      .all()
      .find((i) => i.email === "crew.one@example.com")!;
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const page = (await openLink(token)) as { data: { state: string; role: string; email: string } };
    expect(page.data).toMatchObject({ state: "open", role: "crew", email: "crew.one@example.com" });

    const short = (await accept(token, { name: "Sam", password: "short", repeatPassword: "short" })) as Refused;
    expect(short.init?.status).toBe(400);
    const common = (await accept(token, { name: "Sam", password: "password", repeatPassword: "password" })) as Refused;
    expect(common.init?.status).toBe(400);
    expect((common.data as { error: Record<string, string[]> }).error.password).toEqual([TEAM_MESSAGES.passwordCommon]);
    const joined = (await accept(token, {
      name: "Sam Shingle",
      password: "a-long-password",
      repeatPassword: "a-long-password",
    })) as Response;
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/admin");
    const me = await getAdmin(
      new Request("http://site.test/admin", { headers: { Cookie: cookieOf(joined, "__session") } }),
    );
    expect(me).toMatchObject({ email: "crew.one@example.com", name: "Sam Shingle", role: "crew" });

    // One use: the same link now says it was used, with 410.
    const again = (await openLink(token)) as Refused & { data: { state: string } };
    expect(again.init?.status).toBe(410);
    expect(again.data.state).toBe("used");
    const twice = (await accept(token, {
      name: "Mallory",
      password: "a-long-password",
      repeatPassword: "a-long-password",
    })) as Response;
    expect(twice.status).toBe(302);
    expect(getUserByEmail("crew.one@example.com")!.name).toBe("Sam Shingle");
  });

  it("lists people with their role and last sign-in (Never when none), and waiting invitations", async () => {
    await post(owner, { intent: "invite", email: "later@example.com", role: "office" });
    const { user: quiet } = await upsertUser("quiet@example.com", "quiet-password", { name: "Quinn Quiet" });
    const page = (await team.loader(
      routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: owner } })),
    )) as Awaited<ReturnType<typeof team.loader>>;
    expect(page.members[0]).toMatchObject({ email: "owner@example.com", role: "owner" });
    expect(page.members.find((m) => m.email === "crew.one@example.com")).toMatchObject({
      name: "Sam Shingle",
      role: "crew",
    });
    expect(page.members.find((m) => m.email === "crew.one@example.com")?.lastSignIn).toMatch(/\d/);
    expect(page.members.find((m) => m.email === "quiet@example.com")).toMatchObject({
      name: "Quinn Quiet",
      lastSignIn: null,
    });
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
    const hostile: Record<string, string>[] = [
      { intent: "change-role", member: "abc", role: "crew" },
      { intent: "remove-member", member: "-1" },
      { intent: "withdraw-invitation" },
      { intent: "nope" },
    ];
    for (const fields of hostile) {
      const res = (await post(owner, fields)) as Response;
      expect(res.status).toBe(400);
    }
    expect(((await openLink("not-a-token")) as Response).status).toBe(404);
    expect(((await openLink("A".repeat(43))) as Response).status).toBe(404);
  });

  it("withdraws and sends again: a withdrawn link says so; a link sent (or copied) before still opens after Send again", async () => {
    fake.sent.length = 0;
    await post(owner, { intent: "invite", email: "twice@example.com", role: "office" });
    const first = linkIn(fake.sent[0].text);
    const row = getDb()
      .select()
      .from(invitations)
      .all()
      .findLast((i) => i.email === "twice@example.com")!;
    const resent = (await post(owner, { intent: "resend-invitation", invitation: String(row.id) })) as Response;
    expect(await flashOf(resent)).toBe(`Invitation sent to twice@example.com. ${TEAM_MESSAGES.earlierLinksWork}`);
    const second = linkIn(fake.sent[1].text);
    expect(second).not.toBe(first);
    expect(((await openLink(first)) as { data: { state: string } }).data.state).toBe("open");
    expect(((await openLink(second)) as { data: { state: string } }).data.state).toBe("open");
    // The screen shows the invitation once, with its newest link's mail.
    const page = (await team.loader(
      routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: owner } })),
    )) as Awaited<ReturnType<typeof team.loader>>;
    expect(page.invitations.filter((i) => i.email === "twice@example.com")).toHaveLength(1);
    // Withdrawn (from either line): every link to the address closes.
    const res = (await post(owner, { intent: "withdraw-invitation", invitation: String(row.id) })) as Response;
    expect(await flashOf(res)).toBe("Invitation to twice@example.com withdrawn");
    for (const link of [first, second]) {
      const closed = (await openLink(link)) as Refused & { data: { state: string } };
      expect(closed.init?.status).toBe(410);
      expect(closed.data.state).toBe("withdrawn");
    }
  });

  it("sent again and joined by the older link: the newer one then says it was used", async () => {
    fake.sent.length = 0;
    await post(owner, { intent: "invite", email: "again@example.com", role: "crew" });
    const row = getDb()
      .select()
      .from(invitations)
      .all()
      .findLast((i) => i.email === "again@example.com")!;
    await post(owner, { intent: "resend-invitation", invitation: String(row.id) });
    const [first, second] = fake.sent.map((m) => linkIn(m.text));
    const joined = (await accept(first, {
      name: "Ada Again",
      password: "a-long-password",
      repeatPassword: "a-long-password",
    })) as Response;
    expect(joined.status).toBe(302);
    for (const link of [first, second]) {
      const closed = (await openLink(link)) as Refused & { data: { state: string } };
      expect(closed.init?.status).toBe(410);
      expect(closed.data.state).toBe("used");
    }
    // A form posted on the other link's page meanwhile: back to that page, which says why.
    const late = (await accept(second, {
      name: "Eve",
      password: "a-long-password",
      repeatPassword: "a-long-password",
    })) as Response;
    expect(late.status).toBe(302);
    expect(late.headers.get("Location")).toBe(`/admin/invitation/${second}`);
    expect(getUserByEmail("again@example.com")!.name).toBe("Ada Again");
  });

  it("sent again without mail: the new link to copy, and the page says the earlier ones still work", async () => {
    fake.failWhen(() => true);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const first = (await post(owner, { intent: "invite", email: "copy@example.com", role: "crew" })) as {
      data: { url: string };
    };
    const row = getDb()
      .select()
      .from(invitations)
      .all()
      .findLast((i) => i.email === "copy@example.com")!;
    const again = (await post(owner, { intent: "resend-invitation", invitation: String(row.id) })) as {
      data: { form: string; url: string; again?: boolean };
    };
    log.mockRestore();
    fake.failWhen(() => false);
    expect(again.data).toMatchObject({ form: "link", again: true });
    expect(linkIn(again.data.url)).not.toBe(linkIn(first.data.url));
    expect(((await openLink(linkIn(first.data.url))) as { data: { state: string } }).data.state).toBe("open");
  });

  it("an expired link says it ran out (410)", async () => {
    const now = new Date();
    fake.sent.length = 0;
    await inviteMember(
      ownerId,
      { email: "old@example.com", role: "crew" },
      { now: new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000) },
    );
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
    const page = (await team.loader(
      routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: owner } })),
    )) as Awaited<ReturnType<typeof team.loader>>;
    expect(page.members.map((m) => m.email)).not.toContain("leaving@example.com");

    const back = await join("leaving@example.com", "office", "Lee Back");
    expect(await getAdmin(new Request("http://site.test/admin", { headers: { Cookie: back } }))).toMatchObject({
      userId: user.id,
      role: "office",
      name: "Lee Back",
    });
  });

  it("a second owner can be demoted, then removed; the other owner stays", async () => {
    await join("co@example.com", "owner", "Co Owner");
    const co = getUserByEmail("co@example.com")!;
    expect(
      ((await post(owner, { intent: "change-role", member: String(co.id), role: "crew" })) as Response).status,
    ).toBe(302);
    expect(getUserByEmail("co@example.com")!.role).toBe("crew");
    await post(owner, { intent: "remove-member", member: String(co.id) });
    expect(getUserByEmail("co@example.com")!.removedAt).not.toBeNull();
  });

  it("a mail the provider refuses: its link is shown to copy instead", async () => {
    fake.failWhen(() => true);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = (await post(owner, { intent: "invite", email: "nomail@example.com", role: "crew" })) as {
      data: { form: string; url: string };
    };
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

  it("turns off a member's two-step (a lost phone): codes gone, signed out, signs in with the password alone", async () => {
    const cookie = await join("phone@example.com", "crew", "Pat Phone");
    const pat = getUserByEmail("phone@example.com")!;
    enableTwoStep(pat.id, "JBSWY3DPEHPK3PXP", ["hash-1", "hash-2"]);
    const load = async () =>
      (
        (await team.loader(
          routeArgs(new Request("http://site.test/admin/team", { headers: { Cookie: owner } })),
        )) as Awaited<ReturnType<typeof team.loader>>
      ).members;
    expect((await load()).find((m) => m.id === pat.id)?.twoStep).toBe(true);

    // Only the owner may; the member themselves cannot do it from here.
    expect(
      ((await post(cookie, { intent: "turn-off-two-step", member: String(pat.id) })) as Refused).init?.status,
    ).toBe(403);
    expect(getTwoStep(pat.id)).not.toBeNull();

    const res = (await post(owner, { intent: "turn-off-two-step", member: String(pat.id) })) as Response;
    expect(res.status).toBe(302);
    expect(await flashOf(res)).toBe(
      "Two-step sign-in is off for Pat Phone. They were signed out and sign in again with their password alone.",
    );
    expect(getTwoStep(pat.id)).toBeNull();
    expect(countRecoveryCodesLeft(pat.id)).toBe(0);
    expect(countSessions(pat.id)).toBe(0);
    expect(await getAdmin(new Request("http://site.test/admin", { headers: { Cookie: cookie } }))).toBeNull();
    expect((await load()).find((m) => m.id === pat.id)?.twoStep).toBe(false);

    const again = (await post(owner, { intent: "turn-off-two-step", member: String(pat.id) })) as Response;
    expect(await flashOf(again)).toBe("Two-step sign-in was already off for Pat Phone");
    // The owner's own two-step is the account page's (it asks for the password).
    enableTwoStep(ownerId, "JBSWY3DPEHPK3PXP", ["hash-3"]);
    const own = (await post(owner, { intent: "turn-off-two-step", member: String(ownerId) })) as Response;
    expect(await flashOf(own)).toBe(TEAM_MESSAGES.twoStepOwn);
    expect(getTwoStep(ownerId)).not.toBeNull();
    for (const member of ["0", "abc", "99999"]) {
      const hostile = (await post(owner, { intent: "turn-off-two-step", member })) as Response;
      expect(hostile.status).toBeLessThan(500);
    }
  });

  it("an owner made by the CLI: upsertUser with a name makes an owner", async () => {
    const { user } = await upsertUser("cli@example.com", "cli-password", { name: "Cli Owner" });
    expect(user).toMatchObject({ role: "owner", name: "Cli Owner" });
  });
});
