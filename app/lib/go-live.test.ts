import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_FACTS } from "./business";
import {
  confirmableItemIds,
  demoLeft,
  demoRemovedMessage,
  goLiveChecklist,
  imageIdsIn,
  isDemoEmail,
  isDemoPhone,
  remainingItems,
  type GoLiveFacts,
} from "./go-live";

const freshInstall: GoLiveFacts = {
  demo: { projects: 9, testimonials: 6, images: 9 },
  business: DEFAULT_BUSINESS_FACTS,
  notificationEmail: "hello@example.com",
  placeholderVideo: true,
  ownHeroPhoto: false,
  siteUrl: null,
  mail: { apiKey: false, from: "Prairie Ridge Framing & Roofing <onboarding@resend.dev>" },
  owners: [{ email: "admin@example.com", name: "", twoStep: false }],
  ownPrices: false,
  confirmed: [],
};

const ready: GoLiveFacts = {
  demo: { projects: 0, testimonials: 0, images: 0 },
  business: {
    ...DEFAULT_BUSINESS_FACTS,
    company: "Hutch Roofing LLC",
    phone: "(316) 262-4410",
    email: "office@hutchroofing.com",
    street: "210 E 2nd St",
    city: "Hutchinson",
    postalCode: "67501",
    owner: "Ray Hutch",
    leadContractor: "Sam Hutch",
  },
  notificationEmail: "ray@hutchroofing.com",
  placeholderVideo: false,
  ownHeroPhoto: true,
  siteUrl: "https://www.hutchroofing.com",
  mail: { apiKey: true, from: "Hutch Roofing <office@hutchroofing.com>" },
  owners: [{ email: "ray@hutchroofing.com", name: "Ray Hutch", twoStep: true }],
  ownPrices: true,
  confirmed: [],
};

const byId = (facts: GoLiveFacts) => Object.fromEntries(goLiveChecklist(facts).map((i) => [i.id, i]));

describe("go-live checklist", () => {
  it("on a fresh install lists every item as still to do, each with where it is fixed", () => {
    const items = goLiveChecklist(freshInstall);
    expect(items.every((i) => !i.done)).toBe(true);
    expect(remainingItems(items)).toBe(items.length);
    const list = byId(freshInstall);
    expect(list["demo-projects"].detail).toBe("9 made-up projects show in the portfolio.");
    expect(list["demo-testimonials"].detail).toMatch(/^6 made-up reviews are on the site/);
    expect(list["demo-projects"].fix).toEqual({ page: "/admin/projects" });
    expect(list["demo-testimonials"].fix).toEqual({ page: "/admin/testimonials" });
    expect(list["demo-images"].fix).toEqual({ page: "/admin/images" });
    expect(list.phone.fix).toEqual({ page: "/admin/contact" });
    expect(list["hero-photo"].fix).toEqual({ page: "/admin/site/pictures" });
    expect(list.video.fix).toEqual({ page: "/admin/site/pictures" });
    expect(list["site-url"].fix).toEqual({ readme: "Before you go live", variable: "SITE_URL" });
    expect(list.mail.fix).toEqual({ readme: "Before you go live", variable: "RESEND_API_KEY" });
    expect(list.phone.detail).toBe("Still the demo's: (620) 555-0142.");
    expect(list.address.detail).toBe("Still the demo's: 100 N Washington Ave, Wellington, KS 67152.");
  });

  it("is clear once everything is the owner's own", () => {
    const items = goLiveChecklist(ready);
    expect(items.filter((i) => !i.done)).toEqual([]);
    expect(remainingItems(items)).toBe(0);
    expect(byId(ready).phone.detail).toBe("Yours: (316) 262-4410.");
  });

  it("judges each fact on its own: one left at its default is one item", () => {
    const facts = { ...ready, business: { ...ready.business, owner: DEFAULT_BUSINESS_FACTS.owner } };
    expect(
      goLiveChecklist(facts)
        .filter((i) => !i.done)
        .map((i) => i.id),
    ).toEqual(["owner"]);
    // The same street in another town is the owner's address.
    const street = { ...ready, business: { ...ready.business, street: DEFAULT_BUSINESS_FACTS.street } };
    expect(remainingItems(goLiveChecklist(street))).toBe(0);
  });

  it("counts any fictional 555-01xx number and any example domain as demo", () => {
    expect(isDemoPhone("(316) 555-0199")).toBe(true);
    expect(isDemoPhone("316.555.0100")).toBe(true);
    expect(isDemoPhone("(316) 555-2368")).toBe(false);
    expect(isDemoEmail("Office@Example.com")).toBe(true);
    expect(isDemoEmail("me@mail.example.org")).toBe(true);
    expect(isDemoEmail("me@example.company.com")).toBe(false);
    const facts = { ...ready, notificationEmail: "leads@example.net" };
    expect(byId(facts)["notification-email"]).toMatchObject({
      done: false,
      detail: "New leads are mailed to leads@example.net, which reaches nobody.",
    });
  });

  it("one demo row of a kind is still to do, said in the singular", () => {
    const facts = { ...ready, demo: { projects: 1, testimonials: 1, images: 1 } };
    const list = byId(facts);
    expect(list["demo-projects"]).toMatchObject({ done: false, detail: "1 made-up project shows in the portfolio." });
    expect(list["demo-testimonials"].detail).toMatch(/^1 made-up review is on the site/);
    expect(list["demo-images"].detail).toBe("1 stock picture is in the image library.");
  });

  it("does not count mail as set up while it is sent from Resend's test address", () => {
    const facts = { ...ready, mail: { apiKey: true, from: "Hutch <onboarding@resend.dev>" } };
    expect(byId(facts).mail).toMatchObject({ done: false, fix: { variable: "MAIL_FROM" } });
    expect(byId(facts).mail.detail).toContain("set MAIL_FROM");
  });
});

