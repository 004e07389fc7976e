import { describe, expect, it } from "vitest";
import { MESSAGES, REACH_MESSAGES } from "./contact-form";
import { ContactSchema, contactRefusalMessage, NO_EMAIL, parseContactForm } from "./contact-schema";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const errorsOf = (fields: Record<string, string>) => parseContactForm(form(fields)).reply().error;
const base = { name: "Ann", email: "ann@example.com", message: "Hi" };

describe("the quote form's schema, parsed by conform", () => {
  it("accepts a complete message and trims it", () => {
    const submission = parseContactForm(form({ name: " Ann ", email: "ann@example.com", phone: "", message: " Hi " }));
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Ann",
      email: "ann@example.com",
      phone: null,
      message: "Hi",
      service: null,
      street: null,
      city: null,
      zip: null,
      preferredContact: null,
      textConsent: false,
    });
  });

  it("takes what a quote request adds: the kind of work, the address and the best way to reach", () => {
    const submission = parseContactForm(
      form({
        ...base,
        message: "Hail",
        service: "Storm / hail damage",
        street: " 12 Elm St ",
        city: "Derby",
        zip: "67037",
        phone: "316-555-0100",
        preferredContact: "text",
        textConsent: "on",
      }),
    );
    expect(submission.status === "success" && submission.value).toMatchObject({
      textConsent: true,
      service: "Storm / hail damage",
      street: "12 Elm St",
      city: "Derby",
      zip: "67037",
      preferredContact: "text",
    });
    expect(parseContactForm(form({ ...base, zip: "67037-1234" })).status).toBe("success");
  });

  it("refuses a made-up service, a way to reach we do not offer and a ZIP that is not five digits, on the field", () => {
    expect(errorsOf({ ...base, service: "Pool cleaning" })).toEqual({
      service: ["Please choose the kind of work from the list"],
    });
    expect(errorsOf({ ...base, preferredContact: "fax" })).toEqual({
      preferredContact: ["Please choose call, text or email"],
    });
    expect(errorsOf({ ...base, zip: "6703", city: "Derby" })).toEqual({ zip: ["Please enter a 5-digit ZIP code"] });
  });

  it("marks each empty required field with the spec's words, and keeps what was typed", () => {
    const submission = parseContactForm(form({ name: "", email: "ann@example.com", message: "   " }));
    const reply = submission.reply();
    expect(reply.error).toEqual({ name: [MESSAGES.required], message: [MESSAGES.required] });
    expect(reply.initialValue).toMatchObject({ email: "ann@example.com" });
    // One message for the whole form names them, as the spec's words then which fields.
    expect(contactRefusalMessage(submission)).toBe(`${MESSAGES.required}: Name, Message`);
  });
});

describe("the quote form's way to reach the visitor", () => {
  it("takes a phone without an email (stored as no email), and an email without a phone", () => {
    const phoneOnly = parseContactForm(
      form({ name: "Ann", phone: "316-555-0100", email: "  ", message: "Call me", preferredContact: "call" }),
    );
    expect(phoneOnly.status === "success" && phoneOnly.value).toMatchObject({
      email: NO_EMAIL,
      phone: "316-555-0100",
      preferredContact: "call",
    });
    expect(parseContactForm(form({ ...base, preferredContact: "email" })).status).toBe("success");
  });

  it("refuses a form with neither, saying so on the email field and for the whole form", () => {
    const submission = parseContactForm(form({ name: "Ann", email: "", phone: "", message: "Hi" }));
    expect(submission.reply().error).toEqual({ email: [REACH_MESSAGES.reach] });
    expect(contactRefusalMessage(submission)).toBe(REACH_MESSAGES.reach);
  });

  it("refuses 'call me' or 'text me' without a phone, on the phone field, even with an email", () => {
    for (const preferredContact of ["call", "text"]) {
      const submission = parseContactForm(form({ ...base, preferredContact }));
      expect(submission.reply().error).toEqual({ phone: [REACH_MESSAGES.callNeedsPhone] });
      expect(contactRefusalMessage(submission)).toBe(REACH_MESSAGES.callNeedsPhone);
    }
  });

  it("refuses 'email me' without an email, on the email field", () => {
    expect(errorsOf({ name: "Ann", phone: "316-555-0100", message: "Hi", preferredContact: "email" })).toEqual({
      email: [REACH_MESSAGES.emailNeedsEmail],
    });
  });

  it("says every problem at once: a missing name beside a call without a phone", () => {
    expect(errorsOf({ email: "ann@example.com", message: "Hi", preferredContact: "call" })).toEqual({
      name: [MESSAGES.required],
      phone: [REACH_MESSAGES.callNeedsPhone],
    });
  });
});

describe("the quote form's other refusals", () => {
  it("says the first field's own problem for the whole form when nothing is missing", () => {
    const submission = parseContactForm(form({ ...base, email: "ann", zip: "670" }));
    expect(submission.reply().error).toEqual({
      email: [MESSAGES.invalidEmail],
      zip: ["Please enter a 5-digit ZIP code"],
    });
    expect(contactRefusalMessage(submission)).toBe(MESSAGES.invalidEmail);
  });

  it("refuses line breaks in single-line fields", () => {
    expect(errorsOf({ ...base, name: "Ann\r\nBcc: x@example.com" })).toEqual({ name: ["Please use a single line"] });
  });

  it("reads a field the form left out as missing, with the same message", () => {
    const r = ContactSchema.safeParse({ email: "a@example.com" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.required, MESSAGES.required]);
  });
});
