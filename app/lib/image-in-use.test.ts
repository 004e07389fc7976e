import { describe, expect, it } from "vitest";
import { imageInUseMessage, projectEditorHref } from "./image-in-use";

describe("imageInUseMessage", () => {
  it("names the project or projects and says what to do", () => {
    expect(imageInUseMessage(["Hail Damage Repair, Haysville"])).toBe(
      "This image is in use: it is the picture of “Hail Damage Repair, Haysville”. Give that project another picture first, then delete it.",
    );
    expect(imageInUseMessage(["A", "B", "C"])).toBe(
      "This image is in use: it is the picture of “A”, “B” and “C”. Give those projects another picture first, then delete it.",
    );
  });

  it("links to the project's editor in its own tab", () => {
    expect(projectEditorHref({ projectId: 4, category: "roofing" })).toBe("/admin/projects/roofing?edit=4");
  });
});
