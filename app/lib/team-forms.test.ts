import { describe, expect, it } from "vitest";
import { AcceptInvitationSchema, ChangeRoleSchema, InviteSchema, TEAM_MESSAGES } from "./team-forms";

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("the Team screen's forms", () => {
  it("invite: an email and one of the three roles", () => {
    expect(InviteSchema.parse({ email: " a@b.co ", role: "crew" })).toEqual({ email: "a@b.co", role: "crew" });
    expect(firstError(InviteSchema.safeParse({ email: "", role: "crew" }))).toBe(TEAM_MESSAGES.emailMissing);
    expect(firstError(InviteSchema.safeParse({ email: "nope", role: "crew" }))).toBe(TEAM_MESSAGES.emailInvalid);
    expect(firstError(InviteSchema.safeParse({ email: "a@b.co", role: "admin" }))).toBe(TEAM_MESSAGES.roleMissing);
  });

  it("change role: a member id, whole and positive", () => {
    expect(ChangeRoleSchema.safeParse({ member: "3", role: "office" }).success).toBe(true);
    for (const member of ["0", "-2", "1.5", "x", "99999999999999999999"])
      expect(ChangeRoleSchema.safeParse({ member, role: "office" }).success).toBe(false);
  });

  it("accept: a name, a password of the account rule, typed twice", () => {
    expect(
      AcceptInvitationSchema.safeParse({ name: " Sam ", password: "long-enough", repeatPassword: "long-enough" }).data
        ?.name,
    ).toBe("Sam");
    expect(
      firstError(
        AcceptInvitationSchema.safeParse({ name: "", password: "long-enough", repeatPassword: "long-enough" }),
      ),
    ).toBe(TEAM_MESSAGES.nameMissing);
    expect(
      firstError(AcceptInvitationSchema.safeParse({ name: "Sam", password: "short", repeatPassword: "short" })),
    ).toBe(TEAM_MESSAGES.passwordShort);
    expect(
      firstError(
        AcceptInvitationSchema.safeParse({ name: "Sam", password: "long-enough", repeatPassword: "long-enougH" }),
      ),
    ).toBe(TEAM_MESSAGES.repeatWrong);
    expect(
      AcceptInvitationSchema.safeParse({ name: "Sam", password: "x".repeat(201), repeatPassword: "x".repeat(201) })
        .success,
    ).toBe(false);
  });
});
