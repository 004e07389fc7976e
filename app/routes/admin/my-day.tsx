import { useEffect } from "react";
import { href, Link } from "react-router";
import { keepForOffline } from "~/components/admin/offline";
import { LEADS_KEPT_AHEAD } from "~/lib/offline";
import { MyVisitCard } from "~/components/admin/visit-card";
import { requireAccess } from "~/services/access.server";
import { myDayView, type MyDayGroup } from "~/services/my-day.server";
import type { Route } from "./+types/my-day";

/** A person's own next visits, for the phone in the truck: today, then the next ones by day. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/my-day");
  return myDayView(user);
}

export default function MyDay({ loaderData }: Route.ComponentProps) {
  const { today, coming } = loaderData;
  useKeptAhead([today, ...coming]);
  return (
    <>
      <header>
        <h1 className="text-2xl font-bold">My day</h1>
        <p className="mt-1 text-ink-soft">{today.label}</p>
      </header>
      <section aria-labelledby="today-heading">
        <h2 id="today-heading" className="text-lg font-bold">
          Today
        </h2>
        {today.items.length ? (
          <VisitList group={today} />
        ) : (
          <p className="mt-1 text-ink-soft" data-testid="today-empty">
            Nothing booked for you today.
          </p>
        )}
      </section>
      <section aria-labelledby="coming-heading">
        <h2 id="coming-heading" className="text-lg font-bold">
          Coming up
        </h2>
        {coming.length ? (
          coming.map((group) => (
            <div key={group.day} className="mt-3">
              <h3 className="font-semibold">{group.label}</h3>
              <VisitList group={group} />
            </div>
          ))
        ) : (
          <p className="mt-1 text-ink-soft">
            Nothing else booked for you yet. The office books visits from each lead&apos;s page; the whole team&apos;s
            are on the{" "}
            <Link to={href("/admin/schedule")} className="font-semibold text-brand-dark underline">
              Schedule
            </Link>
            .
          </p>
        )}
      </section>
    </>
  );
}

/**
 * This page and the leads of the coming jobs, kept on the phone while it has signal: in the
 * truck without it, they still open (decision 0099).
 */
function useKeptAhead(groups: MyDayGroup[]) {
  const leads = [
    ...new Set(groups.flatMap((g) => g.items).flatMap((item) => (item.lead.open ? [item.lead.id] : []))),
  ].slice(0, LEADS_KEPT_AHEAD);
  const key = leads.join(",");
  useEffect(() => {
    void keepForOffline([
      href("/admin/my-day"),
      ...key
        .split(",")
        .filter(Boolean)
        .map((id) => href("/admin/leads/:id", { id })),
    ]);
  }, [key]);
}

function VisitList({ group }: { group: MyDayGroup }) {
  return (
    <ul className="mt-2 space-y-3" aria-label={group.label}>
      {group.items.map((item) => (
        <MyVisitCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My day | Admin" }, { name: "robots", content: "noindex" }];
