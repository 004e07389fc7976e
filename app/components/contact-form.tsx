import { href } from "react-router";
import { useEffect, useRef, useState } from "react";
import { toast } from "react-toastify/unstyled";
import {
  ATTACHED_PHOTO_FIELD,
  attachedPhotoValue,
  CHECK_ONLY_FIELD,
  CONTACT_FORM_ID,
  contactMessage,
  HONEYPOT_FIELD,
  MAX_PHOTOS,
  MESSAGES,
  PHOTO_FIELD,
  PHOTO_MESSAGES,
  PREFERRED_CONTACT,
  QUOTE_SERVICES,
  REMOVE_ATTACHED_FIELD,
  type AttachedPhoto,
  type ContactField,
  type ContactResult,
} from "~/lib/contact-form";
import { inServiceArea, OUTSIDE_AREA_NOTE } from "~/lib/service-area";
import { TEXT_CONSENT_FIELD, textConsentWords } from "~/lib/texts";
import { IMAGE_TYPES, imageFileProblem } from "~/lib/upload-rules";
import { Field, FieldError, hasFieldErrors, replyField, SubmitButton } from "./form";

const SENDING_TOAST = "contact-sending";

const field =
  "mt-1 block w-full rounded-md border border-black/15 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none disabled:bg-sand aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-600/25";

/** A photo the visitor picked, with the blob: URL of its preview. */
type Picked = { file: File; url: string };

/**
 * Posts to /contact (multipart: it may carry photos). Without scripts the browser posts
 * the form and /contact renders the outcome, keeping the visitor's text on error. With
 * scripts it stays on the page and sends the same form to /contact/send by
 * XMLHttpRequest, the one browser API that reports upload progress; both answers come
 * from the same server function. The form is on every public page, so it loads no
 * validation library (decision 0039): the server checks it with lib/contact-schema.ts and
 * answers with conform's reply, shown here with conform's ids.
 */
