import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "./review-request";
import { ReviewSchema } from "./review-schema";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};
const parse = (values: Record<string, string>) => parseWithZod(form(values), { schema: ReviewSchema });
const ok = { rating: "5", quote: " Fast and tidy. ", name: "Kim  Hoang", location: "Derby, KS" };

describe("the homeowner's review form", () => {
  it("takes a rating from 1 to 5, the words, a name and a town", () => {
    const submission = parse(ok);
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toEqual({
        rating: 5,
        quote: "Fast and tidy.",
        name: "Kim Hoang",
        location: "Derby, KS",
      });
    const noTown = parse({ ...ok, location: " " });
    expect(noTown.status === "success" && noTown.value.location).toBeNull();
  });

  it("says what is missing, field by field, in the spec's words", () => {
    const reply = parse({ rating: "", quote: "", name: "", location: "" }).reply();
    expect(reply.error).toEqual({
      rating: [REVIEW_MESSAGES.rating],
      quote: [REVIEW_MESSAGES.quote],
      name: [REVIEW_MESSAGES.name],
    });
    // Nothing sent at all reads the same as empty fields.
    expect(parseWithZod(new FormData(), { schema: ReviewSchema }).reply().error).toEqual({
      rating: [REVIEW_MESSAGES.rating],
      quote: [REVIEW_MESSAGES.quote],
      name: [REVIEW_MESSAGES.name],
    });
    for (const rating of ["0", "6", "4.5", "five"])
      expect(parse({ ...ok, rating }).reply().error).toEqual({ rating: [REVIEW_MESSAGES.rating] });
    expect(parse({ ...ok, quote: "x".repeat(1001) }).reply().error).toEqual({ quote: [REVIEW_MESSAGES.quoteLong] });
    expect(parse({ ...ok, name: "x".repeat(101) }).reply().error).toEqual({ name: [REVIEW_MESSAGES.tooLong] });
    expect(parse({ ...ok, location: "x".repeat(101) }).reply().error).toEqual({ location: [REVIEW_MESSAGES.tooLong] });
  });

  it("refuses a line break in the name or town, which could smuggle mail headers", () => {
    expect(parse({ ...ok, name: "Kim\r\nBcc: x" }).reply().error).toEqual({ name: [REVIEW_MESSAGES.oneLine] });
    expect(parse({ ...ok, location: "Derby\nBcc: x" }).reply().error).toEqual({ location: [REVIEW_MESSAGES.oneLine] });
  });

  it("gives back what was typed with a refusal, so nothing is typed twice", () => {
    expect(parse({ ...ok, rating: "" }).reply().initialValue).toMatchObject({
      quote: " Fast and tidy. ",
      name: "Kim  Hoang",
      location: "Derby, KS",
    });
  });
});
