/** What the bytes of a file say it is, never what its name or the browser claims. */
export type ImageInfo = {
  contentType: "image/jpeg" | "image/png" | "image/webp" | "image/gif";
  extension: "jpg" | "png" | "webp" | "gif";
  width: number | null;
  height: number | null;
};

const ascii = (b: Uint8Array, start: number, text: string) =>
  text.split("").every((c, i) => b[start + i] === c.charCodeAt(0));

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (ascii(b, 12, "VP8 ") && b.length >= 30) {
    return { width: ((b[27] << 8) | b[26]) & 0x3fff, height: ((b[29] << 8) | b[28]) & 0x3fff };
  }
  if (ascii(b, 12, "VP8L") && b.length >= 25) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, "VP8X") && b.length >= 30) {
    return {
      width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)),
      height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)),
    };
  }
  return null;
}

export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  const b = bytes;
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, "PNG\r\n\x1a\n")) {
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { contentType: "image/png", extension: "png", width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return { contentType: "image/jpeg", extension: "jpg", width: size?.width ?? null, height: size?.height ?? null };
  }
  if (b.length >= 16 && ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) {
    const size = webpSize(b);
    return { contentType: "image/webp", extension: "webp", width: size?.width ?? null, height: size?.height ?? null };
  }
  if (b.length >= 10 && (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a"))) {
    return { contentType: "image/gif", extension: "gif", width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
  }
  return null;
}

/** Whether the bytes are a PDF document (they open with "%PDF-"), whatever the file is called. */
export const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && ascii(bytes, 0, "%PDF-");
