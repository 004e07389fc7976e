import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { primaryButton, SubmitButton } from "~/components/form";

export const accountCard = "space-y-4 rounded-xl bg-white p-6 shadow-sm";

/** Whether the page is posting this intent right now (the button says so). */
export function usePosting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * A form about the signed-in person's own account (the account page, two-step sign-in):
 * a titled card with its intent, its form-level error and its button.
 */
export function AccountCardForm<T extends Record<string, unknown>>({
  form,
  intent,
  title,
  intro,
  submit,
  busyText = "Changing...",
  buttonClass = primaryButton,
  children,
}: {
  form: FormMetadata<T, string[]>;
  intent: string;
  title: string;
  intro: React.ReactNode;
  submit: string;
  busyText?: string;
  buttonClass?: string;
  children: React.ReactNode;
}) {
  const titleId = `${intent}-title`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={titleId} className={accountCard}>
      <div>
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <p className="text-sm text-ink-soft">{intro}</p>
      </div>
      <input type="hidden" name="intent" value={intent} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      {children}
      <SubmitButton busy={usePosting(intent)} busyText={busyText} className={buttonClass}>
        {submit}
      </SubmitButton>
    </Form>
  );
}
