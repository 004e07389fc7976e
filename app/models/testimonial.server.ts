import { desc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { testimonials, type Testimonial } from "~/db/schema";

export function listTestimonials(): Testimonial[] {
  return getDb().select().from(testimonials).orderBy(desc(testimonials.createdAt), desc(testimonials.id)).all();
}
