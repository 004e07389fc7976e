import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LOGIN_MISSING, LoginSchema } from "./login-form";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: LoginSchema });
};

describe("the sign-in form", () => {
  it("takes an email and a password, and where to go next", () => {
    const submission = parse({ email: " owner@example.com ", password: " secret ", redirectTo: "/admin/pricing" });
    expect(submission.status === "success" && submission.value).toEqual({
      email: "owner@example.com",
      password: " secret ",
      redirectTo: "/admin/pricing",
    });
  });

  it("marks each missing field with the spec's words", () => {
    expect(parse({ email: "", password: "" }).reply().error).toEqual({
      email: [LOGIN_MISSING],
      password: [LOGIN_MISSING],
    });
    expect(parse({ email: "owner@example.com" }).reply().error).toEqual({ password: [LOGIN_MISSING] });
    expect(parse({ email: "   ", password: "x" }).reply().error).toEqual({ email: [LOGIN_MISSING] });
  });

  it("never gives the password back with a refusal", () => {
    expect(
      parse({ email: "", password: "secret" }).reply({ hideFields: ["password"] }).initialValue,
    ).not.toHaveProperty("password");
  });
});
