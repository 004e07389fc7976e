import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { UserRound } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field, inputClass, secondaryButton, SubmitButton } from "~/components/admin-ui";
import { PeopleOptions } from "~/components/admin/lead-keeper-filter";
import { ASSIGN_INTENT, AssignSchema, isPosting, replyFor, type LeadFormResult } from "~/lib/lead-forms";

type Person = { id: number; name: string };

/**
 * Who looks after the lead (decision 0053). Owner and office choose anyone on the team or
 * nobody (`people`); the crew (`people` null) takes a lead nobody has, or gives back their own.
 * Plain forms: they work without scripts.
 */
export function LeadKeeper({
  keeper,
  people,
  me,
  result,
}: {
  keeper: Person | null;
  people: Person[] | null;
  me: number;
  result?: LeadFormResult;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && isPosting(navigation.formData, ASSIGN_INTENT);
  return (
    <section aria-labelledby="keeper-title" className="space-y-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="keeper-title" className="flex items-center gap-2 text-lg font-bold">
        <UserRound aria-hidden className="size-5" /> Assigned to
      </h2>
      {people ? (
        <ChooseKeeper keeper={keeper} people={people} busy={busy} result={result} />
      ) : (
        <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value={ASSIGN_INTENT} />
          <p className="text-sm">{keeper === null ? "Nobody yet." : keeper.id === me ? "You." : keeper.name}</p>
          {keeper === null && (
            <>
              <input type="hidden" name="assignee" value={me} />
              <SubmitButton busy={busy} busyText="Taking...">
                Take this lead
              </SubmitButton>
            </>
          )}
          {keeper?.id === me && (
            <SubmitButton busy={busy} busyText="Saving..." className={secondaryButton}>
              Give it back
            </SubmitButton>
          )}
        </Form>
      )}
    </section>
  );
}

function ChooseKeeper({
  keeper,
  people,
  busy,
  result,
}: {
  keeper: Person | null;
  people: Person[];
  busy: boolean;
  result?: LeadFormResult;
}) {
  const [form, fields] = useForm({
    id: "lead-keeper",
    lastResult: replyFor(result, ASSIGN_INTENT),
    defaultValue: { assignee: keeper ? String(keeper.id) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignSchema }),
    shouldValidate: "onSubmit",
  });
  // Someone removed from the team may still have it: shown, so that the choice is true.
  const choices = keeper && !people.some((p) => p.id === keeper.id) ? [...people, keeper] : people;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={ASSIGN_INTENT} />
      <Field label="Person" error={fields.assignee} className="block min-w-0 flex-1">
        <select {...getSelectProps(fields.assignee)} className={inputClass}>
          <option value="">Nobody</option>
          <PeopleOptions people={choices} />
        </select>
      </Field>
      <SubmitButton busy={busy}>Save</SubmitButton>
    </Form>
  );
}
