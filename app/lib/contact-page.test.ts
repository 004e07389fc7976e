import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTACT_PAGE_MESSAGES, ContactPageFormSchema } from "./contact-page";

const both = {
  notificationEmail: "office@hutchroofing.com",
  autoresponderEnabled: "on",
  autoresponderSubject: "Thanks",
  autoresponderMessage: "We got it.",
  digestHour: "7",
  company: "Hutch Roofing",
  phone: "(620) 555-0142",
  email: "office@hutchroofing.com",
  street: "114 N Washington Ave",
  city: "Wellington",
  region: "ks",
  postalCode: "67152",
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("the Contact & Business page's one form", () => {
  it("reads both cards' fields from one post", () => {
    const submission = parseWithZod(form(both), { schema: ContactPageFormSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ notificationEmail: "office@hutchroofing.com", region: "KS" });
    expect(submission.value.autoresponderEnabled).toBe(true);
  });

  it("refuses the whole post when either card has a mistake, each at its field", () => {
    const submission = parseWithZod(form({ ...both, notificationEmail: "nope", postalCode: "6715" }), {
      schema: ContactPageFormSchema,
    });
    expect(submission.status).toBe("error");
    const { error } = submission.reply();
    expect(error?.notificationEmail).toEqual(["Please enter a valid email address"]);
    expect(error?.postalCode).toEqual(["Please enter a 5-digit ZIP code"]);
  });

  it("says which groups a save wrote", () => {
    expect(CONTACT_PAGE_MESSAGES.saved({ contact: true, business: false })).toBe("Contact settings saved successfully");
    expect(CONTACT_PAGE_MESSAGES.saved({ contact: false, business: true })).toBe("Business details saved successfully");
    expect(CONTACT_PAGE_MESSAGES.saved({ contact: true, business: true })).toBe(
      "Contact settings and business details saved successfully",
    );
    expect(CONTACT_PAGE_MESSAGES.saved({ contact: false, business: false })).toMatch(/^Nothing had changed/);
  });
});
