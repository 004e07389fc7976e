import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AddToPortfolioSchema } from "./lead-forms";
import { DRAFT_MESSAGES } from "./portfolio-draft-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  const all = {
    intent: "add-to-portfolio",
    title: "New Roof in Derby",
    category: "roofing",
    description: "D",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) data.set(k, v);
  return parseWithZod(data, { schema: AddToPortfolioSchema });
};

describe("the portfolio draft's pictures", () => {
  it("takes an after and a before, each described", () => {
    const ok = form({ photoId: "4", altText: "New roof", beforePhotoId: "3", beforeAltText: "Hail-torn shingles" });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toMatchObject({
      photoId: 4,
      altText: "New roof",
      beforePhotoId: 3,
      beforeAltText: "Hail-torn shingles",
    });
  });

  it("asks for the before picture's alt text as for the after's", () => {
    const reply = form({ photoId: "4", altText: "", beforePhotoId: "3", beforeAltText: " " }).reply();
    expect(reply.error).toEqual({ altText: [DRAFT_MESSAGES.alt], beforeAltText: [DRAFT_MESSAGES.beforeAlt] });
  });

  it("leaves the before out when none is chosen, asking nothing of it", () => {
    const none = form({ photoId: "4", altText: "New roof", beforePhotoId: "" });
    expect(none.status === "success" && none.value.beforePhotoId).toBeUndefined();
  });

  it("refuses a before without an after, or one photo as both", () => {
    expect(form({ beforePhotoId: "3", beforeAltText: "Old" }).reply().error).toEqual({
      photoId: [DRAFT_MESSAGES.beforeNeedsAfter],
    });
    expect(form({ photoId: "3", altText: "A", beforePhotoId: "3", beforeAltText: "B" }).reply().error).toEqual({
      beforePhotoId: [DRAFT_MESSAGES.samePhoto],
    });
  });
});
