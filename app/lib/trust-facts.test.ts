import { describe, expect, it } from "vitest";
import { DEFAULT_TRUST_FACTS, type TrustFacts } from "./site-words";
import {
  reasonsWithWarranty,
  teamJsonLd,
  trustBandLines,
  trustFactLines,
  trustJsonLd,
  warrantyJsonLd,
} from "./trust-facts";

const FULL: TrustFacts = {
  licenseName: "Kansas roofing registration",
  licenseNumber: "#RC-1234",
  insured: true,
  insuranceCarrier: "Acuity",
  certifications: ["GAF Certified Contractor", "Owens Corning Preferred", "BBB Accredited"],
  warrantyYears: 10,
  foundedYear: 1998,
};

describe("which facts show", () => {
  it("shows nothing at all when nothing is entered", () => {
    expect(trustFactLines(DEFAULT_TRUST_FACTS)).toEqual([]);
    expect(trustFactLines(undefined)).toEqual([]);
    expect(trustJsonLd(DEFAULT_TRUST_FACTS)).toEqual({});
    expect(warrantyJsonLd(DEFAULT_TRUST_FACTS)).toEqual({});
  });

  it("words each fact entered, in the order a homeowner looks", () => {
    expect(trustFactLines(FULL).map((l) => l.text)).toEqual([
      "Kansas roofing registration #RC-1234",
      "Insured by Acuity",
      "10-year workmanship warranty",
      "In business since 1998",
      "GAF Certified Contractor",
      "Owens Corning Preferred",
      "BBB Accredited",
    ]);
  });

  it("keeps the number apart, so a page can hold it on one line", () => {
    expect(trustFactLines(FULL)[0]).toEqual({
      kind: "license",
      text: "Kansas roofing registration #RC-1234",
      tail: "#RC-1234",
    });
  });

  it("never shows an empty caption or a carrier of an uninsured business", () => {
    expect(trustFactLines({ ...DEFAULT_TRUST_FACTS, licenseNumber: "12345" }).map((l) => l.text)).toEqual([
      "License #12345",
    ]);
    expect(trustFactLines({ ...DEFAULT_TRUST_FACTS, insured: true }).map((l) => l.text)).toEqual(["Insured"]);
    expect(trustFactLines({ ...DEFAULT_TRUST_FACTS, insured: false, insuranceCarrier: "Acuity" })).toEqual([]);
    expect(trustFactLines({ ...DEFAULT_TRUST_FACTS, insured: null, insuranceCarrier: "Acuity" })).toEqual([]);
    expect(trustFactLines({ ...DEFAULT_TRUST_FACTS, certifications: ["  "] })).toEqual([]);
  });

  it("keeps the band compact: two certifications at most", () => {
    expect(trustBandLines(FULL).map((l) => l.kind)).toEqual([
      "license",
      "insurance",
      "warranty",
      "founded",
      "certification",
      "certification",
    ]);
  });
});

describe("structured data", () => {
  it("gives schema.org foundingDate and hasCredential for the license and each certification", () => {
    expect(trustJsonLd(FULL)).toEqual({
      foundingDate: "1998",
      hasCredential: [
        {
          "@type": "EducationalOccupationalCredential",
          credentialCategory: "license",
          name: "Kansas roofing registration",
          identifier: "RC-1234",
        },
        {
          "@type": "EducationalOccupationalCredential",
          credentialCategory: "certification",
          name: "GAF Certified Contractor",
        },
        {
          "@type": "EducationalOccupationalCredential",
          credentialCategory: "certification",
          name: "Owens Corning Preferred",
        },
        { "@type": "EducationalOccupationalCredential", credentialCategory: "certification", name: "BBB Accredited" },
      ],
    });
  });

  it("puts the warranty on an offer as a WarrantyPromise in years", () => {
    expect(warrantyJsonLd(FULL)).toEqual({
      warranty: {
        "@type": "WarrantyPromise",
        durationOfWarranty: { "@type": "QuantitativeValue", value: 10, unitCode: "ANN" },
      },
    });
  });

  it("names the team as the business's employees", () => {
    expect(teamJsonLd([])).toEqual({});
    expect(
      teamJsonLd([
        { name: "Dale", role: "Owner", photoUrl: "https://x.test/uploads/a.webp" },
        { name: "Cody", role: "" },
      ]),
    ).toEqual({
      employee: [
        { "@type": "Person", name: "Dale", jobTitle: "Owner", image: "https://x.test/uploads/a.webp" },
        { "@type": "Person", name: "Cody" },
      ],
    });
  });
});

describe("a page's reasons and the warranty", () => {
  const reasons = [
    { title: "Fast response", text: "Active leaks get a call back the same day." },
    {
      title: "Work we stand behind",
      text: "Repairs come with a {warrantyYears}-year written workmanship warranty.",
      withoutWarranty: "Every repair priced in writing before we start.",
    },
    { title: "Guaranteed", text: "A {warrantyYears}-year warranty." },
  ];

  it("names the owner's years when he has set them", () => {
    expect(reasonsWithWarranty(reasons, 5).map((r) => r.text)).toEqual([
      "Active leaks get a call back the same day.",
      "Repairs come with a 5-year written workmanship warranty.",
      "A 5-year warranty.",
    ]);
  });

  it("promises no warranty when he has set none: its other words, or nothing", () => {
    expect(reasonsWithWarranty(reasons, null)).toEqual([
      { title: "Fast response", text: "Active leaks get a call back the same day." },
      { title: "Work we stand behind", text: "Every repair priced in writing before we start." },
    ]);
  });
});
