import { href, Link } from "react-router";

/**
 * What an empty week on the Schedule says: where to book, to those who book (the office); to
 * the crew, who cannot, that theirs shows here once the office has booked it.
 */
export function EmptyWeekNote({ mayBook }: { mayBook: boolean }) {
  return (
    <p className="text-sm text-ink-soft">
      Nothing booked this week.{" "}
      {mayBook ? (
        <>
          Visits and work days are booked from a{" "}
          <Link to={href("/admin/leads")} className="font-semibold text-brand-dark underline">
            lead&rsquo;s page
          </Link>
          .
        </>
      ) : (
        "Your visits and work days show here once the office books them."
      )}
    </p>
  );
}
