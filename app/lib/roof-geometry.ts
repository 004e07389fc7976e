/**
 * Roof measurement from traced outlines. Points are in image pixels; a scale turns pixels
 * into feet. Plan area is what the camera sees from above; the true (sloped) area is
 * larger by the pitch factor sqrt(1 + (rise/12)^2).
 */
export type Point = { x: number; y: number };

export const WASTE_PERCENTAGES = [0, 5, 10, 12, 15, 17, 20] as const;

/** Shoelace formula: the area of a simple polygon, in square pixels. */
export function polygonArea(points: Point[]): number {
  if (points.length < 3) return 0;
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** The average of the corners: where a facet's label goes. */
export function centroid(points: Point[]): Point {
  return {
    x: points.reduce((s, p) => s + p.x, 0) / points.length,
    y: points.reduce((s, p) => s + p.y, 0) / points.length,
  };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** Feet per pixel from a line drawn over something of known length. */
export function scaleFromKnownLength(a: Point, b: Point, feet: number): number | null {
  const pixels = distance(a, b);
  return pixels > 0 && feet > 0 ? feet / pixels : null;
}

/**
 * Feet per pixel of a Google Static Maps image: 156543.03392 m/px at zoom 0 on the
 * equator, halved per zoom level, shrinking with cos(latitude); `scale` is the 2x option.
 */
export function feetPerPixelAtZoom(latitude: number, zoom: number, scale: 1 | 2 = 1): number {
  const metersPerPixel = (156543.03392 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom / scale;
  return metersPerPixel * 3.28084;
}

/** Pitch as rise per 12 of run, from two points along a rake on the side view. */
export function pitchFromPoints(a: Point, b: Point): number | null {
  const run = Math.abs(b.x - a.x);
  if (run === 0) return null;
  return (12 * Math.abs(b.y - a.y)) / run;
}

/** Roof (sloped) length or area per unit seen from above, up the slope of a p/12 roof: also a rake's stretch. */
export function pitchFactor(pitch: number): number {
  return Math.sqrt(1 + (pitch / 12) ** 2);
}

/**
 * A hip or valley drawn on the top view between two planes of the same p/12 pitch runs
 * diagonally: 12 * sqrt(2) of plan per p of rise, so its true length is the plan length
 * times sqrt(1 + (p/12)^2 / 2).
 */
export function hipValleyFactor(pitch: number): number {
  return Math.sqrt(1 + (pitch / 12) ** 2 / 2);
}

export type Facet = { points: Point[]; pitch: number };

export type RoofMeasurement = {
  planArea: number;
  trueArea: number;
  squares: number;
  predominantPitch: number | null;
  waste: WasteRow[];
  suggestedWastePercent: number;
};

/** The waste allowance roofers commonly start from: more for steep or cut-up roofs. */
export function suggestedWaste(facetCount: number, predominantPitch: number | null): number {
  const pitch = predominantPitch ?? 0;
  if (facetCount <= 2 && pitch < 7) return 10;
  if (facetCount <= 4 && pitch < 9) return 12;
  if (pitch >= 9 || facetCount > 8) return 17;
  return 15;
}

export type WasteRow = { percent: number; area: number; squares: number };

/** The area and squares to order at each common waste allowance. */
export function wasteTable(roofArea: number): WasteRow[] {
  return WASTE_PERCENTAGES.map((percent) => {
    const area = roofArea * (1 + percent / 100);
    return { percent, area, squares: area / 100 };
  });
}

export function measureRoof(facets: Facet[], feetPerPixel: number): RoofMeasurement {
  const sqFeetPerSqPixel = feetPerPixel ** 2;
  let planArea = 0;
  let trueArea = 0;
  const areaByPitch = new Map<number, number>();
  for (const facet of facets) {
    const plan = polygonArea(facet.points) * sqFeetPerSqPixel;
    const sloped = plan * pitchFactor(facet.pitch);
    planArea += plan;
    trueArea += sloped;
    areaByPitch.set(facet.pitch, (areaByPitch.get(facet.pitch) ?? 0) + sloped);
  }
  const predominantPitch = [...areaByPitch.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const waste = wasteTable(trueArea);
  return {
    planArea,
    trueArea,
    squares: trueArea / 100,
    predominantPitch,
    waste,
    suggestedWastePercent: suggestedWaste(facets.length, predominantPitch),
  };
}
