import { onFirstUse } from "./on-first-use.server";

/** sharp, imported with the first picture the server handles. */
export const loadSharp = onFirstUse(async () => {
  const { default: sharp } = await import("sharp");
  // libvips keeps up to 50 MB of decoded images and 100 operations for reuse; a site that
  // handles a picture now and then gains nothing from that and carries it in resident
  // memory for good.
  sharp.cache(false);
  return sharp;
});
