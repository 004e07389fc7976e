import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { Form, href, Link, useNavigation } from "react-router";
import { ImagePicker, type PickerImage } from "~/components/admin/image-picker";
import { Field, inputClass, secondaryButton, SubmitButton } from "~/components/form";
import {
  AboutFormSchema,
  MAX_CERTIFICATIONS,
  MAX_TEAM,
  PageWordsFormSchema,
  TrustFactsFormSchema,
  WORDS_INTENTS,
  type PageWords,
  type TeamMember,
  type TrustFacts,
} from "~/lib/site-words";

// The three forms of the admin's Words & Facts screen (routes/admin/site-words.tsx): each
// posts natively with its intent, and comes back as a toast (or the page's message).

type Reply = SubmissionResult<string[]> | undefined;

const WORDS_PATH = href("/admin/site/words");
const cardClass = "space-y-5 rounded-xl bg-white p-6 shadow-sm";

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function FormAlert({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {errors[0]}
    </p>
  );
}

/** The facts a homeowner looks for; each left empty is simply not shown anywhere. */
export function TrustFactsForm({ trust, lastResult }: { trust: TrustFacts; lastResult: Reply }) {
  const busy = useBusy(WORDS_INTENTS.trust);
  const [form, fields] = useForm({
    id: "trust-facts",
    lastResult,
    defaultValue: {
      licenseName: trust.licenseName,
      licenseNumber: trust.licenseNumber,
      insured: trust.insured === null ? "" : trust.insured ? "yes" : "no",
      insuranceCarrier: trust.insuranceCarrier,
      certifications: trust.certifications.join("\n"),
      warrantyYears: trust.warrantyYears?.toString() ?? "",
      foundedYear: trust.foundedYear?.toString() ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TrustFactsFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    // No action: the form posts to this page as it stands, its `?page=` kept, so saving it is not
    // mistaken for leaving the headline being typed (use-unsaved-warning.ts).
    <Form method="post" {...getFormProps(form)} aria-labelledby="trust-facts-title" className={cardClass}>
      <div>
        <h2 id="trust-facts-title" className="text-lg font-bold">
          Trust facts
        </h2>
        <p className="text-sm text-ink-soft">
          Shown on the home page beside the quote button, on the About and service pages, in the footer and to search
          engines. Leave a fact empty and it is not shown at all.
        </p>
      </div>
      <input type="hidden" name="intent" value={WORDS_INTENTS.trust} />
      <FormAlert errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-[3fr_2fr]">
        <Field
          label="License or registration"
          hint="For example Kansas roofing contractor registration"
          error={fields.licenseName}
        >
          <input {...getInputProps(fields.licenseName, { type: "text" })} maxLength={120} className={inputClass} />
        </Field>
        <Field label="Number" hint="As it is printed on the license" error={fields.licenseNumber}>
          <input {...getInputProps(fields.licenseNumber, { type: "text" })} maxLength={80} className={inputClass} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[2fr_3fr]">
        <Field label="Insured" error={fields.insured}>
          <select {...getSelectProps(fields.insured)} className={inputClass}>
            <option value="">Not said</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </Field>
        <Field label="Insurance company" hint="Shown only when insured is yes" error={fields.insuranceCarrier}>
          <input {...getInputProps(fields.insuranceCarrier, { type: "text" })} maxLength={120} className={inputClass} />
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Workmanship warranty (years)" error={fields.warrantyYears}>
          <input
            {...getInputProps(fields.warrantyYears, { type: "number" })}
            min={1}
            max={100}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
        <Field label="Year founded" error={fields.foundedYear}>
          <input
            {...getInputProps(fields.foundedYear, { type: "number" })}
            min={1850}
            max={new Date().getFullYear()}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
      </div>
      <Field
        label="Manufacturer certifications and memberships"
        hint={`One a line, up to ${MAX_CERTIFICATIONS}. For example GAF Certified Contractor, or BBB Accredited Business.`}
        error={fields.certifications}
      >
        <textarea {...getTextareaProps(fields.certifications)} rows={4} className={inputClass} />
      </Field>
      <SubmitButton busy={busy}>Save Trust Facts</SubmitButton>
    </Form>
  );
}

type PageChoice = { id: string; label: string; changed: boolean };

/** One page's hero headline and intro, the page picked from the list beside it (a link each, scripts or not). */
export function PageWordsForm({
  pages,
  page,
  lastResult,
}: {
  pages: PageChoice[];
  page: { id: string; own: PageWords; defaults: PageWords };
  lastResult: Reply;
}) {
  const busy = useBusy(WORDS_INTENTS.page);
  const [form, fields] = useForm({
    // One form per page: switching pages starts from that page's words.
    id: `page-words-${page.id}`,
    lastResult,
    defaultValue: { page: page.id, headline: page.own.headline, intro: page.own.intro },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PageWordsFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const label = pages.find((p) => p.id === page.id)?.label ?? page.id;
  return (
    <section aria-labelledby="page-words-title" className={cardClass}>
      <div>
        <h2 id="page-words-title" className="text-lg font-bold">
          Page headlines
        </h2>
        <p className="text-sm text-ink-soft">
          The big headline and the line under it at the top of each page. Empty: the built-in words, shown in grey.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Pages">
          <ul className="max-h-80 space-y-0.5 overflow-y-auto text-sm md:max-h-none">
            {pages.map((p) => (
              <li key={p.id}>
                <Link
                  to={`${WORDS_PATH}?page=${p.id}#page-words-title`}
                  preventScrollReset
                  aria-current={p.id === page.id ? "page" : undefined}
                  className="flex items-center justify-between gap-2 rounded-md px-3 py-1.5 hover:bg-sand aria-[current=page]:bg-brand-soft aria-[current=page]:font-semibold"
                >
                  {p.label}
                  {p.changed && <span className="text-xs text-leaf">reworded</span>}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action={`${WORDS_PATH}?page=${page.id}`} {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value={WORDS_INTENTS.page} />
          <input {...getInputProps(fields.page, { type: "hidden" })} />
          <FormAlert errors={[...(form.errors ?? []), ...(fields.page.errors ?? [])]} />
          <p className="font-semibold">{label}</p>
          <Field label="Headline" error={fields.headline}>
            <input
              {...getInputProps(fields.headline, { type: "text" })}
              placeholder={page.defaults.headline}
              maxLength={120}
              className={inputClass}
            />
          </Field>
          <Field label="Intro" error={fields.intro}>
            <textarea
              {...getTextareaProps(fields.intro)}
              placeholder={page.defaults.intro}
              rows={3}
              maxLength={400}
              className={inputClass}
            />
          </Field>
          <SubmitButton busy={busy}>Save Headline</SubmitButton>
        </Form>
      </div>
    </section>
  );
}

const NEW_MEMBER = { name: "", role: "", bio: "", imageId: "", alt: "" };

/** The About page's story and the people on it: add, remove and reorder, up to twelve. */
export function AboutForm({
  story,
  team,
  photos,
  lastResult,
}: {
  story: string;
  team: TeamMember[];
  photos: PickerImage[];
  lastResult: Reply;
}) {
  const busy = useBusy(WORDS_INTENTS.about);
  const [form, fields] = useForm({
    id: "about",
    lastResult,
    defaultValue: {
      story,
      team: team.map((m) => ({
        name: m.name,
        role: m.role,
        bio: m.bio,
        imageId: m.imageId?.toString() ?? "",
        alt: m.alt,
      })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AboutFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const members = fields.team.getFieldList();
  return (
    // No action, as the trust facts: posts to the page as it stands.
    <Form method="post" {...getFormProps(form)} aria-labelledby="about-title" className={cardClass}>
      <div>
        <h2 id="about-title" className="text-lg font-bold">
          About page: your story and team
        </h2>
        <p className="text-sm text-ink-soft">
          Tell homeowners who you are, in your own words. Leave the story empty to keep the built-in one.
        </p>
      </div>
      {/* A field, not the button's value: "Add a person", "Remove" and the arrows submit too. */}
      <input type="hidden" name="intent" value={WORDS_INTENTS.about} />
      <FormAlert errors={form.errors} />
      <Field label="Your story" hint="Blank lines start a new paragraph." error={fields.story}>
        <textarea {...getTextareaProps(fields.story)} rows={8} maxLength={4000} className={inputClass} />
      </Field>
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium">The people homeowners will meet</legend>
        {members.length === 0 && (
          <p className="text-sm text-ink-soft">No one yet: the About page shows no team section.</p>
        )}
        {members.map((row, index) => {
          const m = row.getFieldset();
          const chosen = photos.find((p) => String(p.id) === m.imageId.initialValue) ?? null;
          return (
            <div key={row.key} className="space-y-3 rounded-lg border border-black/10 p-4" data-testid="team-member">
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Name" error={m.name}>
                  <input {...getInputProps(m.name, { type: "text" })} maxLength={80} className={inputClass} />
                </Field>
                <Field label="Role" hint="For example Owner, or Crew lead" error={m.role}>
                  <input {...getInputProps(m.role, { type: "text" })} maxLength={80} className={inputClass} />
                </Field>
              </div>
              <Field
                label="A line about them"
                hint="Optional. For example: Twenty years on Kansas roofs."
                error={m.bio}
              >
                <input {...getInputProps(m.bio, { type: "text" })} maxLength={300} className={inputClass} />
              </Field>
              {/* Closed until asked for: twelve open grids of the whole library would bury the form. Closed, its choice still posts. */}
              <details
                className="group rounded-md border border-black/10"
                open={!!m.imageId.errors?.length || undefined}
              >
                <summary className="flex cursor-pointer items-center gap-3 p-2 text-sm font-medium">
                  {chosen ? (
                    <img src={chosen.src} alt="" width={64} height={48} className="h-12 w-16 rounded object-cover" />
                  ) : (
                    <span aria-hidden className="h-12 w-16 rounded bg-sand" />
                  )}
                  <span>
                    Photo: {chosen ? chosen.alt || chosen.name : "none"}
                    <span className="block text-xs font-normal text-brand-dark underline group-open:hidden">
                      Choose from the image library
                    </span>
                  </span>
                </summary>
                <div className="border-t border-black/10 p-3">
                  <ImagePicker
                    legend={`Photo of ${m.name.initialValue || `person ${index + 1}`}`}
                    images={photos}
                    selectedId={chosen?.id ?? null}
                    name={m.imageId.name}
                    upload={false}
                    noneLabel="No photo"
                    error={m.imageId}
                  />
                </div>
              </details>
              <Field label="What the photo shows" hint="Optional; their name if empty" error={m.alt}>
                <input {...getInputProps(m.alt, { type: "text" })} maxLength={200} className={inputClass} />
              </Field>
              <div className="flex flex-wrap gap-2">
                {index > 0 && (
                  <button type="submit" name="move" value={`up-${index}`} className={secondaryButton}>
                    <ArrowUp aria-hidden className="size-4" /> Move up
                    <span className="sr-only">: {m.name.initialValue || `person ${index + 1}`}</span>
                  </button>
                )}
                {index < members.length - 1 && (
                  <button type="submit" name="move" value={`down-${index}`} className={secondaryButton}>
                    <ArrowDown aria-hidden className="size-4" /> Move down
                    <span className="sr-only">: {m.name.initialValue || `person ${index + 1}`}</span>
                  </button>
                )}
                <button
                  {...form.remove.getButtonProps({ name: fields.team.name, index })}
                  className="px-2 text-sm font-semibold text-red-800 underline"
                >
                  Remove<span className="sr-only"> {m.name.initialValue || `person ${index + 1}`}</span>
                </button>
              </div>
            </div>
          );
        })}
        {fields.team.errors?.length ? <p className="text-sm text-red-700">{fields.team.errors[0]}</p> : null}
        {members.length < MAX_TEAM && (
          <button
            {...form.insert.getButtonProps({ name: fields.team.name, defaultValue: NEW_MEMBER })}
            className={secondaryButton}
          >
            <Plus aria-hidden className="size-4" /> Add a person
          </button>
        )}
      </fieldset>
      <SubmitButton busy={busy}>Save Story and Team</SubmitButton>
    </Form>
  );
}
