import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field, inputClass } from "~/components/form";
import { PASSWORD_HINT } from "~/lib/password-rule";

// A password being chosen, typed twice: the account page, an invitation, a reset link.

type PasswordField<Schema extends Record<string, unknown>> = FieldMetadata<string, Schema, string[]>;

export function PasswordPair<Schema extends Record<string, unknown>>({
  password,
  repeat,
  label = "New password",
  hint = PASSWORD_HINT,
  required,
}: {
  password: PasswordField<Schema>;
  repeat: PasswordField<Schema>;
  /** The first field's label; the second is the same, "again". */
  label?: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <>
      <Field label={label} hint={hint} error={password}>
        <input
          {...getInputProps(password, { type: "password" })}
          autoComplete="new-password"
          required={required}
          className={inputClass}
        />
      </Field>
      <Field label={`${label} again`} error={repeat}>
        <input
          {...getInputProps(repeat, { type: "password" })}
          autoComplete="new-password"
          required={required}
          className={inputClass}
        />
      </Field>
    </>
  );
}
