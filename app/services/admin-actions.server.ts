import { redirect } from "react-router";
import { refuseBody } from "~/server/request-body.server";
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

/**
 * The answer to a form naming an intent its page does not have (an old tab, a hand-made
 * post): a short 400, never a fall-through to the page's "save".
 */
export function refuseUnknownIntent(): never {
  return refuseBody(400, "This form's action is unknown here. Please reload the page and try again.");
}