describe("the owner's account and prices on the checklist", () => {
  it("a fresh install's owner: example sign-in email, no name, no two-step, built-in prices", () => {
    const list = byId(freshInstall);
    expect(list["sign-in-email"]).toMatchObject({ done: false, fix: { page: "/admin/account" } });
    expect(list["sign-in-email"].detail).toBe(
      "admin@example.com signs in with an address that reaches nobody: a forgotten password could never be reset by mail.",
    );
    expect(list["account-name"]).toMatchObject({
      done: false,
      detail: "admin@example.com has no name: invitations and lists show the email instead.",
    });
    expect(list["two-step"]).toMatchObject({ done: false, fix: { page: "/admin/account/two-step" } });
    expect(list.pricing).toMatchObject({
      done: false,
      fix: { page: "/admin/pricing" },
      detail: "Estimates are still made from the built-in prices, not yours.",
    });
  });

  it("every owner counts: a second owner without two-step is still to do", () => {
    const facts = {
      ...ready,
      owners: [...ready.owners, { email: "sam@hutchroofing.com", name: "Sam Hutch", twoStep: false }],
    };
    expect(
      goLiveChecklist(facts)
        .filter((i) => !i.done)
        .map((i) => i.id),
    ).toEqual(["two-step"]);
    expect(byId(facts)["two-step"].detail).toMatch(/^Sam Hutch signs in with the password alone/);
  });
});

describe("This is right", () => {
  const sameAsDemo: GoLiveFacts = {
    ...ready,
    business: { ...ready.business, company: DEFAULT_BUSINESS_FACTS.company },
    owners: [{ ...ready.owners[0], twoStep: false }],
    ownPrices: false,
  };

  it("a business named like the demo can finish the list by confirming its name; two-step and prices too", () => {
    expect(
      goLiveChecklist(sameAsDemo)
        .filter((i) => !i.done)
        .map((i) => i.id),
    ).toEqual(["company", "two-step", "pricing"]);
    const items = goLiveChecklist({ ...sameAsDemo, confirmed: ["company", "two-step", "pricing"] });
    expect(remainingItems(items)).toBe(0);
    expect(items.filter((i) => i.confirmed).map((i) => i.id)).toEqual(["company", "two-step", "pricing"]);
  });

  it("cannot confirm what can never be right: a fictional phone, an example address, demo content, the server", () => {
    const ids = [
      "phone",
      "email",
      "notification-email",
      "sign-in-email",
      "account-name",
      "demo-projects",
      "video",
      "site-url",
      "mail",
    ];
    const items = goLiveChecklist({ ...freshInstall, confirmed: ids });
    for (const id of ids)
      expect(
        items.find((i) => i.id === id),
        id,
      ).toMatchObject({ confirmable: false, confirmed: false, done: false });
    expect(confirmableItemIds(items)).toEqual([
      "company",
      "address",
      "owner",
      "lead-contractor",
      "two-step",
      "pricing",
      "hero-photo",
    ]);
  });

  it("a confirmation of an item that is now the owner's own is not shown as one", () => {
    expect(byId({ ...ready, confirmed: ["company"] }).company).toMatchObject({ done: true, confirmed: false });
  });
});

describe("what the demo removal would delete", () => {
  it("in words, leaving out what is gone", () => {
    expect(demoLeft(freshInstall)).toEqual(["9 made-up projects", "6 made-up reviews", "9 stock pictures"]);
    expect(demoLeft({ demo: { projects: 1, testimonials: 0, images: 1 } })).toEqual([
      "1 made-up project",
      "1 stock picture",
    ]);
    expect(demoLeft(ready)).toEqual([]);
  });
});

describe("pictures named in settings", () => {
  it("finds every imageId however deep, once each", () => {
    const media = {
      homeHero: { imageId: 7, alt: "" },
      services: { roofing: { card: { imageId: 3, alt: "" }, hero: null } },
      video: { url: null, thumbnail: { imageId: 7, alt: "" } },
    };
    const words = {
      team: [
        { name: "Ray", imageId: 12 },
        { name: "Sam", imageId: null },
      ],
    };
    expect(imageIdsIn([media, words])).toEqual([3, 7, 12]);
    expect(imageIdsIn(null)).toEqual([]);
    expect(imageIdsIn({ imageId: "7" })).toEqual([]);
  });
});

describe("the message after removing the demo content", () => {
  it("says what went and what was kept", () => {
    expect(demoRemovedMessage({ projects: 9, testimonials: 6, images: 8, keptImages: 1 })).toBe(
      "Demo content removed: 9 projects, 6 reviews and 8 pictures. 1 demo picture your pages show was kept.",
    );
    expect(demoRemovedMessage({ projects: 1, testimonials: 0, images: 1, keptImages: 0 })).toBe(
      "Demo content removed: 1 project, 0 reviews and 1 picture.",
    );
    // A second post (an old tab, a double click without scripts) removes nothing and says so.
    expect(demoRemovedMessage({ projects: 0, testimonials: 0, images: 0, keptImages: 0 })).toBe(
      "There was no demo content left to remove.",
    );
  });
});
