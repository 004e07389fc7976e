import { beforeAll, describe, expect, it } from "vitest";
import { routeArgs, signedInOwner } from "./admin-session";
import { servePagesThroughCache } from "./cached-pages";
import { picture } from "./test-images";
import { DEFAULT_SITE_WORDS, DEFAULT_TRUST_FACTS } from "~/lib/site-words";
import { trustFactLines } from "~/lib/trust-facts";
import { getSetting, setSetting } from "~/models/settings.server";
import { cleanImage } from "~/server/image-clean.server";
import { storeImage } from "~/services/image-storage.server";
import { pageWords } from "~/services/site-words.server";
import * as aboutRoute from "~/routes/about";
import * as wordsRoute from "~/routes/admin/site-words";

// Words & Facts (decision 0046): the admin's three forms, what they refuse, and the public
// pages seeing a save on the very next request.

let cookie = "";
beforeAll(async () => {
  cookie = await signedInOwner();
});

type Answer = {
  status: number;
  location: string | null;
  text: string;
  data: { form?: string; result?: { error?: Record<string, string[]> } };
};

/** The action's answer, thrown or returned. */
async function post(
  fields: Record<string, string> | URLSearchParams,
  { signedIn = true, contentType }: { signedIn?: boolean; contentType?: string } = {},
): Promise<Answer> {
  const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
  const headers: Record<string, string> = signedIn ? { Cookie: cookie } : {};
  if (contentType) headers["Content-Type"] = contentType;
  const request = new Request("http://site.test/admin/site/words", {
    method: "POST",
    body: contentType ? body.toString() : body,
    headers,
  });
  const result = await wordsRoute.action(routeArgs(request)).catch((thrown: unknown) => thrown);
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), text: await result.text(), data: {} };
  const { data, init } = result as { data: Answer["data"]; init?: { status?: number } };
  return { status: init?.status ?? 200, location: null, text: JSON.stringify(data), data };
}

const TRUST = {
  intent: "save-trust-facts",
  licenseName: "Kansas roofing contractor registration",
  licenseNumber: "RC-20417",
  insured: "yes",
  insuranceCarrier: "Acuity Insurance",
  certifications: "GAF Certified Contractor\nBBB Accredited Business",
  warrantyYears: "10",
  foundedYear: "1998",
};

const aboutData = async () => (await aboutRoute.loader()) as Awaited<ReturnType<typeof aboutRoute.loader>>;

describe("trust facts", () => {
  it("are saved, and every fact shows in the About page's data and structured data", async () => {
    const saved = await post(TRUST);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/site/words");
    expect(getSetting("trust")).toEqual({
      licenseName: "Kansas roofing contractor registration",
      licenseNumber: "RC-20417",
      insured: true,
      insuranceCarrier: "Acuity Insurance",
      certifications: ["GAF Certified Contractor", "BBB Accredited Business"],
      warrantyYears: 10,
      foundedYear: 1998,
    });
    const about = await aboutData();
    expect(trustFactLines(about.trust).map((l) => l.text)).toContain("Insured by Acuity Insurance");
    const jsonLd = aboutRoute.handle.jsonLd!(
      { facts: getSetting("business"), origin: "https://roof.test" },
      about,
    ) as Record<string, unknown>;
    expect(jsonLd.foundingDate).toBe("1998");
    expect(jsonLd.hasCredential).toContainEqual(
      expect.objectContaining({ credentialCategory: "license", identifier: "RC-20417" }),
    );
  });

  it("refuses bad numbers with a message beside the field and keeps what was saved", async () => {
    const refused = await post({ ...TRUST, warrantyYears: "lifetime", foundedYear: "1700" });
    expect(refused.status).toBe(400);
    expect(refused.data.form).toBe("trust");
    expect(refused.data.result?.error?.warrantyYears).toEqual([
      "Please enter a number of years between 1 and 100, like 10",
    ]);
    expect(refused.data.result?.error?.foundedYear?.[0]).toMatch(/^Please enter a year between 1850 and/);
    expect(getSetting("trust").warrantyYears).toBe(10);
  });

  it("emptied, shows nothing at all", async () => {
    const emptied = await post({
      intent: "save-trust-facts",
      licenseName: "",
      licenseNumber: "",
      insured: "",
      insuranceCarrier: "",
      certifications: "",
      warrantyYears: "",
      foundedYear: "",
    });
    expect(emptied.status).toBe(302);
    expect(getSetting("trust")).toEqual(DEFAULT_TRUST_FACTS);
    expect(trustFactLines((await aboutData()).trust)).toEqual([]);
  });
});

