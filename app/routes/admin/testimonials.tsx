import type { Route } from "./+types/testimonials";

export default function AdminTestimonials() {
  return <h1 className="text-2xl font-bold">Testimonials</h1>;
}

export const meta: Route.MetaFunction = () => [{ title: "Testimonials | Admin" }, { name: "robots", content: "noindex" }];
