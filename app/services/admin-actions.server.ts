import { redirect } from "react-router";
import { setFlash, type Flash } from "~/services/flash.server";

/** Back to a list with a message for the toast (or the page, without scripts). */
export async function redirectWithFlash(to: string, flash: Flash) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(flash) } });
}

/** A positive whole number from a query or form value, or null. */
export function parseId(value: FormDataEntryValue | string | null | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
