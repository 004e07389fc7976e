import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { LeadSubpage } from "~/components/admin/lead-subpage";
import { LeadSchedule } from "~/components/admin/lead-schedule";
import { actorOf } from "~/lib/actor";
import { isVisitIntent, VISIT_FORM_SCHEMAS, VISIT_MESSAGES, type VisitFormResult } from "~/lib/visit-form";
import { requireAccess, requireIntent } from "~/services/access.server";
import { parseId } from "~/lib/parse-id";
import { redirectWithFlash } from "~/services/flash.server";
import { refuseUnlessVisible, requireVisibleLead } from "~/services/lead-access.server";
import { leadScheduleView } from "~/services/lead-schedule-view.server";
import { bookVisit, callOffVisit, mailWords, rescheduleVisit } from "~/services/visit-booking.server";
import { readForm, refuseUnknownIntent } from "~/server/request-body.server";
import { notFound } from "~/server/responses.server";
import type { Route } from "./+types/lead-visits";

/**
 * The lead page's Schedule forms post here: book, move, cancel. Done, they go
 * back to the lead page with a flash. A refused form, with scripts, comes back to the
 * fetcher that sent it; without, this page shows the lead's schedule with the form and
 * its errors (a GET shows the same, the schedule alone).
 */

const leadPage = (id: number) => href("/admin/leads/:id", { id: String(id) });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAccess(request, "routes/admin/lead-visits");
  const lead = requireVisibleLead(user, parseId(params.id) ?? 0);
  const schedule = await leadScheduleView(request, lead.id, user);
  if (!schedule) notFound();
  return { lead: { id: lead.id, name: lead.name }, schedule };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAccess(request, "routes/admin/lead-visits");
  const id = parseId(params.id) ?? 0;
  const form = await readForm(request);
  const intent = form.get("intent");
  requireIntent(user, "routes/admin/lead-visits", intent);
  if (!isVisitIntent(intent)) return refuseUnknownIntent();
  refuseUnlessVisible(user, id);
  const submission = parseWithZod(form, { schema: VISIT_FORM_SCHEMAS[intent] });
  const visitId = parseId(form.get("visitId"));
  const refuse = (formError?: string) =>
    data<VisitFormResult>(
      { intent, about: visitId, reply: submission.reply(formError ? { formErrors: [formError] } : undefined) },
      { status: 400 },
    );
  if (submission.status !== "success") return refuse();
  const back = leadPage(id);
  const by = actorOf(user);
  const value = submission.value;
  switch (value.intent) {
    case "add-visit": {
      const booked = await bookVisit(
        {
          leadId: id,
          kind: value.kind,
          startsAt: value.startsAt,
          durationMinutes: value.lengthMinutes,
          assigneeId: value.assignee ?? null,
          note: value.note || null,
        },
        by,
      );
      if (booked === "no-lead") notFound();
      if (typeof booked === "string") return refuse(VISIT_MESSAGES.badAssignee);
      return redirectWithFlash(back, {
        type: "success",
        message: `${VISIT_MESSAGES.added(booked.visit.kind)}${mailWords(booked.mail, booked.to, booked.channel)}`,
      });
    }
    case "move-visit": {
      const moved = await rescheduleVisit(
        id,
        value.visitId,
        {
          startsAt: value.startsAt,
          durationMinutes: value.lengthMinutes,
          assigneeId: value.assignee ?? null,
          note: value.note || null,
        },
        by,
      );
      if (moved === "no-visit") return refuse(VISIT_MESSAGES.badVisit);
      if (moved === "cancelled") return refuse(VISIT_MESSAGES.alreadyCancelled);
      if (typeof moved === "string") return refuse(VISIT_MESSAGES.badAssignee);
      if (!moved.changed) return redirectWithFlash(back, { type: "info", message: VISIT_MESSAGES.unchanged });
      const message = moved.timeChanged
        ? `${moved.moved ? VISIT_MESSAGES.moved : VISIT_MESSAGES.updated}${mailWords(moved.mail, moved.to, moved.channel)}`
        : VISIT_MESSAGES.saved;
      return redirectWithFlash(back, { type: "success", message });
    }
    case "cancel-visit": {
      const cancelled = await callOffVisit(id, value.visitId, by);
      if (cancelled === "no-visit") return refuse(VISIT_MESSAGES.badVisit);
      if (typeof cancelled === "string")
        return redirectWithFlash(back, { type: "info", message: VISIT_MESSAGES.alreadyCancelled });
      return redirectWithFlash(back, {
        type: "success",
        message: `${VISIT_MESSAGES.cancelled}${mailWords(cancelled.mail, cancelled.to, cancelled.channel)}`,
      });
    }
    default:
      return refuseUnknownIntent();
  }
}

export default function LeadVisits({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, schedule } = loaderData;
  return (
    <LeadSubpage title="Schedule" lead={lead}>
      <LeadSchedule view={schedule} result={actionData} />
    </LeadSubpage>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Schedule: ${data?.lead.name ?? "Lead"} | Admin` },
  { name: "robots", content: "noindex" },
];
