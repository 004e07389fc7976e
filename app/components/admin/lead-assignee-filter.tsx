import { inputClass } from "~/components/admin-ui";

/**
 * "Assigned to" for the Leads list and the Pipeline (decision 0053): everyone's leads, mine,
 * nobody's, or one person's. The crew gets no people (only their own and the free leads are theirs).
 */
export function LeadAssigneeFilter({
  id,
  value,
  people,
}: {
  id: string;
  value: string;
  people: readonly { id: number; name: string }[];
}) {
  return (
    <div className="text-sm font-medium">
      <label htmlFor={id}>Assigned to</label>
      <select id={id} name="who" defaultValue={value} className={inputClass}>
        <option value="">Everyone</option>
        <option value="mine">Mine</option>
        <option value="nobody">Nobody</option>
        <PeopleOptions people={people} />
      </select>
    </div>
  );
}

/** The team as a select's options, valued by user id. */
export function PeopleOptions({ people }: { people: readonly { id: number; name: string }[] }) {
  return people.map((p) => (
    <option key={p.id} value={String(p.id)}>
      {p.name}
    </option>
  ));
}
