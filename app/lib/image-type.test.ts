import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isPdf, sniffImage } from "./image-type";

const make = (format: "png" | "jpeg" | "webp" | "gif") =>
  sharp({ create: { width: 37, height: 21, channels: 3, background: "#3a6" } })
    .toFormat(format)
    .toBuffer();

describe("sniffImage", () => {
  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
    ["gif", "image/gif"],
  ] as const)("reads type and size of a real %s from its bytes", async (format, type) => {
    const info = sniffImage(await make(format));
    expect(info?.contentType).toBe(type);
    expect(info?.width).toBe(37);
    expect(info?.height).toBe(21);
  });

  it("refuses HTML whatever the file is called", () => {
    expect(sniffImage(new TextEncoder().encode("<html><script>alert(1)</script></html>"))).toBeNull();
  });

  it("refuses truncated and empty input", () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe("isPdf", () => {
  it("knows a PDF by its first bytes, not its name", () => {
    expect(isPdf(new TextEncoder().encode("%PDF-1.7\n..."))).toBe(true);
    expect(isPdf(new TextEncoder().encode("<html>%PDF-"))).toBe(false);
    expect(isPdf(new Uint8Array([0xff, 0xd8, 0xff]))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});