describe("page words", () => {
  it("replace a page's hero words, and emptied bring back the built-in ones", async () => {
    const builtIn = pageWords("service-residential-roofing");
    const saved = await post({
      intent: "save-page-words",
      page: "service-residential-roofing",
      headline: "Roofs that outlast Kansas hail",
      intro: "",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/site/words?page=service-residential-roofing");
    expect(pageWords("service-residential-roofing")).toEqual({
      headline: "Roofs that outlast Kansas hail",
      intro: builtIn.intro,
    });
    await post({ intent: "save-page-words", page: "service-residential-roofing", headline: " ", intro: "" });
    expect(pageWords("service-residential-roofing")).toEqual(builtIn);
    expect(getSetting("words").pages).toEqual({});
  });

  it("refuse a page that is not on the list, even one named like an object's own key", async () => {
    for (const page of ["admin", "__proto__", "constructor"]) {
      const refused = await post({ intent: "save-page-words", page, headline: "x" });
      expect(refused.status).toBe(400);
      expect(refused.data.result?.error?.page).toEqual(["Please pick a page from the list"]);
    }
    expect(getSetting("words").pages).toEqual({});
  });
});

describe("the About story and team", () => {
  let photoId = 0;
  beforeAll(async () => {
    const image = await cleanImage(await picture("jpeg", 640));
    photoId = (await storeImage({ image: image!, originalName: "dale.jpg", alt: "Dale on a roof" })).id;
  });

  const member = (i: number, name: string, extra: Record<string, string> = {}) => ({
    [`team[${i}].name`]: name,
    [`team[${i}].role`]: "Crew",
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`team[${i}].${k}`, v])),
  });

  it("are saved in order with photos from the library, and a member's arrow moves him", async () => {
    const saved = await post({
      intent: "save-about",
      story: "We started in 1998 with one truck.\n\nDale still quotes every job.",
      ...member(0, "Dale Whitaker", { role: "Owner", imageId: String(photoId) }),
      ...member(1, "Cody Whitaker"),
    });
    expect(saved.status).toBe(302);
    const about = await aboutData();
    expect(about.story).toEqual(["We started in 1998 with one truck.", "Dale still quotes every job."]);
    expect(about.team.map((m) => m.name)).toEqual(["Dale Whitaker", "Cody Whitaker"]);
    expect(about.team[0].photo).toMatchObject({ alt: "Dale Whitaker", own: true });
    expect(about.team[1].photo).toBeNull();

    const moved = await post({
      intent: "save-about",
      story: "",
      ...member(0, "Dale Whitaker"),
      ...member(1, "Cody Whitaker"),
      move: "up-1",
    });
    expect(moved.status).toBe(302);
    expect(getSetting("words").team.map((m) => m.name)).toEqual(["Cody Whitaker", "Dale Whitaker"]);
  });

  it("refuses a photo that is not in the library, naming the person's row", async () => {
    const refused = await post({ intent: "save-about", story: "", ...member(0, "Dale", { imageId: "999999" }) });
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.["team[0].imageId"]).toEqual([
      "That photo is no longer in the library. Please pick another.",
    ]);
    expect(getSetting("words").team.map((m) => m.name)).toEqual(["Cody Whitaker", "Dale Whitaker"]);
  });

  it("asks for a name, and adds a row without saving (the button works without scripts)", async () => {
    const noName = await post({ intent: "save-about", story: "", ...member(0, "") });
    expect(noName.status).toBe(400);
    expect(noName.data.result?.error?.["team[0].name"]).toEqual(["Please enter the person's name"]);
    const added = await post({
      intent: "save-about",
      story: "",
      ...member(0, "Dale"),
      __intent__: JSON.stringify({ type: "insert", payload: { name: "team" } }),
    });
    expect(added.status).toBe(200);
    expect(getSetting("words").team).toHaveLength(2);
  });

  it("takes twelve people and refuses a thirteenth before reading the form", async () => {
    const twelve = Object.assign(
      { intent: "save-about", story: "" },
      ...Array.from({ length: 12 }, (_, i) => member(i, `Person ${i + 1}`)),
    );
    expect((await post(twelve)).status).toBe(302);
    expect(getSetting("words").team).toHaveLength(12);
    const thirteen = await post({ ...twelve, ...member(12, "One too many") });
    expect(thirteen.status).toBe(400);
    expect(thirteen.text).toMatch(/more rows than it can take/);
    const far = await post({ intent: "save-about", "team[9999].name": "x" });
    expect(far.status).toBe(400);
    expect(far.text.length).toBeLessThan(500);
    expect(getSetting("words").team).toHaveLength(12);
  });
});

