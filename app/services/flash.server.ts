import { redirect } from "react-router";
import { z } from "~/lib/zod";
import { appCookie } from "~/services/cookies.server";

/** A one-time message that survives a redirect: shown as a toast, or inline without scripts. */
const FlashSchema = z.object({ type: z.enum(["success", "error", "info"]), message: z.string().max(300) });
export type Flash = z.infer<typeof FlashSchema>;

const flashCookie = () => appCookie("__flash", { maxAge: 60 });

export async function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** The pending message, if any, and the header that clears it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = flashCookie();
  const raw: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, headers };
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = FlashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, headers };
}

/** Back to a list with a message for the toast (or the page, without scripts). */
export async function redirectWithFlash(to: string, flash: Flash) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(flash) } });
}
