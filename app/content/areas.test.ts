import { describe, expect, it } from "vitest";
import { AREA_CONTENT, type AreaContent } from "./areas";
import { AREAS } from "~/lib/landing-pages";

/** Every word a visitor reads on an area page, with its own town's name blanked out. */
function pageText(area: AreaContent): string {
  const parts = [
    area.description,
    area.lead,
    ...area.intro,
    area.localNeeds,
    ...area.landmarks,
    ...area.cards.flatMap((c) => [c.title, c.text, ...c.bullets]),
    ...area.reasons.flatMap((r) => [r.title, r.text]),
  ];
  return parts.join(" ").replaceAll(area.name, "TOWN").toLowerCase();
}

function shingles(text: string, size = 4): Set<string> {
  const words = text.match(/[a-z0-9']+/g) ?? [];
  const out = new Set<string>();
  for (let i = 0; i + size <= words.length; i++) out.add(words.slice(i, i + size).join(" "));
  return out;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / Math.min(a.size, b.size);
}

describe("area pages", () => {
  const pages = AREAS.map((a) => ({ slug: a.slug, shingles: shingles(pageText(AREA_CONTENT[a.slug])) }));

  it("has content for every area of the site map", () => {
    for (const a of AREAS) expect(AREA_CONTENT[a.slug].name).toBe(a.name);
  });

  it("never reads as another town's page with the name swapped", () => {
    for (let i = 0; i < pages.length; i++) {
      for (let j = i + 1; j < pages.length; j++) {
        const share = overlap(pages[i].shingles, pages[j].shingles);
        expect(
          share,
          `${pages[i].slug} and ${pages[j].slug} share ${(share * 100).toFixed(0)}% of their phrases`,
        ).toBeLessThan(0.1);
      }
    }
  });

  it("the measure catches a page copied with the town swapped", () => {
    const derby = AREA_CONTENT.derby;
    const copy = { ...derby, name: "Mulvane" } as AreaContent;
    expect(overlap(shingles(pageText(derby)), shingles(pageText(copy).replaceAll("derby", "town")))).toBeGreaterThan(
      0.9,
    );
  });

  it("gives every town its drive time and a GeoCircle midpoint in Kansas", () => {
    for (const a of AREAS) {
      const area = AREA_CONTENT[a.slug];
      expect(area.latitude).toBeGreaterThan(36.9);
      expect(area.latitude).toBeLessThan(40.1);
      expect(area.longitude).toBeGreaterThan(-102.1);
      expect(area.longitude).toBeLessThan(-94.5);
      if (a.slug !== "wellington") expect(area.driveMinutes).toBeGreaterThan(0);
    }
    expect(AREA_CONTENT.wichita.driveMinutes).toBe(30);
  });
});
