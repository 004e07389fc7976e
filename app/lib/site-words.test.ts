import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  AboutFormSchema,
  DEFAULT_SITE_WORDS,
  DEFAULT_TRUST_FACTS,
  PAGE_IDS,
  PageWordsFormSchema,
  SiteWordsSchema,
  storyParagraphs,
  teamFromForm,
  TrustFactsFormSchema,
  trustFactsFromForm,
  TrustFactsSchema,
} from "./site-words";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

describe("stored words and trust facts", () => {
  it("reads a value stored before licenseName and bio existed", () => {
    const old = {
      licenseNumber: "RC-1234",
      insured: true,
      insuranceCarrier: "Acuity",
      certifications: ["GAF Certified"],
      warrantyYears: 10,
      foundedYear: 1998,
    };
    expect(TrustFactsSchema.parse(old)).toEqual({ ...old, licenseName: "" });
    const words = SiteWordsSchema.parse({
      pages: { home: { headline: "Hi" } },
      aboutStory: "Ours",
      team: [{ name: "Dale", role: "Owner", imageId: 3 }],
    });
    expect(words.team[0]).toEqual({ name: "Dale", role: "Owner", bio: "", imageId: 3, alt: "" });
    expect(words.pages.home).toEqual({ headline: "Hi", intro: "" });
  });

  it("keeps the good facts when one stored value is damaged", () => {
    expect(TrustFactsSchema.parse({ licenseNumber: "RC-1", warrantyYears: "ten", foundedYear: 1998 })).toEqual({
      ...DEFAULT_TRUST_FACTS,
      licenseNumber: "RC-1",
      foundedYear: 1998,
    });
    expect(SiteWordsSchema.parse({})).toEqual(DEFAULT_SITE_WORDS);
  });

  it("lists home, About and every service and town page", () => {
    expect(PAGE_IDS.slice(0, 2)).toEqual(["home", "about"]);
    expect(PAGE_IDS).toContain("service-residential-roofing");
    expect(PAGE_IDS).toContain("area-derby");
  });
});

describe("the trust facts form", () => {
  it("turns the fields into facts: numbers, yes/no, one certification a line", () => {
    const submission = parseWithZod(
      form({
        licenseName: " Kansas roofing registration ",
        licenseNumber: "RC-1234",
        insured: "yes",
        insuranceCarrier: "Acuity",
        certifications: "GAF Certified\r\n\r\n  BBB Accredited  \n",
        warrantyYears: "10",
        foundedYear: "1998",
      }),
      { schema: TrustFactsFormSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(trustFactsFromForm(submission.value)).toEqual({
      licenseName: "Kansas roofing registration",
      licenseNumber: "RC-1234",
      insured: true,
      insuranceCarrier: "Acuity",
      certifications: ["GAF Certified", "BBB Accredited"],
      warrantyYears: 10,
      foundedYear: 1998,
    });
  });

  it("stores an empty form as no facts at all", () => {
    const submission = parseWithZod(
      form({
        licenseName: "",
        licenseNumber: "",
        insured: "",
        insuranceCarrier: "",
        certifications: "",
        warrantyYears: "",
        foundedYear: "",
      }),
      {
        schema: TrustFactsFormSchema,
      },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(trustFactsFromForm(submission.value)).toEqual(DEFAULT_TRUST_FACTS);
  });

  it("says what is wrong in the owner's words", () => {
    const submission = parseWithZod(
      form({
        warrantyYears: "ten",
        foundedYear: "3000",
        insured: "maybe",
        certifications: Array(11).fill("x").join("\n"),
      }),
      {
        schema: TrustFactsFormSchema,
      },
    );
    const errors = submission.reply().error!;
    expect(errors.warrantyYears).toEqual(["Please enter a number of years between 1 and 100, like 10"]);
    expect(errors.foundedYear?.[0]).toMatch(/^Please enter a year between 1850 and \d{4}, like 1998$/);
    expect(errors.insured).toEqual(["Please choose yes, no or not said"]);
    expect(errors.certifications).toEqual(["Please list 10 certifications at most, one a line"]);
  });
});

describe("the page words form", () => {
  it("takes a known page only", () => {
    expect(parseWithZod(form({ page: "about", headline: "Who we are" }), { schema: PageWordsFormSchema }).status).toBe(
      "success",
    );
    const unknown = parseWithZod(form({ page: "admin", headline: "x" }), { schema: PageWordsFormSchema });
    expect(unknown.reply().error?.page).toEqual(["Please pick a page from the list"]);
  });

  it("refuses a headline too long to fit", () => {
    const long = parseWithZod(form({ page: "home", headline: "x".repeat(121) }), { schema: PageWordsFormSchema });
    expect(long.reply().error?.headline).toEqual(["Keep the headline under 120 characters"]);
  });
});

describe("the About form", () => {
  const team = (names: string[]) =>
    Object.fromEntries(
      names.flatMap((n, i) => [
        [`team[${i}].name`, n],
        [`team[${i}].role`, "Crew"],
      ]),
    );

  it("keeps the team in the order given, with a member's arrow applied", () => {
    const parse = (move?: string) => {
      const s = parseWithZod(form({ story: "", ...team(["Ann", "Bo", "Cy"]), ...(move ? { move } : {}) }), {
        schema: AboutFormSchema,
      });
      if (s.status !== "success") throw new Error("refused");
      return teamFromForm(s.value).map((m) => m.name);
    };
    expect(parse()).toEqual(["Ann", "Bo", "Cy"]);
    expect(parse("up-2")).toEqual(["Ann", "Cy", "Bo"]);
    expect(parse("down-0")).toEqual(["Bo", "Ann", "Cy"]);
    // Off either end: nothing moves.
    expect(parse("up-0")).toEqual(["Ann", "Bo", "Cy"]);
    expect(parse("down-2")).toEqual(["Ann", "Bo", "Cy"]);
  });

  it("asks for each person's name and a photo from the list", () => {
    const s = parseWithZod(form({ "team[0].name": " ", "team[0].imageId": "abc" }), { schema: AboutFormSchema });
    const errors = s.reply().error!;
    expect(errors["team[0].name"]).toEqual(["Please enter the person's name"]);
    expect(errors["team[0].imageId"]).toEqual(["Please pick a photo from the list"]);
  });
});

describe("storyParagraphs", () => {
  it("splits on blank lines and joins wrapped lines", () => {
    expect(storyParagraphs("We started\nin 1998.\r\n\r\n  Dale still quotes every job.\n\n\n")).toEqual([
      "We started in 1998.",
      "Dale still quotes every job.",
    ]);
    expect(storyParagraphs("   ")).toEqual([]);
  });
});
