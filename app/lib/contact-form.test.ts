import { describe, expect, it } from "vitest";
import { addressLine, attachedPhotosOf, MAX_PHOTOS, MESSAGES, PHOTO_MESSAGES, QUOTE_SERVICES, quoteServiceForSlug, requestServiceHref } from "./contact-form";
import { parseContactForm } from "./contact-schema";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("parseContactForm", () => {
  it("accepts a complete message and trims it", () => {
    const result = parseContactForm(form({ name: " Ann ", email: "ann@example.com", phone: "", message: " Hi " }));
    expect(result).toEqual({
      ok: true,
      data: { name: "Ann", email: "ann@example.com", phone: null, message: "Hi", service: null, street: null, city: null, zip: null, preferredContact: null },
    });
  });

  it("takes what a quote request adds: the kind of work, the address and the best way to reach", () => {
    const result = parseContactForm(
      form({ name: "Ann", email: "ann@example.com", message: "Hail", service: "Storm / hail damage", street: " 12 Elm St ", city: "Derby", zip: "67037", preferredContact: "text" }),
    );
    expect(result).toMatchObject({ ok: true, data: { service: "Storm / hail damage", street: "12 Elm St", city: "Derby", zip: "67037", preferredContact: "text" } });
  });

  it("offers the seven services, then storm damage and 'Not sure'", () => {
    expect(QUOTE_SERVICES).toHaveLength(9);
    expect(QUOTE_SERVICES.slice(0, 3)).toEqual(["Residential Framing", "Residential Roofing", "Roof Repairs"]);
    expect(QUOTE_SERVICES.slice(-2)).toEqual(["Storm / hail damage", "Not sure"]);
  });

  it("refuses a made-up service, a way to reach we do not offer and a ZIP that is not five digits, keeping the input", () => {
    const base = { name: "Ann", email: "ann@example.com", message: "Hi" };
    expect(parseContactForm(form({ ...base, service: "Pool cleaning" }))).toMatchObject({ ok: false, result: { message: "Please choose the kind of work from the list" } });
    expect(parseContactForm(form({ ...base, preferredContact: "fax" }))).toMatchObject({ ok: false, result: { message: "Please choose call, text or email" } });
    expect(parseContactForm(form({ ...base, zip: "6703", city: "Derby" }))).toMatchObject({
      ok: false,
      result: { message: "Please enter a 5-digit ZIP code", values: { city: "Derby", zip: "6703" } },
    });
    expect(parseContactForm(form({ ...base, zip: "67037-1234" })).ok).toBe(true);
  });

  it("writes an address as one line from whatever parts were given", () => {
    expect(addressLine({ street: "12 Elm St", city: "Derby", zip: "67037" })).toBe("12 Elm St, Derby 67037");
    expect(addressLine({ city: "Derby" })).toBe("Derby");
    expect(addressLine({ street: null, city: null, zip: null })).toBe("");
  });

  it("says 'Please fill in all required fields' naming the empty ones, marks each field, and keeps the input", () => {
    const result = parseContactForm(form({ name: "Ann", email: "", message: "   " }));
    expect(result).toMatchObject({
      ok: false,
      result: { status: "error", message: `${MESSAGES.required}: Email, Message`, values: { name: "Ann" }, fields: { email: MESSAGES.required, message: MESSAGES.required } },
    });
    if (!result.ok && result.result.status === "error") expect(Object.keys(result.result.fields ?? {}).sort()).toEqual(["email", "message"]);
  });

  it("marks a field that is filled in but wrong with its own message", () => {
    const result = parseContactForm(form({ name: "Ann", email: "ann", message: "Hi", zip: "670" }));
    expect(result).toMatchObject({ ok: false, result: { message: MESSAGES.invalidEmail, fields: { email: MESSAGES.invalidEmail, zip: "Please enter a 5-digit ZIP code" } } });
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
    const { ContactSchema } = await import("./contact-schema");
    const r = ContactSchema.safeParse({ email: "a@example.com" });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.required, MESSAGES.required]);
  });
});

describe("attachedPhotosOf", () => {
  it("reads the kept photos a form names, less those ticked for removal, each once and at most five", () => {
    const f = new FormData();
    for (const v of ["tok1 north slope.jpg", "tok2 gutter.png", "tok1 north slope.jpg", "tok3 ", ...Array.from({ length: 8 }, (_, i) => `x${i} more.jpg`)]) f.append("attachedPhotos", v);
    f.append("removeAttachedPhotos", "tok2");
    expect(attachedPhotosOf(f)).toEqual([
      { token: "tok1", name: "north slope.jpg" },
      { token: "tok3", name: "photo" },
      { token: "x0", name: "more.jpg" },
    ]);
    expect(attachedPhotosOf(f).length).toBeLessThanOrEqual(MAX_PHOTOS);
  });
});

describe("PHOTO_MESSAGES.notKept", () => {
  it("asks for one photo, or several, again by name", () => {
    expect(PHOTO_MESSAGES.notKept(["north-slope.jpg"])).toBe("Your attached photo could not be kept; please choose it again: north-slope.jpg");
    expect(PHOTO_MESSAGES.notKept(["a.jpg", "b.png"])).toBe("Your attached photos could not be kept; please choose them again: a.jpg, b.png");
  });
});

describe("Request Service", () => {
  it("chooses the card's service in the form, and nothing for a slug we do not have", () => {
    expect(requestServiceHref("residential-roofing-wichita")).toBe("/?service=residential-roofing-wichita#contact");
    expect(quoteServiceForSlug("residential-roofing-wichita")).toBe("Residential Roofing");
    expect(quoteServiceForSlug("gutter-services-wichita")).toBe("Gutter Services");
    expect(quoteServiceForSlug("pool-cleaning")).toBeUndefined();
    expect(quoteServiceForSlug(null)).toBeUndefined();
  });
});
