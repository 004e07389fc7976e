/**
 * Smaller copies of each uploaded picture, so a 288px portfolio tile does not download a
 * 1200px photo. Which variants exist follows from the image alone, so pages build their
 * srcset without touching the disk. 640: a 288px tile on a phone that packs 1.75-2 pixels
 * in each CSS pixel needs 504-576 (it was getting the 960 one, twice the bytes); pictures
 * stored before it existed get it at start-up (services/upload-housekeeping.server.ts).
 */
export const VARIANT_WIDTHS = [480, 640, 960] as const;

type VariantSource = { storedName: string; contentType: string; width: number | null };

export function variantName(storedName: string, width: number): string {
  return `${storedName.replace(/\.[a-z0-9]+$/i, "")}-w${width}.webp`;
}

/** GIFs keep their animation, so they get no (still) variants. */
export function variantWidths(image: VariantSource): number[] {
  if (image.contentType === "image/gif" || !image.width) return [];
  return VARIANT_WIDTHS.filter((w) => w < image.width!);
}

export function srcSetFor(image: VariantSource, urlFor: (name: string) => string): string | undefined {
  const widths = variantWidths(image);
  if (widths.length === 0) return undefined;
  return [
    ...widths.map((w) => `${urlFor(variantName(image.storedName, w))} ${w}w`),
    `${urlFor(image.storedName)} ${image.width}w`,
  ].join(", ");
}

/** The stored name of the copy `width` px wide when there is one, else the original's. */
export function nameAtWidth(image: VariantSource, width: (typeof VARIANT_WIDTHS)[number]): string {
  return variantWidths(image).includes(width) ? variantName(image.storedName, width) : image.storedName;
}