describe("hostile posts", () => {
  it("answer 4xx and change nothing", async () => {
    const before = { words: getSetting("words"), trust: getSetting("trust") };
    const cases: [Record<string, string> | URLSearchParams, { contentType?: string; signedIn?: boolean }?][] = [
      [{ intent: "delete-everything" }],
      [{ licenseNumber: "x" }],
      [{ intent: "save-about", __intent__: "{not json" }],
      [
        {
          intent: "save-about",
          __intent__: JSON.stringify({ type: "reorder", payload: { name: "team", from: 0, to: 5 } }),
        },
      ],
      [{ intent: "save-about", "team.name": "x" }],
      [{ intent: "save-trust-facts", "certifications[0]": "x", "certifications[1]": "y" }],
      [{ intent: "save-trust-facts", licenseNumber: "x".repeat(200_000) }],
      [{ intent: "save-trust-facts" }, { contentType: "application/json" }],
    ];
    for (const [fields, opts] of cases) {
      const answer = await post(fields, opts);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBeLessThan(500);
    }
    expect({ words: getSetting("words"), trust: getSetting("trust") }).toEqual(before);
  });

  it("need the owner's session", async () => {
    const answer = await post(TRUST, { signedIn: false });
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/admin\/login/);
  });
});

describe("the page cache", () => {
  // A cached public page made of what the About page's loader reads.
  const site = servePagesThroughCache(async () => {
    const about = await aboutData();
    return new Response(
      `<h1>${pageWords("about").headline}</h1>${trustFactLines(about.trust)
        .map((l) => `<li>${l.text}</li>`)
        .join("")}`,
      {
        headers: { "Content-Type": "text/html" },
      },
    );
  });

  it("serves the saved facts and headline on the very next request", async () => {
    setSetting("words", DEFAULT_SITE_WORDS);
    setSetting("trust", DEFAULT_TRUST_FACTS);
    const page = async () => (await fetch(`${site.base()}/about`)).text();
    const first = await page();
    expect(first).not.toContain("<li>");
    expect(await page()).toBe(first);
    expect((await post(TRUST)).status).toBe(302);
    expect(await page()).toContain("<li>Kansas roofing contractor registration #RC-20417</li>");
    expect(
      (
        await post({
          intent: "save-page-words",
          page: "about",
          headline: "Three generations on Kansas roofs",
          intro: "",
        })
      ).status,
    ).toBe(302);
    expect(await page()).toContain("<h1>Three generations on Kansas roofs</h1>");
  });
});
