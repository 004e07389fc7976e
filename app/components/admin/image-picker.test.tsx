import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImagePicker } from "./image-picker";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("ImagePicker with an empty library", () => {
  it("points to the upload below when the form has one", () => {
    const html = renderToString(<ImagePicker legend="Photo" images={[]} selectedId={null} />);
    expect(text(html)).toContain("The image library is empty: upload a picture below.");
    expect(html).toContain('type="file"');
  });

  it("sends the owner to the Images page when the form has no upload", () => {
    const html = renderToString(<ImagePicker legend="Photo" images={[]} selectedId={null} upload={false} />);
    expect(text(html)).toContain("The image library is empty: add pictures on the Images page first.");
    expect(text(html)).not.toContain("upload a picture below");
    expect(html).not.toContain('type="file"');
  });
});
