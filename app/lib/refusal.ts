/**
 * A model's or service's "no", in the words the person will read (decision 0087). One shape
 * everywhere, so every caller asks `isRefusal(outcome)` and shows `refused` as it is, never
 * a message of its own keyed on which function said no. `field` names the form field it
 * belongs beside; `status` is the HTTP status when the caller answers a request with it
 * (400 when not said).
 */
export type Refusal<Field extends string = string> = {
  refused: string;
  field?: Field;
  status?: 400 | 403 | 409 | 413 | 415 | 500;
};

export function refusal<Field extends string = string>(
  message: string,
  more: Omit<Refusal<Field>, "refused"> = {},
): Refusal<Field> {
  return { refused: message, ...more };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && typeof (value as { refused?: unknown }).refused === "string";
}
