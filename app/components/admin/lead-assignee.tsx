import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { UserRound } from "lucide-react";
import { Field, inputClass, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { PeopleOptions } from "~/components/admin/lead-assignee-filter";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { ASSIGN_INTENT, AssignSchema, type LeadFormResult } from "~/lib/lead-forms";

type Person = { id: number; name: string };

/**
 * Who looks after the lead (decision 0053). Owner and office choose anyone on the team or
 * nobody (`people`); the crew (`people` null) takes a lead nobody has, or gives back their own.
 * Plain forms: they work without scripts.
 */
export function LeadAssignee({
  assignee,
  people,
  me,
  result,
}: {
  assignee: Person | null;
  people: Person[] | null;
  me: number;
  result?: LeadFormResult;
}) {
  return (
    <section aria-labelledby="assignee-title" className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="assignee-title" className="flex items-center gap-2 text-lg font-bold">
        <UserRound aria-hidden className="size-5" /> Assigned to
      </h2>
      {people ? (
        <ChooseAssignee assignee={assignee} people={people} result={result} />
      ) : (
        <TakeOrGiveBack assignee={assignee} me={me} result={result} />
      )}
    </section>
  );
}

/** The crew's one button: take a lead nobody has, or give back their own. */
function TakeOrGiveBack({ assignee, me, result }: { assignee: Person | null; me: number; result?: LeadFormResult }) {
  const { fetcher, busy } = useLeadFormPost(ASSIGN_INTENT, result);
  return (
    <fetcher.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={ASSIGN_INTENT} />
      <p className="text-sm">{assignee === null ? "Nobody yet." : assignee.id === me ? "You." : assignee.name}</p>
      {assignee === null && (
        <>
          <input type="hidden" name="assignee" value={me} />
          <SubmitButton busy={busy} busyText="Taking...">
            Take this lead
          </SubmitButton>
        </>
      )}
      {assignee?.id === me && (
        <SubmitButton busy={busy} busyText="Saving..." className={secondaryButton}>
          Give it back
        </SubmitButton>
      )}
    </fetcher.Form>
  );
}

function ChooseAssignee({
  assignee,
  people,
  result,
}: {
  assignee: Person | null;
  people: Person[];
  result?: LeadFormResult;
}) {
  const { fetcher, busy, lastResult } = useLeadFormPost(ASSIGN_INTENT, result);
  const [form, fields] = useForm({
    id: "lead-assignee",
    lastResult,
    defaultValue: { assignee: assignee ? String(assignee.id) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignSchema }),
    shouldValidate: "onSubmit",
  });
  // Someone removed from the team may still have it: shown, so that the choice is true.
  const choices = assignee && !people.some((p) => p.id === assignee.id) ? [...people, assignee] : people;
  return (
    <fetcher.Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={ASSIGN_INTENT} />
      <Field label="Person" error={fields.assignee} className="block min-w-0 flex-1">
        <select {...getSelectProps(fields.assignee)} className={inputClass}>
          <option value="">Nobody</option>
          <PeopleOptions people={choices} />
        </select>
      </Field>
      <SubmitButton busy={busy}>Save</SubmitButton>
    </fetcher.Form>
  );
}
