import { describe, expect, it } from "vitest";
import { endSession, getAdmin, requireAdmin, startSession } from "~/services/auth.server";
import {
  countSessions,
  createSession,
  getSessionUser,
  IDLE_TIMEOUT_MS,
  ABSOLUTE_TIMEOUT_MS,
} from "~/models/session.server";
import { upsertUser } from "~/models/user.server";

const withCookie = (setCookie: string) =>
  new Request("http://site.test/admin", { headers: { Cookie: setCookie.split(";")[0] } });

describe("sessions", () => {
  it("keeps only a random id in an HttpOnly, SameSite=Lax cookie", async () => {
    const { user } = await upsertUser("a@example.com", "password-one");
    const setCookie = await startSession(user.id);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("a@example.com");
    expect((await getAdmin(withCookie(setCookie)))?.email).toBe("a@example.com");
  });

  it("gives every login a new id", async () => {
    const { user } = await upsertUser("b@example.com", "password-two");
    expect(await startSession(user.id)).not.toBe(await startSession(user.id));
  });

  it("signs out by deleting the row, so the old cookie no longer works", async () => {
    const { user } = await upsertUser("c@example.com", "password-three");
    const setCookie = await startSession(user.id);
    expect(countSessions(user.id)).toBe(1);
    const cleared = await endSession(withCookie(setCookie));
    expect(cleared).toContain("Max-Age=0");
    expect(countSessions(user.id)).toBe(0);
    expect(await getAdmin(withCookie(setCookie))).toBeNull();
  });

  it("expires after idle time and after the absolute limit", async () => {
    const { user } = await upsertUser("d@example.com", "password-four");
    const t0 = new Date("2026-01-01T00:00:00Z");
    const idle = createSession(user.id, t0);
    expect(getSessionUser(idle, new Date(t0.getTime() + IDLE_TIMEOUT_MS - 1000))).not.toBeNull();
    expect(getSessionUser(idle, new Date(t0.getTime() + 2 * IDLE_TIMEOUT_MS))).toBeNull();

    const busy = createSession(user.id, t0);
    let now = t0.getTime();
    while (now + IDLE_TIMEOUT_MS / 2 < t0.getTime() + ABSOLUTE_TIMEOUT_MS) {
      now += IDLE_TIMEOUT_MS / 2;
      if (now < t0.getTime() + ABSOLUTE_TIMEOUT_MS) expect(getSessionUser(busy, new Date(now))).not.toBeNull();
    }
    expect(getSessionUser(busy, new Date(t0.getTime() + ABSOLUTE_TIMEOUT_MS + 1))).toBeNull();
  });

  it("rejects a forged cookie", async () => {
    expect(await getAdmin(new Request("http://site.test/", { headers: { Cookie: "__session=abc" } }))).toBeNull();
  });

  it("requireAdmin answers 401 for resource routes", async () => {
    const thrown = await requireAdmin(new Request("http://site.test/admin/export.csv"), { resource: true }).catch(
      (e) => e,
    );
    expect((thrown as Response).status).toBe(401);
  });
});