export function ContactForm({
  result: serverResult,
  service,
  company,
}: {
  result?: ContactResult;
  service?: string;
  /** The business's name, as the carriers' wording beside the texts box names who texts. */
  company: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<ContactResult>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [photos, setPhotos] = useState<Picked[]>([]);
  const [outside, setOutside] = useState(false);
  // Fields the visitor has corrected since the last answer: no longer marked.
  const [corrected, setCorrected] = useState<ReadonlySet<string>>(new Set());
  const result: ContactResult | undefined = sent ?? serverResult;
  const reply = result?.status === "error" ? result.reply : undefined;
  const attached = result?.status === "error" ? (result.attached ?? []) : [];

  /** A field as the last answer left it: what was typed, and its problem unless corrected since (or on its way again). */
  const fieldOf = (name: ContactField | typeof PHOTO_FIELD) => {
    const f = replyField(reply, CONTACT_FORM_ID, name);
    if (busy || corrected.has(name)) return { ...f, errors: undefined, props: { id: f.id, name: f.name } };
    // "Please fill in all required fields" is said once, by the alert naming the fields; under
    // each empty field it would say it three more times. Screen readers still hear it there.
    return { ...f, quiet: f.errors?.[0] === MESSAGES.required };
  };
  const f = {
    name: fieldOf("name"),
    email: fieldOf("email"),
    phone: fieldOf("phone"),
    service: fieldOf("service"),
    street: fieldOf("street"),
    city: fieldOf("city"),
    zip: fieldOf("zip"),
    message: fieldOf("message"),
    photos: fieldOf(PHOTO_FIELD),
    preferredContact: fieldOf("preferredContact"),
  };
  // Ticked again when a refused form comes back (conform's reply holds what was sent).
  const textConsent = replyField(reply, CONTACT_FORM_ID, TEXT_CONSENT_FIELD);
  // The carriers' words: their first sentence is what the box agrees to, the rest its terms.
  const [consentAgreement, ...terms] = textConsentWords(company).split(/(?<=\.) /);
  const consentTerms = terms.join(" ");

  // Bumped by each answer that marks fields: once rendered (the fieldset enabled again),
  // the cursor goes to the first field marked.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered) form.current?.querySelector<HTMLElement>("[aria-invalid=true]:is(input, select, textarea)")?.focus();
  }, [answered]);

  /** Shows an answer with its marks fresh. */
  function answer(next: ContactResult) {
    setCorrected(new Set());
    setSent(next);
    if (next.status === "error" && hasFieldErrors(next.reply)) setAnswered((n) => n + 1);
  }

  /**
   * With photos chosen, the server checks the typed fields first (the same schema, a
   * small post that stores nothing), so a missing email is said before the photos are
   * uploaded; without photos the one post does both.
   */
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    if (photos.length) {
      const fields = new FormData(event.currentTarget);
      fields.delete(PHOTO_FIELD);
      fields.set(CHECK_ONLY_FIELD, "1");
      setBusy(true);
      // Should the check itself fail (a dropped connection), the upload goes and the server checks it.
      const checked = await postWithProgress(href("/contact/send"), fields, () => {});
      setBusy(false);
      if (checked.status === "error" && hasFieldErrors(checked.reply)) {
        toast.error(contactMessage(checked));
        // Kept photos stay named.
        answer({ ...checked, attached });
        return;
      }
    }
    void send(formData);
  }

  async function send(formData: FormData) {
    setBusy(true);
    setProgress(photos.length ? 0 : null);
    toast.info("Sending your message...", { toastId: SENDING_TOAST, autoClose: false });
    const reply = await postWithProgress(href("/contact/send"), formData, setProgress);
    toast.dismiss(SENDING_TOAST);
    setBusy(false);
    setProgress(null);
    answer(reply);
    if (reply.status === "success") {
      toast.success(contactMessage(reply));
      form.current?.reset();
      choosePhotos([]);
      setOutside(false);
    } else {
      toast.error(contactMessage(reply));
    }
  }

  /** The picked photos become the file input's own files, so the form sends exactly these. */
  function choosePhotos(next: Picked[]) {
    for (const p of photos) if (!next.includes(p)) URL.revokeObjectURL(p.url);
    setPhotos(next);
    const input = form.current?.elements.namedItem(PHOTO_FIELD);
    if (!(input instanceof HTMLInputElement)) return;
    try {
      const files = new DataTransfer();
      for (const p of next) files.items.add(p.file);
      input.files = files.files;
    } catch {
      // A browser without a DataTransfer constructor sends what the input itself holds.
    }
  }

  function addPhotos(files: FileList | null) {
    // The input's files were just replaced by the new choice: the earlier ones stay picked.
    const added = [...(files ?? [])].filter((f) => !photos.some((p) => p.file === f));
    const refused = added.map((f) => ({ f, problem: imageFileProblem(f) })).find((x) => x.problem);
    const problem = refused
      ? PHOTO_MESSAGES.refused(refused.f.name, refused.problem!)
      : photos.length + added.length > MAX_PHOTOS
        ? PHOTO_MESSAGES.tooMany
        : null;
    if (problem) {
      toast.error(problem);
      // Checked in the browser (type and count need no schema); everything typed is still in the fields.
      answer({ status: "error", reply: { status: "error", error: { "": [problem] } }, attached });
      choosePhotos(photos);
      return;
    }
    choosePhotos([...photos, ...added.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }

  // Previews are blob: URLs of the visitor's own files: freed when the form goes away.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  useEffect(() => () => latest.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  /** Said as soon as the city or ZIP is filled in; the server says it again after sending. */
  function checkArea(target: EventTarget) {
    const f = form.current;
    if (!f || !(target instanceof HTMLInputElement) || !["city", "zip"].includes(target.name)) return;
    const text = (name: string) => (f.elements.namedItem(name) as HTMLInputElement | null)?.value;
    setOutside(!inServiceArea({ city: text("city"), zip: text("zip") }));
  }

  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      // Without scripts the browser shows the answer page scrolled to the result, so a
      // phone sees "sent" or what is wrong without hunting for it. Scripts ignore the fragment.
      action={`${href("/contact")}#contact-result`}
      noValidate
      id={CONTACT_FORM_ID}
      onSubmit={submit}
      onBlur={(e) => checkArea(e.target)}
      onInput={(e) => {
        const name = (e.target as HTMLInputElement).name;
        if (name && !corrected.has(name)) setCorrected(new Set(corrected).add(name));
      }}
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
        <Field label={<Required>Name</Required>} error={f.name}>
          <input
            required
            maxLength={100}
            autoComplete="name"
            defaultValue={f.name.value}
            className={field}
            {...f.name.props}
          />
        </Field>
        {/* An email or a phone, at least one: a visitor who wants a call need not give an email. */}
        <Field label="Email" error={f.email}>
          <input
            type="email"
            maxLength={254}
            autoComplete="email"
            defaultValue={f.email.value}
            className={field}
            {...f.email.props}
          />
        </Field>
        <Field
          label="Phone"
          hint="Email or phone: at least one. A phone if you would like a call or a text."
          error={f.phone}
        >
          <input
            type="tel"
            maxLength={40}
            autoComplete="tel"
            defaultValue={f.phone.value}
            className={field}
            {...f.phone.props}
          />
        </Field>
        <Field label="Type of work" error={f.service}>
          {/* Keyed by the chosen service: a "Request Service" link followed in place chooses anew. */}
          <select key={service} defaultValue={f.service.value ?? service ?? ""} className={field} {...f.service.props}>
            <option value="">Choose…</option>
            {QUOTE_SERVICES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <Field label="Street" className="block sm:col-span-2" error={f.street}>
          <input
            maxLength={200}
            autoComplete="street-address"
            defaultValue={f.street.value}
            className={field}
            {...f.street.props}
          />
        </Field>
        <Field label="City" error={f.city}>
          <input
            maxLength={100}
            autoComplete="address-level2"
            defaultValue={f.city.value}
            className={field}
            {...f.city.props}
          />
        </Field>
        <Field label="ZIP" error={f.zip}>
          <input
            inputMode="numeric"
            maxLength={10}
            autoComplete="postal-code"
            defaultValue={f.zip.value}
            className={field}
            {...f.zip.props}
          />
        </Field>
        <Field label={<Required>Message</Required>} className="block sm:col-span-2" error={f.message}>
          <textarea
            required
            rows={5}
            maxLength={5000}
            defaultValue={f.message.value}
            className={field}
            placeholder="What can we help with? A rough size of the job helps us quote."
            {...f.message.props}
          />
        </Field>
        <div className="sm:col-span-2">
          {/* Marked when a photo sent before could not be kept: the visitor chooses it again. */}
          <Field label={`Photos (up to ${MAX_PHOTOS})`} error={f.photos}>
            <input
              type="file"
              multiple
              accept={IMAGE_TYPES.join()}
              onChange={(e) => addPhotos(e.currentTarget.files)}
              className={field}
              {...f.photos.props}
            />
          </Field>
          {photos.length > 0 && (
            <PhotoPreviews photos={photos} remove={(p) => choosePhotos(photos.filter((x) => x !== p))} />
          )}
          {attached.length > 0 && <AttachedPhotos photos={attached} />}
        </div>
        <fieldset
          className="sm:col-span-2"
          {...(f.preferredContact.errors
            ? { "aria-invalid": true, "aria-describedby": f.preferredContact.errorId }
            : {})}
        >
          <legend className="text-sm font-medium">Best way to reach you</legend>
          <div className="mt-1 flex gap-6">
            {Object.entries(PREFERRED_CONTACT).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 py-1">
                <input
                  type="radio"
                  name="preferredContact"
                  value={value}
                  defaultChecked={f.preferredContact.value === value}
                  className="size-4 accent-brand"
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={f.preferredContact.errorId} errors={f.preferredContact.errors} />
          {/*
            Under the choice of Text, never ticked for the visitor (carriers require a choice
            made): unticked, someone who chose Text is called instead. The box is named by the
            agreement itself; the rest of the carriers' words describe it (a screen reader
            hears them after), so "Message" still names one field of this form.
          */}
          <div className="mt-3 flex items-start gap-2 text-xs leading-relaxed text-ink-soft">
            <input
              type="checkbox"
              id={textConsent.id}
              name={TEXT_CONSENT_FIELD}
              defaultChecked={textConsent.value === "on"}
              aria-describedby={textConsent.descriptionId}
              className="mt-0.5 size-4 shrink-0 accent-brand"
            />
            <p>
              <label htmlFor={textConsent.id}>{consentAgreement}</label>{" "}
              <span id={textConsent.descriptionId}>{consentTerms}</span>
            </p>
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <SubmitButton
            busy={busy}
            busyText="Sending..."
            className="w-full rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
          >
            Send Message
          </SubmitButton>
          {/*
            Below the button, never above it: the note appears when the ZIP field is left,
            which on a phone is the moment the finger lands on Send, and anything it pushed
            down would take that tap away. Always there, so screen readers announce it.
          */}
          <div aria-live="polite" className="empty:hidden">
            {outside && <p className="mt-3 rounded-md bg-sand px-4 py-3 text-sm">{OUTSIDE_AREA_NOTE}</p>}
          </div>
          {progress !== null && (
            <label className="mt-3 block text-sm text-ink-soft">
              Uploading photos… {progress}%
              <progress
                max={100}
                value={progress}
                className="mt-1 block h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-sand [&::-webkit-progress-value]:bg-brand [&::-moz-progress-bar]:bg-brand"
              />
            </label>
          )}
        </div>
      </fieldset>
      <div id="contact-result" aria-live="polite" className="mt-4 scroll-mt-24">
        {result?.status === "success" && !busy && (
          <>
            <p role="status" className="rounded-md bg-leaf-soft px-4 py-3 font-medium text-leaf">
              {result.message}
            </p>
            {result.note && <p className="mt-2 rounded-md bg-sand px-4 py-3 text-sm">{result.note}</p>}
          </>
        )}
        {result?.status === "error" && !busy && (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 font-medium text-red-800">
            Error: {contactMessage(result)}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * Photos kept by the server from a refused form (no scripts): named, sent again by their
 * tokens with the corrected form, and each can be taken off by checking its box.
 */
function AttachedPhotos({ photos }: { photos: AttachedPhoto[] }) {
  return (
    <ul className="mt-3 space-y-2" aria-label="Attached photos">
      {photos.map((p) => (
        <li
          key={p.token}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-sand px-3 py-2 text-sm"
        >
          <input type="hidden" name={ATTACHED_PHOTO_FIELD} value={attachedPhotoValue(p)} />
          <span className="min-w-0 break-all">
            <span className="font-medium">{p.name}</span> <span className="text-ink-soft">attached</span>
          </span>
          <label className="flex items-center gap-2">
            <input type="checkbox" name={REMOVE_ATTACHED_FIELD} value={p.token} className="size-4 accent-brand" />
            Remove<span className="sr-only"> {p.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

function PhotoPreviews({ photos, remove }: { photos: Picked[]; remove: (photo: Picked) => void }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-3" aria-label="Chosen photos">
      {photos.map((p) => (
        <li key={p.url} className="relative">
          <img src={p.url} alt={p.file.name} className="size-20 rounded-md border border-black/10 object-cover" />
          <button
            type="button"
            onClick={() => remove(p)}
            aria-label={`Remove ${p.file.name}`}
            className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-ink font-bold text-white shadow"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * POSTs the form and reads the JSON answer, reporting the upload's progress (0-100). A
 * refusal before the action (a body too large, a foreign origin) comes as plain text: its
 * words are still the visitor's answer.
 */
function postWithProgress(url: string, body: FormData, onProgress: (percent: number) => void): Promise<ContactResult> {
  const failed = (message: string): ContactResult => ({
    status: "error",
    reply: { status: "error", error: { "": [message] } },
  });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((100 * e.loaded) / e.total));
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as ContactResult);
      } catch {
        const text = xhr.responseText.trim();
        resolve(failed(xhr.status < 500 && text && text.length < 200 ? text : MESSAGES.unavailable));
      }
    };
    xhr.onerror = () => resolve(failed(MESSAGES.unavailable));
    xhr.send(body);
  });
}

function Required({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children} <span className="text-brand">*</span>
    </>
  );
}
