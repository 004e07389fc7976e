// Pictures for upload tests, drawn with sharp: whole ones, broken ones, and a phone photo
// that carries GPS and a sideways orientation.
import sharp from "sharp";

/** A flat-colored picture, width x 3/4 width. */
export function picture(format: "png" | "jpeg" | "webp" | "gif", width = 800): Promise<Buffer> {
  return sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: "#775" } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG cut in half: the header and size are fine, the pixels stop midway. */
export async function truncatedPng(width: number): Promise<Buffer> {
  const whole = await picture("png", width);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** Starts like a JPEG (the magic bytes and an APP0 marker), then is a web page. */
export const jpegMagicHtml = (): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><script>alert(1)</script></html>")]);

/**
 * A JPEG as a phone stores a portrait photo: pixels 400 x 300 (by default), EXIF
 * orientation 6 (turn 90° clockwise to view), a GPS position and the camera's make.
 * Upright it is 300 x 400.
 */
export function phonePhoto(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#468" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 16/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "97/1 23/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** What a stored file tells about itself: format, size and any metadata left in it. */
export async function describeStored(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return { format: m.format, width: m.width, height: m.height, exif: m.exif, icc: m.icc, orientation: m.orientation };
}
