import { describe, expect, it } from "vitest";
import { routeArgs } from "./admin-session";
import { insertTestimonial } from "~/models/testimonial.server";
import { getDb } from "~/server/db.server";
import { loader } from "~/routes/home";

// A business with years of reviews keeps a light home page. It shows the newest
// six and links to the rest; pending reviews are neither shown nor counted.

describe("the home page's reviews", () => {
  it("shows the newest six of many, and says how many there are in all", async () => {
    getDb();
    for (let i = 1; i <= 40; i++) {
      insertTestimonial({
        name: `Reviewer ${i}`,
        quote: `Review number ${i}`,
        rating: 5,
        status: "published",
        createdAt: new Date(Date.UTC(2026, 0, i)),
      });
    }
    insertTestimonial({
      name: "Waiting",
      quote: "Not approved yet",
      rating: 5,
      status: "pending",
      createdAt: new Date(Date.UTC(2026, 5, 1)),
    });
    const data = await loader(routeArgs(new Request("http://site.test/")));
    expect(data.reviews.testimonials.map((t) => t.name)).toEqual([
      "Reviewer 40",
      "Reviewer 39",
      "Reviewer 38",
      "Reviewer 37",
      "Reviewer 36",
      "Reviewer 35",
    ]);
    expect(data.reviews.total).toBe(40);
  });
});
