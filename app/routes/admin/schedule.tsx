import { CalendarDays, ChevronLeft, ChevronRight, MapPin, User } from "lucide-react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { secondaryButton } from "~/components/admin-ui";
import { EmptyWeekNote } from "~/components/admin/empty-week-note";
import { VisitLeadName } from "~/components/admin/visit-card";
import { VisitLengthsForm } from "~/components/admin/visit-lengths-form";
import { mayPost } from "~/lib/access";
import { formatPhone, telHref } from "~/lib/business";
import { ADD_VISIT_INTENT, VISIT_LENGTHS_INTENT, VISIT_MESSAGES, VisitLengthsFormSchema } from "~/lib/visit-form";
import { getSetting, setSetting } from "~/models/settings.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { requireAccess, requireIntent } from "~/services/access.server";
import { redirectWithFlash } from "~/services/flash.server";
import { scheduleView, type ScheduleDay, type ScheduleItem } from "~/services/visit-schedule.server";
import type { Route } from "./+types/schedule";

/**
 * The schedule: today's agenda, then the week, Monday to Sunday. On a phone each
 * day is a list under the other; from a wide screen on, the week is seven columns. Weeks are
 * plain links (?week=YYYY-MM-DD, any day of it), so they work without scripts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/schedule");
  return {
    ...scheduleView(user, new URL(request.url).searchParams.get("week")),
    // The owner sets how long each kind usually takes, where the visits are.
    lengths: mayPost(user.role, "routes/admin/schedule", VISIT_LENGTHS_INTENT) ? getSetting("visitLengths") : null,
    // Who books (from a lead's page) is told where; the crew is told theirs shows here once booked.
    mayBook: mayPost(user.role, "routes/admin/lead-visits", ADD_VISIT_INTENT),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/schedule");
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(user, "routes/admin/schedule", intent);
  if (intent !== VISIT_LENGTHS_INTENT) return refuseUnknownIntent();
  const submission = parseWithZod(form, { schema: VisitLengthsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent: _intent, ...lengths } = submission.value;
  setSetting("visitLengths", lengths, user.userId);
  return redirectWithFlash(href("/admin/schedule"), { type: "success", message: VISIT_MESSAGES.lengthsSaved });
}

const weekLink = (day: string) => `${href("/admin/schedule")}?week=${day}`;

function VisitCard({ item, compact = false }: { item: ScheduleItem; compact?: boolean }) {
  return (
    <li
      className={`min-w-0 rounded-lg border-l-4 bg-white p-3 shadow-sm [overflow-wrap:anywhere] ${item.mine ? "border-brand" : "border-black/15"}`}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        {/* In a narrow column the end goes under the start, never in the middle of a time. */}
        <span className="font-semibold">
          <span className="whitespace-nowrap">{item.start}</span>{" "}
          <span className="font-normal whitespace-nowrap text-ink-soft">– {item.end}</span>
        </span>
        {item.mine && (
          <span className="rounded-full bg-brand/10 px-2 text-xs font-semibold text-brand-dark">Yours</span>
        )}
      </p>
      <p className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{item.label}</p>
      <VisitLeadName lead={item.lead} className="mt-1 block font-semibold break-words" />
      {item.lead.place && (
        <p className="flex items-start gap-1 text-sm break-words">
          <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0 text-ink-soft" /> {item.lead.place}
        </p>
      )}
      <p className="flex items-start gap-1 text-sm">
        <User aria-hidden className="mt-0.5 size-3.5 shrink-0 text-ink-soft" /> {item.who ?? "Nobody chosen yet"}
      </p>
      {!compact && item.lead.phone && (
        <p className="text-sm">
          <a href={telHref(item.lead.phone)} className="underline">
            {formatPhone(item.lead.phone)}
          </a>
        </p>
      )}
      {!compact && item.note && <p className="mt-1 text-sm whitespace-pre-line text-ink-soft">{item.note}</p>}
    </li>
  );
}

function DayList({ day }: { day: ScheduleDay }) {
  return (
    <li
      aria-labelledby={`day-${day.day}`}
      className={`min-w-0 rounded-xl p-3 ${day.isToday ? "bg-brand/5 ring-2 ring-brand/40" : "bg-sand/60"}`}
    >
      <h3 id={`day-${day.day}`} className="text-sm font-bold">
        {/* The whole day on phones, where the list has room; short in the week's columns. */}
        <span className="lg:hidden">{day.label}</span>
        <span className="hidden lg:inline">{day.short}</span>
        {day.isToday && <span className="ml-2 text-xs font-semibold text-brand-dark">Today</span>}
      </h3>
      {day.items.length ? (
        <ul className="mt-2 space-y-2">
          {day.items.map((item) => (
            <VisitCard key={item.id} item={item} compact />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-ink-soft">Nothing booked</p>
      )}
    </li>
  );
}

export default function Schedule({ loaderData, actionData }: Route.ComponentProps) {
  const { week, today, days, lengths, mayBook } = loaderData;
  const booked = days.reduce((n, d) => n + d.items.length, 0);
  return (
    <>
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <CalendarDays aria-hidden className="size-6 text-brand" /> Schedule
      </h1>
      <section aria-labelledby="today-agenda" className="space-y-3">
        <h2 id="today-agenda" className="text-lg font-bold">
          Today, {today.label}
        </h2>
        {today.items.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {today.items.map((item) => (
              <VisitCard key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">Nothing booked today.</p>
        )}
      </section>
      <section aria-labelledby="week" className="space-y-3 pt-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="week" className="text-lg font-bold">
            Week of {week.label}
          </h2>
          <nav aria-label="Weeks" className="flex flex-wrap gap-2">
            <Link to={weekLink(week.previous)} className={`${secondaryButton} px-3 text-sm`} rel="prev">
              <ChevronLeft aria-hidden className="size-4" /> Previous week
            </Link>
            {!week.isCurrent && (
              <Link to={weekLink(week.current)} className={`${secondaryButton} px-3 text-sm`}>
                This week
              </Link>
            )}
            <Link to={weekLink(week.next)} className={`${secondaryButton} px-3 text-sm`} rel="next">
              Next week <ChevronRight aria-hidden className="size-4" />
            </Link>
          </nav>
        </div>
        {booked === 0 && <EmptyWeekNote mayBook={mayBook} />}
        <ol className="grid gap-3 lg:grid-cols-7" aria-label={`Days of the week of ${week.label}`}>
          {days.map((day) => (
            <DayList key={day.day} day={day} />
          ))}
        </ol>
      </section>
      {lengths && <VisitLengthsForm key={JSON.stringify(lengths)} lengths={lengths} lastResult={actionData} />}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Schedule | Admin" }, { name: "robots", content: "noindex" }];
