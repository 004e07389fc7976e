import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  addressLine,
  DEFAULT_BUSINESS_FACTS,
  formatClock,
  formatDays,
  formatHours,
  formatPhone,
  smsHref,
  telHref,
} from "./business";
import { BusinessFactsFormSchema, BusinessFactsSchema, factsFromForm, GOOGLE_REVIEW_MESSAGES } from "./business-schema";

describe("business facts formatting", () => {
  it("formats clock times the way the contact card reads them", () => {
    expect(formatClock("07:00")).toBe("7am");
    expect(formatClock("18:00")).toBe("6pm");
    expect(formatClock("12:00")).toBe("12pm");
    expect(formatClock("00:00")).toBe("12am");
    expect(formatClock("14:30")).toBe("2:30pm");
  });

  it("gives one reading of the hours, made from the days and times: Saturday closes at 2pm", () => {
    expect(formatHours(DEFAULT_BUSINESS_FACTS)).toEqual(["Monday – Friday: 7am – 6pm", "Saturday: 8am – 2pm"]);
  });

  it("names days in week order: three or more in a row as a range, the others listed", () => {
    expect(formatDays(["Mo", "Tu", "We", "Th", "Fr"])).toBe("Monday – Friday");
    expect(formatDays(["Fr", "Mo", "Th", "Tu", "We"])).toBe("Monday – Friday");
    expect(formatDays(["Sa"])).toBe("Saturday");
    expect(formatDays(["Sa", "Su"])).toBe("Saturday and Sunday");
    expect(formatDays(["Mo", "We", "Fr"])).toBe("Monday, Wednesday and Friday");
    expect(formatDays(["Mo", "Tu", "We", "Sa"])).toBe("Monday – Wednesday and Saturday");
    expect(formatDays(["Mo", "Tu", "Th", "Fr", "Sa", "Su"])).toBe("Monday, Tuesday and Thursday – Sunday");
    expect(formatDays(["Mo", "Mo", "Tu", "We"])).toBe("Monday – Wednesday");
    expect(formatDays([])).toBe("");
  });

  it("reads hours stored with the old free-text label: the label is dropped, the days speak", () => {
    const stored = {
      ...DEFAULT_BUSINESS_FACTS,
      hours: [
        { label: "Weekdays (call first)", days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "07:00", closes: "18:00" },
        { label: "Sat", days: ["Sa"], opens: "08:00", closes: "14:00" },
      ],
    };
    const facts = BusinessFactsSchema.parse(stored);
    expect(facts.hours[0]).toEqual({ days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "07:00", closes: "18:00" });
    expect(formatHours(facts)).toEqual(["Monday – Friday: 7am – 6pm", "Saturday: 8am – 2pm"]);
  });

  it("turns a display phone number into a dialable link", () => {
    expect(telHref("(620) 555-0142")).toBe("tel:+16205550142");
    expect(telHref("1-620-555-0142")).toBe("tel:+16205550142");
    expect(telHref("+1 620 555 0142")).toBe("tel:+16205550142");
  });

  it("turns a phone number as the homeowner typed it into a link that opens a text to it", () => {
    expect(smsHref("316 555 0187")).toBe("sms:+13165550187");
    expect(smsHref("(316) 555-0187")).toBe("sms:+13165550187");
    expect(smsHref("1-316-555-0187")).toBe("sms:+13165550187");
    expect(smsHref("+44 20 7946 0958")).toBe("sms:+442079460958");
  });

  it("writes the street address on one line", () => {
    expect(addressLine(DEFAULT_BUSINESS_FACTS)).toBe("100 N Washington Ave, Wellington, KS 67152");
  });
});

