import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { MessageSquareText } from "lucide-react";
import { Field, inputClass, SubmitButton } from "~/components/admin-ui";
import { useLeadFormPost } from "~/components/admin/use-lead-form-post";
import type { FormResult } from "~/lib/form-result";
import { LeadTextSchema, SEND_TEXT_INTENT, segmentWords, type TextTone } from "~/lib/lead-texts";
import { TEXT_MAX } from "~/lib/texts";
import type { LeadTextItem, LeadTextsView } from "~/services/lead-texts.server";

const TONE: Record<TextTone, string> = {
  good: "bg-leaf-soft text-leaf",
  waiting: "bg-amber-100 text-amber-900",
  bad: "bg-red-100 text-red-800",
  off: "bg-sand text-ink-soft",
};

/**
 * A lead's texts (id "texts"): the conversation oldest first (what we sent and where each
 * stands, their replies, a STOP or START), and the form owner and office answer with. A lead
 * that cannot be texted says why in place of the form.
 */
export function LeadTexts({ view, result }: { view: LeadTextsView; result?: FormResult | null }) {
  return (
    <section id="texts" aria-labelledby="lead-texts-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h2 id="lead-texts-title" className="flex items-center gap-2 text-lg font-bold">
        <MessageSquareText aria-hidden className="size-5 text-brand" /> Texts
      </h2>
      {view.thread.length === 0 ? (
        <p className="text-sm text-ink-soft">No texts yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Texts, oldest first">
          {view.thread.map((item) => (
            <TextLine key={item.key} item={item} />
          ))}
        </ol>
      )}
      {view.refusal ? (
        <p className="rounded-md bg-sand px-3 py-2 text-sm font-medium" data-testid="texts-refusal">
          {view.refusal}
        </p>
      ) : view.mayReply ? (
        // A sent text starts the form afresh.
        <ReplyForm key={view.thread.length} view={view} result={result} />
      ) : null}
    </section>
  );
}

function TextLine({ item }: { item: LeadTextItem }) {
  if (item.from === "keyword")
    return (
      <li className="text-center text-xs font-semibold text-ink-soft">
        {item.words} · {item.when}
      </li>
    );
  const ours = item.from === "us";
  return (
    <li className={`flex ${ours ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] min-w-0 space-y-1 rounded-xl px-3 py-2 text-sm ${ours ? "bg-brand/10" : "bg-sand"}`}>
        <p className="text-xs text-ink-soft">
          {ours ? (item.by ?? "Sent on its own") : "They replied"} · {item.when}
        </p>
        <p className={`whitespace-pre-wrap [overflow-wrap:anywhere] ${ours && item.label ? "italic" : ""}`}>
          {item.words}
        </p>
        {ours && (
          <p>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[item.tone]}`}>{item.state}</span>
          </p>
        )}
      </div>
    </li>
  );
}

function ReplyForm({ view, result }: { view: LeadTextsView; result?: FormResult | null }) {
  const { fetcher, busy, lastResult } = useLeadFormPost(SEND_TEXT_INTENT, result);
  const [form, fields] = useForm({
    id: `lead-text-${view.leadId}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LeadTextSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const cost = segmentWords(typeof fields.body.value === "string" ? fields.body.value : "");
  return (
    <fetcher.Form method="post" action={view.action} preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={SEND_TEXT_INTENT} />
      {!view.setUp && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Texts are not set up: a text is kept in the lead&apos;s history but does not go out.
        </p>
      )}
      <Field
        label="Text them"
        error={fields.body}
        hint="Up to 160 characters make one text message (70 with an emoji); longer texts go as several."
      >
        <textarea {...getTextareaProps(fields.body)} rows={3} maxLength={TEXT_MAX} className={inputClass} />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-soft" aria-live="polite" data-testid="text-segments">
          {cost}
        </p>
        <SubmitButton busy={busy} busyText="Sending...">
          Send text
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
