import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES } from "./lead-status";
import { MESSAGES } from "./contact-form";
import { NO_EMAIL } from "./contact-schema";
import { MANUAL_LEAD_MESSAGES, ManualLeadSchema, addedBy } from "./manual-lead";

// What the action sees: the posted form, read the way conform reads it (an empty field is missing).
const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: ManualLeadSchema });
};
const errorsOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  expect(submission.status).toBe("error");
  return submission.reply().error ?? {};
};

describe("ManualLeadSchema", () => {
  it("takes a phone call with a name, a phone number and what they said; no email is stored as ''; Contacted by default", () => {
    const submission = parse({
      name: " Dale Hobbs ",
      phone: "(620) 555-0177",
      message: " Wind took some shingles ",
      email: "",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Dale Hobbs",
      phone: "(620) 555-0177",
      email: NO_EMAIL,
      service: null,
      street: null,
      city: null,
      zip: null,
      preferredContact: null,
      textConsent: false,
      message: "Wind took some shingles",
      status: "contacted",
      followUpOn: null,
    });
  });

  it("takes every field the quote form has, an email without a phone, another starting status and a follow-up day", () => {
    const submission = parse({
      name: "Rita",
      email: "rita@example.com",
      service: "Gutter Services",
      street: "12 Elm St",
      city: "Wellington",
      zip: "67152",
      preferredContact: "email",
      message: "Gutters overflow",
      status: "visit_scheduled",
      followUpOn: "2026-12-03",
    });
    expect(submission.status === "success" && submission.value).toMatchObject({
      email: "rita@example.com",
      phone: null,
      service: "Gutter Services",
      zip: "67152",
      preferredContact: "email",
      status: "visit_scheduled",
      followUpOn: "2026-12-03",
    });
  });

  it("asks for a name, what they said, and a phone or an email, each by its field, all at once", () => {
    expect(errorsOf({})).toEqual({
      name: [MANUAL_LEAD_MESSAGES.name],
      message: [MANUAL_LEAD_MESSAGES.message],
      phone: [MANUAL_LEAD_MESSAGES.reach],
    });
    // Spaces are not a name, an email or a message.
    expect(errorsOf({ name: "  ", email: "   ", message: " ", phone: "" })).toMatchObject({
      phone: [MANUAL_LEAD_MESSAGES.reach],
    });
  });

  it("refuses a phone number without enough digits, a wrong email, a ZIP and a work type the quote form would refuse", () => {
    const errors = errorsOf({
      name: "Al",
      phone: "call back",
      email: "al@",
      message: "Roof",
      zip: "6715",
      service: "Pool cleaning",
    });
    expect(errors).toMatchObject({
      phone: [MANUAL_LEAD_MESSAGES.phoneDigits],
      email: [MESSAGES.invalidEmail],
      zip: ["Please enter a 5-digit ZIP code"],
      service: ["Please choose the kind of work from the list"],
    });
    expect(parse({ name: "Al", phone: "555-0142", message: "Roof" }).status).toBe("success");
  });

  it("refuses a way to reach them that the lead has no number or address for", () => {
    expect(errorsOf({ name: "Al", email: "al@example.com", message: "Roof", preferredContact: "text" })).toEqual({
      preferredContact: [MANUAL_LEAD_MESSAGES.callNeedsPhone],
    });
    expect(errorsOf({ name: "Al", phone: "316 555 0142", message: "Roof", preferredContact: "email" })).toEqual({
      preferredContact: [MANUAL_LEAD_MESSAGES.emailNeedsEmail],
    });
  });

  it("starts a lead only at New, Contacted or Visit scheduled, with a real follow-up day", () => {
    const base = { name: "Al", phone: "316 555 0142", message: "Roof" };
    expect(errorsOf({ ...base, status: "won" })).toEqual({ status: [MANUAL_LEAD_MESSAGES.status] });
    expect(errorsOf({ ...base, followUpOn: "2026-02-30" })).toEqual({ followUpOn: [LEAD_MESSAGES.badDate] });
    expect(parse({ ...base, status: "new" }).status).toBe("success");
  });
});

describe("addedBy", () => {
  it("is the first history entry's author for a phone call, nobody for a website request", () => {
    const history = [{ author: "owner@example.com" }, { author: "crew@example.com" }];
    expect(addedBy({ source: "phone" }, history)).toBe("owner@example.com");
    expect(addedBy({ source: "website" }, history)).toBeNull();
    expect(addedBy({ source: "phone" }, [])).toBeNull();
  });
});
