import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { Field, inputClass as field, Options, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import { formatKansasDateTime } from "~/lib/business-time";
import type { HistoryEntryView } from "~/lib/lead-history";
import { LeadStatusSchema, leadNotesPath, STATUS_INTENT, type LeadFormResult } from "~/lib/lead-forms";
import {
  LEAD_MESSAGES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LOST_REASON_SUGGESTIONS,
  type LeadStatus,
} from "~/lib/lead-status";
import { useState } from "react";
import { toast } from "react-toastify/unstyled";
import { queueNote } from "~/components/admin/offline-queue";

type PanelLead = { id: number; status: LeadStatus; lostReason: string | null; followUpOn: string | null };

/** The history's page links: the next older entries, and back to the latest. */
export type HistoryLinks = { older: string | null; latest: string | null };

/**
 * Where a lead stands and its history: a plain form (it works without scripts) that sets
 * the status, the reason a lead was lost, the follow-up day, and adds a note. A refused
 * form comes back with what was typed, each problem under its field. The history shows the
 * latest entries first, a page at a time ("Show older").
 */
export function LeadPanel({
  lead,
  notes,
  links,
  result,
  me,
}: {
  lead: PanelLead;
  notes: HistoryEntryView[];
  links: HistoryLinks;
  result?: LeadFormResult;
  /** The signed-in person: a note written without signal waits on the phone as theirs. */
  me: number;
}) {
  return (
    <section aria-labelledby="lead-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-title" className="text-lg font-bold">
        Status and notes
      </h2>
      {/* A saved change starts the form afresh from what was saved. */}
      <StatusForm key={`${lead.status}-${lead.followUpOn}-${notes[0]?.id ?? 0}`} lead={lead} result={result} me={me} />
      <section aria-labelledby="history-title" id="history">
        <h3 id="history-title" className="text-sm font-semibold text-ink-soft">
          History{links.latest ? " (older entries)" : ", latest first"}
        </h3>
        {notes.length === 0 ? (
          <p className="mt-1 text-sm text-ink-soft">Nothing yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {notes.map((n) => (
              <li key={n.id} className="rounded-md bg-sand px-3 py-2 text-sm break-words">
                <p className="text-xs text-ink-soft">
                  {formatKansasDateTime(n.createdAt)} · {n.author}
                </p>
                {n.statusTo && (
                  <p className="font-medium">
                    {n.statusFrom ? `${LEAD_STATUS_LABELS[n.statusFrom]} → ` : ""}
                    {LEAD_STATUS_LABELS[n.statusTo]}
                  </p>
                )}
                {n.text && <p className="whitespace-pre-wrap">{n.text}</p>}
              </li>
            ))}
          </ol>
        )}
        {(links.older || links.latest) && (
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            {links.latest && (
              <Link to={links.latest} preventScrollReset className="font-semibold text-brand-dark underline">
                Show the latest
              </Link>
            )}
            {links.older && (
              <Link to={links.older} preventScrollReset className="font-semibold text-brand-dark underline">
                Show older
              </Link>
            )}
          </p>
        )}
      </section>
    </section>
  );
}

/**
 * Without signal (decision 0099) the form cannot post: a note alone waits on the phone and is
 * sent with the photos when the signal is back; a change of status waits for signal, since
 * the office may change it meanwhile, and the form says so without losing what was typed.
 */
function useOfflineNote(lead: PanelLead, me: number) {
  const [problem, setProblem] = useState<string | null>(null);
  const keep = (event: React.FormEvent<HTMLFormElement>): boolean => {
    if (navigator.onLine) return false;
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const note = String(data.get("note") ?? "").trim();
    const same = (name: string, saved: string | null) => String(data.get(name) ?? "") === (saved ?? "");
    const unchanged =
      same("status", lead.status) &&
      same("followUpOn", lead.followUpOn) &&
      (lead.status !== "lost" || same("lostReason", lead.lostReason));
    if (!unchanged || !note || note.length > 5000) {
      setProblem(!unchanged ? LEAD_MESSAGES.offlineChange : note ? LEAD_MESSAGES.tooLong : LEAD_MESSAGES.noteEmpty);
      return true;
    }
    setProblem(null);
    void queueNote({
      userId: me,
      action: leadNotesPath(lead.id),
      leadId: lead.id,
      body: note,
      takenAt: Date.now(),
    }).then(
      () => {
        const field = form.elements.namedItem("note") as HTMLTextAreaElement | null;
        if (field) field.value = "";
        toast.info(LEAD_MESSAGES.noteKept);
      },
      () => setProblem(LEAD_MESSAGES.offlineChange),
    );
    return true;
  };
  return { problem, keep };
}

function StatusForm({ lead, result, me }: { lead: PanelLead; result?: LeadFormResult; me: number }) {
  const { fetcher, busy, lastResult } = useLeadFormPost(STATUS_INTENT, result);
  const offline = useOfflineNote(lead, me);
  const [form, fields] = useForm({
    id: "lead-status",
    lastResult,
    defaultValue: {
      status: lead.status,
      lostReason: lead.lostReason ?? "",
      followUpOn: lead.followUpOn ?? "",
      note: "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeadStatusSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={(event) => {
        if (!offline.keep(event)) getFormProps(form).onSubmit(event);
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      <input type="hidden" name="intent" value={STATUS_INTENT} />
      <Field label="Status" error={fields.status}>
        <select {...getSelectProps(fields.status)} className={field}>
          <Options values={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} />
        </select>
      </Field>
      <Field label="Follow up on" error={fields.followUpOn}>
        <input {...getInputProps(fields.followUpOn, { type: "date" })} className={field} />
      </Field>
      <Field label="Why it was lost (when Lost)" error={fields.lostReason} className="block sm:col-span-2">
        <input
          {...getInputProps(fields.lostReason, { type: "text" })}
          list="lost-reasons"
          maxLength={200}
          className={field}
        />
        <datalist id="lost-reasons">
          {LOST_REASON_SUGGESTIONS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
      </Field>
      <Field label="Add a note" error={fields.note} className="block sm:col-span-2">
        <textarea
          {...getTextareaProps(fields.note)}
          rows={3}
          maxLength={5000}
          className={field}
          placeholder="Called, left a voicemail; visit Thursday 9 am…"
        />
      </Field>
      {offline.problem && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-ink sm:col-span-2">
          {offline.problem}
        </p>
      )}
      {form.errors?.length ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 sm:col-span-2"
        >
          {form.errors[0]}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <SubmitButton busy={busy}>Save</SubmitButton>
      </div>
    </fetcher.Form>
  );
}
