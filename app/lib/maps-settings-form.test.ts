import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MAPS_MESSAGES } from "./maps-loader";
import { MapsKeySchema, PublisherTagSchema } from "./maps-settings-form";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("the Maps key form", () => {
  it("takes a key as Google issues it, trimmed", () => {
    const submission = parseWithZod(form({ apiKey: " AIzaSyTEST-0123456789abcdefgh " }), { schema: MapsKeySchema });
    expect(submission.status === "success" && submission.value).toEqual({ apiKey: "AIzaSyTEST-0123456789abcdefgh" });
  });

  it.each(["", "   ", "short", "AIzaSy TEST 0123456789abcdefgh", "<script>alert(1)</script>xxxxxxxxxxxx"])(
    "refuses %j on the field",
    (apiKey) => {
      expect(parseWithZod(form({ apiKey }), { schema: MapsKeySchema }).reply().error).toEqual({
        apiKey: [MAPS_MESSAGES.invalidKey],
      });
    },
  );
});

describe("the publisher tag form", () => {
  it("takes a verification code, and refuses none, markup or quotes", () => {
    const ok = parseWithZod(form({ publisherTag: " abc123-verification " }), { schema: PublisherTagSchema });
    expect(ok.status === "success" && ok.value).toEqual({ publisherTag: "abc123-verification" });
    for (const publisherTag of ["", "  ", '"><script>', "x".repeat(201)]) {
      expect(parseWithZod(form({ publisherTag }), { schema: PublisherTagSchema }).reply().error).toEqual({
        publisherTag: [MAPS_MESSAGES.tagFailed],
      });
    }
  });
});