describe("business details form", () => {
  const form = {
    company: "Prairie Ridge Framing & Roofing",
    phone: "(620) 555-0199",
    email: "office@example.com",
    street: "100 N Washington Ave",
    city: "Wellington",
    region: "ks",
    postalCode: "67152",
    owner: "Dale Whitaker",
    leadContractor: "",
    "hours[0].days": "Mo,Tu,We,Th,Fr",
    "hours[0].opens": "07:30",
    "hours[0].closes": "17:00",
    "hours[1].days": "Sa",
    "hours[1].opens": "08:00",
    "hours[1].closes": "12:00",
    facebook: "https://www.facebook.com/prairieridge",
    instagram: "",
  };
  // "a,b" stands for several checked boxes of one name.
  const parse = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      if (k.endsWith(".days")) v.split(",").forEach((d) => data.append(k, d));
      else data.set(k, v);
    }
    return parseWithZod(data, { schema: BusinessFactsFormSchema });
  };

  it("turns the form into the facts: hours rows with their days, empty profiles dropped", () => {
    const submission = parse(form);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const facts = factsFromForm(submission.value);
    expect(facts.region).toBe("KS");
    expect(facts.hours[0]).toEqual({ days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "07:30", closes: "17:00" });
    expect(facts.social).toEqual({ facebook: "https://www.facebook.com/prairieridge" });
    expect(facts.hours[1].days).toEqual(["Sa"]);
    expect(BusinessFactsSchema.parse(facts)).toEqual(facts);
  });

  it("takes no label for the hours: a stale form's label is not stored", () => {
    const submission = parse({ ...form, "hours[0].label": "Weekdays" });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(factsFromForm(submission.value).hours[0]).not.toHaveProperty("label");
  });

  it("each hours row needs a day, and closing after opening", () => {
    const submission = parse({ ...form, "hours[1].days": "", "hours[0].closes": "07:00" });
    const errors = submission.reply().error ?? {};
    expect(errors["hours[1].days"]).toEqual(["Pick at least one day"]);
    expect(errors["hours[0].closes"]).toEqual(["Closing time must be after opening time"]);
  });

  it("says what is wrong in the owner's words", () => {
    const submission = parse({
      ...form,
      phone: "555",
      region: "Kansas",
      postalCode: "6715",
      facebook: "facebook.com/x",
      email: "office",
    });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.phone).toEqual(["Please enter a 10-digit phone number"]);
    expect(errors.region).toEqual(["Use the two-letter state code, like KS"]);
    expect(errors.postalCode).toEqual(["Please enter a 5-digit ZIP code"]);
    expect(errors.facebook).toEqual(["Please enter the full address of the page, starting with https://"]);
    expect(errors.email).toEqual(["Please enter a valid email address"]);
  });

  it("keeps the Google review link and how requests use it, and none when it is left empty", () => {
    const link = "https://g.page/r/CdEfGh123/review";
    const taken = parse({ ...form, googleReviewLink: ` ${link} `, googleReviewAsk: "instead" });
    expect(taken.status === "success" && factsFromForm(taken.value).googleReviews).toEqual({ link, ask: "instead" });
    const empty = parse({ ...form, googleReviewLink: "", googleReviewAsk: "instead" });
    expect(empty.status === "success" && factsFromForm(empty.value).googleReviews).toBeNull();
    // A form from before the choice was asked: our own form first.
    const old = parse({ ...form, googleReviewLink: link });
    expect(old.status === "success" && factsFromForm(old.value).googleReviews).toEqual({ link, ask: "after" });
  });

  it("takes only a Google review link, over https", () => {
    const errorsFor = (googleReviewLink: string) =>
      parse({ ...form, googleReviewLink }).reply().error?.googleReviewLink;
    expect(errorsFor("g.page/r/abc/review")).toEqual([GOOGLE_REVIEW_MESSAGES.link]);
    expect(errorsFor("http://g.page/r/abc/review")).toEqual([GOOGLE_REVIEW_MESSAGES.link]);
    expect(errorsFor("https://www.yelp.com/writeareview/biz/x")).toEqual([GOOGLE_REVIEW_MESSAGES.notGoogle]);
    expect(errorsFor("https://g.page.evil.example/r/abc")).toEqual([GOOGLE_REVIEW_MESSAGES.notGoogle]);
    expect(errorsFor("https://search.google.com/local/writereview?placeid=ChIJ123")).toBeUndefined();
    expect(parse({ ...form, googleReviewAsk: "sometimes" }).reply().error?.googleReviewAsk).toEqual([
      GOOGLE_REVIEW_MESSAGES.ask,
    ]);
  });

  it("reads facts stored before social pages existed", () => {
    const { social: _social, ...old } = DEFAULT_BUSINESS_FACTS;
    expect(BusinessFactsSchema.parse(old).social).toEqual({});
    const { googleReviews: _google, ...older } = DEFAULT_BUSINESS_FACTS;
    expect(BusinessFactsSchema.parse(older).googleReviews).toBeNull();
  });
});

describe("formatPhone", () => {
  it("writes ten US digits as the company's number is written, however they were typed", () => {
    for (const typed of [
      "3165550123",
      "316-555-0123",
      "316.555.0123",
      "(316)555-0123",
      "1 316 555 0123",
      "+1 316-555-0123",
    ])
      expect(formatPhone(typed), typed).toBe("(316) 555-0123");
    expect(formatPhone(DEFAULT_BUSINESS_FACTS.phone)).toBe(DEFAULT_BUSINESS_FACTS.phone);
  });

  it("leaves anything else as it was typed: an extension, a short or foreign number", () => {
    expect(formatPhone("316-555-0123 ext. 4")).toBe("316-555-0123 ext. 4");
    expect(formatPhone("555-0123")).toBe("555-0123");
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
  });
});
