import { describe, expect, it } from "vitest";
import { nameAtWidth, srcSetFor, variantName, variantWidths } from "./image-variants";

const url = (n: string) => `/uploads/${n}`;

describe("image variants", () => {
  it("names a variant after its original", () => {
    expect(variantName("abc123.jpg", 480)).toBe("abc123-w480.webp");
  });

  it("makes only variants smaller than the original, and none for GIFs", () => {
    expect(variantWidths({ storedName: "a.jpg", contentType: "image/jpeg", width: 1200 })).toEqual([480, 640, 960]);
    expect(variantWidths({ storedName: "a.jpg", contentType: "image/jpeg", width: 600 })).toEqual([480]);
    expect(variantWidths({ storedName: "a.png", contentType: "image/png", width: 400 })).toEqual([]);
    expect(variantWidths({ storedName: "a.gif", contentType: "image/gif", width: 2000 })).toEqual([]);
  });

  it("builds a srcset from the variants and the original", () => {
    expect(srcSetFor({ storedName: "a.webp", contentType: "image/webp", width: 1200 }, url)).toBe(
      "/uploads/a-w480.webp 480w, /uploads/a-w640.webp 640w, /uploads/a-w960.webp 960w, /uploads/a.webp 1200w",
    );
    expect(srcSetFor({ storedName: "a.png", contentType: "image/png", width: 300 }, url)).toBeUndefined();
  });

  it("picks the copy of a given width, or the original when there is none", () => {
    expect(nameAtWidth({ storedName: "a.jpg", contentType: "image/jpeg", width: 1200 }, 480)).toBe("a-w480.webp");
    expect(nameAtWidth({ storedName: "a.jpg", contentType: "image/jpeg", width: 700 }, 960)).toBe("a.jpg");
    expect(nameAtWidth({ storedName: "a.gif", contentType: "image/gif", width: 2000 }, 480)).toBe("a.gif");
  });
});
