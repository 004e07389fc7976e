import { describe, expect, it } from "vitest";
import { MESSAGES, parseContactForm } from "./contact-form";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("parseContactForm", () => {
  it("accepts a complete message and trims it", () => {
    const result = parseContactForm(form({ name: " Ann ", email: "ann@example.com", phone: "", message: " Hi " }));
    expect(result).toEqual({ ok: true, data: { name: "Ann", email: "ann@example.com", phone: null, message: "Hi" } });
  });

  it("says 'Please fill in all required fields' when any required field is empty, and keeps the input", () => {
    const result = parseContactForm(form({ name: "Ann", email: "", message: "   " }));
    expect(result).toMatchObject({ ok: false, result: { status: "error", message: MESSAGES.required, values: { name: "Ann" } } });
  });

  it("refuses an invalid email", () => {
    const result = parseContactForm(form({ name: "Ann", email: "ann", message: "Hi" }));
    expect(result).toMatchObject({ ok: false, result: { message: MESSAGES.invalidEmail } });
  });

  it("refuses line breaks in single-line fields", () => {
    const result = parseContactForm(form({ name: "Ann\r\nBcc: x@example.com", email: "ann@example.com", message: "Hi" }));
    expect(result.ok).toBe(false);
  });
});

describe("ContactSchema in the browser", () => {
  it("reads a field the browser left out as missing, with the same message", async () => {
    const { ContactSchema } = await import("./contact-form");
    const r = ContactSchema.safeParse({ email: "a@example.com" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.required, MESSAGES.required]);
  });
});
