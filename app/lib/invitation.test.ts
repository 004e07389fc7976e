import { describe, expect, it } from "vitest";
import { invitationExpiry, invitationMail, invitationPath, invitationState, roleWithArticle } from "./invitation";

describe("invitations", () => {
  const now = new Date("2026-11-27T12:00:00Z");

  it("run for 7 days", () => {
    expect(invitationExpiry(now).toISOString()).toBe("2026-12-04T12:00:00.000Z");
  });

  it("say why a link no longer opens: used before withdrawn before expired", () => {
    const open = { acceptedAt: null, revokedAt: null, expiresAt: invitationExpiry(now) };
    expect(invitationState(open, now)).toBe("open");
    expect(invitationState(open, open.expiresAt)).toBe("expired");
    expect(invitationState({ ...open, revokedAt: now }, now)).toBe("withdrawn");
    expect(invitationState({ ...open, revokedAt: now, acceptedAt: now }, now)).toBe("used");
  });

  it("mail who invites, as what, the link and its last day", () => {
    const mail = invitationMail({
      inviter: "Pat Owner",
      company: "Prairie Ridge",
      role: "office",
      link: "https://x.test/admin/invitation/abc",
      expiresAt: invitationExpiry(now),
    });
    expect(mail.subject).toBe("Pat Owner invited you to Prairie Ridge's admin");
    expect(mail.text).toContain("as office staff");
    expect(mail.text).toContain("https://x.test/admin/invitation/abc");
    expect(mail.text).toContain("December 4, 2026");
  });

  it("read roles with their article and link to the invitation page", () => {
    expect(roleWithArticle("crew")).toBe("a crew member");
    expect(roleWithArticle("owner")).toBe("an owner");
    expect(invitationPath("tok")).toBe("/admin/invitation/tok");
  });
});
