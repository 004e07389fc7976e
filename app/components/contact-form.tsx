import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "react-toastify";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ContactSchema, firstContactError, HONEYPOT_FIELD, type ContactResult } from "~/lib/contact-form";
import { Field, SubmitButton } from "./form";

const SENDING_TOAST = "contact-sending";

const field =
  "mt-1 block w-full rounded-md border border-black/15 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none disabled:bg-sand";

/**
 * Posts to /contact. With scripts it stays on the page (a fetcher); without, the browser
 * posts the form and /contact renders the outcome, keeping the visitor's input on error.
 */
export function ContactForm({ result: serverResult }: { result?: ContactResult }) {
  const fetcher = useFetcher<ContactResult>({ key: "contact" });
  const form = useRef<HTMLFormElement>(null);
  // The same schema as the action checks the form before it leaves the browser; without
  // scripts (or if this is skipped) the server says the same thing.
  const [conform] = useForm({
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema: ContactSchema });
      if (submission.status === "error") toast.error(firstContactError(submission.error));
      return submission;
    },
    shouldValidate: "onSubmit",
  });
  const clientError = conform.status === "error" ? firstContactError(conform.allErrors) : null;
  const result: ContactResult | undefined = clientError
    ? { status: "error", message: clientError, values: {} }
    : (fetcher.data ?? serverResult);
  const busy = fetcher.state !== "idle";
  const values = result?.status === "error" ? result.values : undefined;

  // Toasts follow the fetcher: one while sending, then the outcome (each result once).
  const announced = useRef<ContactResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state === "submitting") {
      toast.info("Sending your message...", { toastId: SENDING_TOAST, autoClose: false });
      return;
    }
    if (fetcher.state !== "idle" || !fetcher.data || announced.current === fetcher.data) return;
    announced.current = fetcher.data;
    toast.dismiss(SENDING_TOAST);
    if (fetcher.data.status === "success") {
      toast.success(fetcher.data.message);
      form.current?.reset();
    } else {
      toast.error(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      // Without scripts the browser shows the answer page scrolled to the result, so a
      // phone sees "sent" or what is wrong without hunting for it. Scripts ignore the fragment.
      action="/contact#contact-result"
      id={conform.id}
      noValidate
      onSubmit={conform.onSubmit}
      className="relative rounded-xl border border-black/5 bg-white p-6 shadow-sm"
      aria-label="Contact form"
    >
      {/* A trap for bots: hidden from people and screen readers, left empty by them. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <Field label={<Required>Name</Required>}>
          <input name="name" required maxLength={100} autoComplete="name" defaultValue={values?.name} className={field} />
        </Field>
        <Field label={<Required>Email</Required>}>
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={values?.email}
            className={field}
          />
        </Field>
        <Field label="Phone" className="block sm:col-span-2">
          <input name="phone" type="tel" maxLength={40} autoComplete="tel" defaultValue={values?.phone} className={field} />
        </Field>
        <Field label={<Required>Message</Required>} className="block sm:col-span-2">
          <textarea
            name="message"
            required
            rows={5}
            maxLength={5000}
            defaultValue={values?.message}
            className={field}
            placeholder="What can we help with? Address and a rough size of the job help us quote."
          />
        </Field>
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyText="Sending..." className="w-full rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark disabled:opacity-70 sm:w-auto">
            Send Message
          </SubmitButton>
        </div>
      </fieldset>
      <div id="contact-result" aria-live="polite" className="mt-4 scroll-mt-24">
        {result?.status === "success" && !busy && (
          <p role="status" className="rounded-md bg-leaf-soft px-4 py-3 font-medium text-leaf">
            {result.message}
          </p>
        )}
        {result?.status === "error" && !busy && (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 font-medium text-red-800">
            Error: {result.message}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}

function Required({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children} <span className="text-brand">*</span>
    </>
  );
}
