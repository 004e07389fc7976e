import type { PublicTestimonial } from "~/models/testimonial.server";

export function TestimonialGrid({ testimonials }: { testimonials: PublicTestimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {testimonials.map((t) => (
        <li key={t.id} className="flex">
          <TestimonialCard testimonial={t} />
        </li>
      ))}
    </ul>
  );
}

export function TestimonialCard({ testimonial: t }: { testimonial: PublicTestimonial }) {
  return (
    <div className="flex w-full flex-col rounded-xl border border-black/5 bg-white p-6 shadow-sm">
      <p className="stars" data-rating={t.rating} role="img" aria-label={`${t.rating} out of 5 stars`} />
      <blockquote className="mt-4 flex-1 text-ink-soft italic">&ldquo;{t.quote}&rdquo;</blockquote>
      <div className="mt-5 flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-10 items-center justify-center rounded-full bg-brand-soft font-bold text-brand-dark"
        >
          {t.name.charAt(0).toUpperCase()}
        </span>
        <span>
          <span className="block font-semibold">{t.name}</span>
          {t.location && <span className="block text-sm text-ink-soft">{t.location}</span>}
        </span>
      </div>
    </div>
  );
}
