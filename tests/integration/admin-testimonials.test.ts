import { beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "~/server/client-ip.server";
import { startSession } from "~/services/auth.server";
import { startApp } from "./started-app";
import { getTestimonial, listTestimonials } from "~/models/testimonial.server";
import { upsertUser } from "~/models/user.server";
import { action } from "~/routes/admin/testimonial-list";

let cookie = "";

beforeAll(async () => {
  await startApp();
  const { user } = await upsertUser("owner@example.com", "owner-password");
  cookie = (await startSession(user.id)).split(";")[0];
});

async function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request("http://site.test/admin/testimonials", {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
  return action({ request, params: {}, context: requestContext("127.0.0.1") } as never);
}

const flashOf = (res: unknown) => decodeURIComponent((res as Response).headers.get("Set-Cookie") ?? "");

describe("testimonials action", () => {
  it("adds a testimonial with rating 5 by default and an empty location as null", async () => {
    const before = listTestimonials().length;
    const res = (await post({ name: "Lou", location: "", quote: "Great crew" })) as Response;
    expect(res.status).toBe(302);
    const added = listTestimonials().find((t) => t.name === "Lou")!;
    expect(added).toMatchObject({ location: null, rating: 5, quote: "Great crew" });
    expect(listTestimonials()).toHaveLength(before + 1);
  });

  it("refuses a missing name or quote and a rating outside 1-5, saving nothing", async () => {
    const before = listTestimonials().length;
    const cases: Record<string, string>[] = [
      { name: "", quote: "x" },
      { name: "x", quote: "  " },
      { name: "x", quote: "y", rating: "6" },
      { name: "x", quote: "y", rating: "0" },
    ];
    for (const fields of cases) {
      const res = (await post(fields)) as {
        data: { status: string; error: Record<string, string[]> };
        init: { status: number };
      };
      expect(res.init.status).toBe(400);
      expect(res.data.status).toBe("error");
    }
    expect(listTestimonials()).toHaveLength(before);
  });

  it("updates in place and sets updated_at", async () => {
    const t = listTestimonials().find((x) => x.name === "Lou")!;
    await new Promise((r) => setTimeout(r, 5));
    const res = await post({
      id: String(t.id),
      name: "Lou B.",
      location: "Derby, KS",
      quote: "Great crew!",
      rating: "4",
    });
    expect(flashOf(res)).toBeTruthy();
    const after = getTestimonial(t.id)!;
    expect(after).toMatchObject({ name: "Lou B.", location: "Derby, KS", rating: 4 });
    expect(after.updatedAt.getTime()).toBeGreaterThan(t.updatedAt.getTime());
  });

  it("deletes", async () => {
    const t = listTestimonials().find((x) => x.name === "Lou B.")!;
    const res = (await post({ intent: "delete", id: String(t.id) })) as Response;
    expect(res.status).toBe(302);
    expect(getTestimonial(t.id)).toBeUndefined();
  });
});
