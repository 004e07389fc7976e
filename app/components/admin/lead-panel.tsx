import { Form, useNavigation } from "react-router";
import { inputClass as field, SubmitButton } from "~/components/admin-ui";
import { when } from "~/components/lead-detail";
import type { LeadNote } from "~/db/schema";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, LOST_REASON_SUGGESTIONS, type LeadFormValues, type LeadStatus } from "~/lib/lead-status";

/**
 * Where a lead stands and its history: a plain form (it works without scripts) that sets
 * the status, the reason a lead was lost, the follow-up day, and adds a note. A refused
 * form comes back with what was typed and says why.
 */
export function LeadPanel({
  lead,
  notes,
  error,
  values,
}: {
  lead: { id: number; status: LeadStatus; lostReason: string | null; followUpOn: string | null };
  notes: LeadNote[];
  error?: string;
  values?: LeadFormValues;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "lead";
  const v: LeadFormValues = values ?? { status: lead.status, lostReason: lead.lostReason ?? "", followUpOn: lead.followUpOn ?? "", note: "" };
  return (
    <section aria-labelledby="lead-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-title" className="text-lg font-bold">
        Status and notes
      </h2>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" key={`${lead.status}-${lead.followUpOn}-${notes.length}`}>
        <input type="hidden" name="intent" value="lead" />
        <label className="block text-sm font-medium">
          Status
          <select name="status" defaultValue={v.status} className={field}>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          Follow up on
          <input type="date" name="followUpOn" defaultValue={v.followUpOn} className={field} />
        </label>
        <label className="block text-sm font-medium sm:col-span-2">
          Why it was lost (when Lost)
          <input name="lostReason" list="lost-reasons" maxLength={200} defaultValue={v.lostReason} className={field} />
          <datalist id="lost-reasons">
            {LOST_REASON_SUGGESTIONS.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </label>
        <label className="block text-sm font-medium sm:col-span-2">
          Add a note
          <textarea name="note" rows={3} maxLength={5000} defaultValue={v.note} className={field} placeholder="Called, left a voicemail; visit Thursday 9 am…" />
        </label>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <SubmitButton busy={busy}>Save</SubmitButton>
        </div>
      </Form>
      <section aria-label="History">
        <h3 className="text-sm font-semibold text-ink-soft">History</h3>
        {notes.length === 0 ? (
          <p className="mt-1 text-sm text-ink-soft">Nothing yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {notes.map((n) => (
              <li key={n.id} className="rounded-md bg-sand px-3 py-2 text-sm">
                <p className="text-xs text-ink-soft">
                  {when(n.createdAt)} · {n.author}
                </p>
                {n.statusTo && (
                  <p className="font-medium">
                    {n.statusFrom ? `${LEAD_STATUS_LABELS[n.statusFrom]} → ` : ""}
                    {LEAD_STATUS_LABELS[n.statusTo]}
                  </p>
                )}
                {n.body && <p className="whitespace-pre-wrap">{n.body}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
