import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock, CalendarPlus, CalendarX2, User } from "lucide-react";
import { useRef } from "react";
import { href, Link } from "react-router";
import { Field, inputClass as field, Options, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { FormError } from "~/components/form";
import {
  ADD_VISIT_INTENT,
  AddVisitSchema,
  CANCEL_VISIT_INTENT,
  lengthLabel,
  MOVE_VISIT_INTENT,
  MoveVisitSchema,
  NOTE_MAX,
  VISIT_LENGTHS,
  type VisitFormResult,
} from "~/lib/visit-form";
import { isVisitKind, VISIT_KIND_LABELS, VISIT_KINDS } from "~/lib/visit-kinds";
import { formatPhone } from "~/lib/business";
import type { Assignee } from "~/models/lead-assignment.server";
import type { LeadScheduleView, LeadVisitItem } from "~/services/lead-schedule-view.server";

const visitsPath = (leadId: number) => href("/admin/leads/:id/visits", { id: String(leadId) });

/**
 * A lead's visits and work days: upcoming first, then the past ones; the office
 * books, moves and cancels them here, and the homeowner is mailed (with a calendar
 * invitation) about each. Each form posts to admin/leads/:id/visits: natively without
 * scripts, through its own fetcher with them.
 */
export function LeadSchedule({ view, result }: { view: LeadScheduleView | null; result?: VisitFormResult }) {
  if (!view) return null;
  const books = view.people !== null;
  const mailHint = view.mails.textTo
    ? `Texts ${formatPhone(view.mails.textTo)} when it is booked, and a reminder the day before.`
    : !view.mails.email
      ? "This lead has no email address: tell the homeowner yourself."
      : view.mails.setUp
        ? `Emails ${view.mails.email} a calendar invitation, and a reminder the day before.`
        : `Mail is not set up: tell ${view.mails.email} yourself.`;
  return (
    <section aria-labelledby="lead-schedule" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-schedule" className="flex items-center gap-2 text-lg font-bold">
        <CalendarClock aria-hidden className="size-5 text-brand" /> Schedule
      </h2>
      {view.upcoming.length === 0 ? (
        <p className="text-sm text-ink-soft">Nothing booked yet.</p>
      ) : (
        <ul className="divide-y divide-black/10" aria-label="Upcoming visits">
          {view.upcoming.map((visit) => (
            <VisitRow key={visit.id} visit={visit} leadId={view.leadId} people={view.people} result={result} />
          ))}
        </ul>
      )}
      {/* Each visit booked starts the form again, empty; so does a new assignee for the lead, saved above
          on the same page, who is then the one who goes. */}
      {books && (
        <BookVisit
          key={`${view.upcoming.length + view.past.length}:${view.defaultAssignee}`}
          view={view}
          hint={mailHint}
          result={result}
        />
      )}
      {view.past.length > 0 && (
        <details className="border-t border-black/10 pt-3">
          <summary className="cursor-pointer text-sm font-semibold">Past visits ({view.past.length})</summary>
          <ul className="mt-2 divide-y divide-black/10">
            {view.past.map((visit) => (
              <VisitRow key={visit.id} visit={visit} leadId={view.leadId} people={null} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function VisitRow({
  visit,
  leadId,
  people,
  result,
}: {
  visit: LeadVisitItem;
  leadId: number;
  people: Assignee[] | null;
  result?: VisitFormResult;
}) {
  const changeable = people !== null && !visit.cancelled && !visit.past;
  return (
    <li className="space-y-2 py-3" data-visit={visit.id}>
      <div className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 ${visit.cancelled ? "text-ink-soft" : ""}`}>
        <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold">{visit.label}</span>
        {/* The week it is in, on the schedule. */}
        <Link
          to={`${href("/admin/schedule")}?week=${visit.day}`}
          className={`font-semibold hover:underline ${visit.cancelled ? "line-through" : ""}`}
        >
          {visit.when}
        </Link>
        <span className="text-sm text-ink-soft">{lengthLabel(visit.lengthMinutes)}</span>
        {visit.cancelled && <span className="text-sm font-semibold text-red-800">Canceled</span>}
      </div>
      <p className="flex items-center gap-1 text-sm">
        <User aria-hidden className="size-4 text-ink-soft" /> {visit.assigneeName ?? "Nobody chosen yet"}
      </p>
      {visit.note && <p className="text-sm whitespace-pre-line text-ink-soft">{visit.note}</p>}
      {changeable && (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {/* A saved change starts the form again from the visit as it now is. */}
          <MoveVisit
            key={[visit.day, visit.time, visit.lengthMinutes, visit.assigneeId, visit.note].join("|")}
            visit={visit}
            leadId={leadId}
            people={people}
            result={result}
          />
          <CancelVisit visit={visit} leadId={leadId} result={result} />
        </div>
      )}
    </li>
  );
}

/** Day, time, length, who goes and the note: the fields booking and moving share. */
function WhenFields({
  fields,
  people,
  onLengthChosen,
}: {
  fields: Record<
    "day" | "time" | "lengthMinutes" | "assignee" | "note",
    FieldMetadata<unknown, Record<string, unknown>, string[]>
  >;
  people: Assignee[];
  onLengthChosen?: () => void;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Day" error={fields.day}>
          <input {...getInputProps(fields.day, { type: "date" })} required className={field} />
        </Field>
        <Field label="Time (Kansas)" error={fields.time}>
          <input {...getInputProps(fields.time, { type: "time" })} required className={field} />
        </Field>
        <Field label="Length" error={fields.lengthMinutes}>
          <select {...getSelectProps(fields.lengthMinutes)} onChange={onLengthChosen} className={field}>
            <Options values={VISIT_LENGTHS} labels={lengthLabel} />
          </select>
        </Field>
      </div>
      <Field label="Who goes" error={fields.assignee}>
        <select {...getSelectProps(fields.assignee)} className={field}>
          <option value="">Nobody yet</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Note for the team" error={fields.note} hint="Not sent to the homeowner.">
        <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={NOTE_MAX} className={field} />
      </Field>
    </>
  );
}

function BookVisit({ view, hint, result }: { view: LeadScheduleView; hint: string; result?: VisitFormResult }) {
  const { fetcher, busy, lastResult, refused } = useLeadFormPost(ADD_VISIT_INTENT, result);
  const [form, fields] = useForm({
    id: `add-visit-${view.leadId}`,
    lastResult,
    defaultValue: {
      kind: view.defaultKind,
      day: "",
      time: "08:00",
      lengthMinutes: String(view.lengths[view.defaultKind]),
      assignee: view.defaultAssignee ? String(view.defaultAssignee) : "",
      note: "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddVisitSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // With scripts, a new kind brings its usual length, until the person chooses a length themselves.
  const lengthChosen = useRef(false);
  const followKind = (kind: string) => {
    if (!lengthChosen.current && isVisitKind(kind))
      form.update({ name: fields.lengthMinutes.name, value: String(view.lengths[kind]) });
  };
  return (
    <details open={view.upcoming.length === 0 || refused} className="border-t border-black/10 pt-3">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <CalendarPlus aria-hidden className="size-4 text-brand" /> Book a visit or work day
      </summary>
      <fetcher.Form
        method="post"
        action={visitsPath(view.leadId)}
        preventScrollReset
        {...getFormProps(form)}
        className="mt-3 space-y-3"
      >
        <input type="hidden" name="intent" value={ADD_VISIT_INTENT} />
        <FormError formId={form.id} reply={lastResult} />
        <Field label="What" error={fields.kind}>
          <select
            {...getSelectProps(fields.kind)}
            onChange={(event) => followKind(event.currentTarget.value)}
            className={field}
          >
            <Options values={VISIT_KINDS} labels={VISIT_KIND_LABELS} />
          </select>
        </Field>
        <WhenFields fields={fields} people={view.people ?? []} onLengthChosen={() => (lengthChosen.current = true)} />
        <p className="text-xs text-ink-soft">{hint}</p>
        <SubmitButton busy={busy} busyText="Booking...">
          Book it
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}

function MoveVisit({
  visit,
  leadId,
  people,
  result,
}: {
  visit: LeadVisitItem;
  leadId: number;
  people: Assignee[];
  result?: VisitFormResult;
}) {
  const { fetcher, busy, lastResult, refused } = useLeadFormPost(MOVE_VISIT_INTENT, result, visit.id);
  const [form, fields] = useForm({
    id: `move-visit-${visit.id}`,
    lastResult,
    defaultValue: {
      day: visit.day,
      time: visit.time,
      lengthMinutes: String(visit.lengthMinutes),
      assignee: visit.assigneeId ? String(visit.assigneeId) : "",
      note: visit.note ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MoveVisitSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <details open={refused} className="w-full">
      <summary className="cursor-pointer text-sm font-semibold text-brand-dark">Move or change</summary>
      <fetcher.Form
        method="post"
        action={visitsPath(leadId)}
        preventScrollReset
        {...getFormProps(form)}
        className="mt-3 space-y-3"
        aria-label={`Move the ${visit.label.toLowerCase()} of ${visit.when}`}
      >
        <input type="hidden" name="intent" value={MOVE_VISIT_INTENT} />
        <input type="hidden" name="visitId" value={visit.id} />
        <FormError formId={form.id} reply={lastResult} />
        <WhenFields fields={fields} people={people} />
        <p className="text-xs text-ink-soft">A new day, time or length emails the homeowner an updated invitation.</p>
        <SubmitButton busy={busy} busyText="Saving...">
          Save
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}

function CancelVisit({ visit, leadId, result }: { visit: LeadVisitItem; leadId: number; result?: VisitFormResult }) {
  const { fetcher, busy, lastResult, refused } = useLeadFormPost(CANCEL_VISIT_INTENT, result, visit.id);
  const formId = `cancel-visit-${visit.id}`;
  return (
    <details className="w-full" open={refused}>
      <summary className="cursor-pointer text-sm font-semibold text-red-800">Cancel</summary>
      <fetcher.Form method="post" action={visitsPath(leadId)} preventScrollReset id={formId} className="mt-2 space-y-2">
        <input type="hidden" name="visitId" value={visit.id} />
        <FormError formId={formId} reply={lastResult} />
        <p className="text-sm">The homeowner is emailed that it is off, and it leaves their calendar.</p>
        <SubmitButton
          name="intent"
          value={CANCEL_VISIT_INTENT}
          busy={busy}
          busyText="Canceling..."
          className={`${secondaryButton} text-red-800`}
        >
          <CalendarX2 aria-hidden className="size-4" /> Cancel the {visit.label.toLowerCase()}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}
