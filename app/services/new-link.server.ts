import { href, redirect } from "react-router";
import { appCookie } from "~/services/cookies.server";
import { setFlash, type Flash } from "~/services/flash.server";

/**
 * A link made for the homeowner that staff must see once: a proposal's, a job page's, or a review
 * request's that was not mailed. Only its token's hash is kept, so the link rides in a
 * short-lived signed cookie to the one lead page the action redirects to, whose
 * middleware forgets it once shown (decision 0028).
 */
export type NewLinkKind = "proposal" | "review" | "job";
export type NewLink = { kind: NewLinkKind; url: string; proposalId?: number };

const COOKIE = "__new_link";
const newLinkCookie = () => appCookie(COOKIE, { maxAge: 10 * 60, path: href("/admin/leads") });

export async function rememberLink(leadId: number, link: NewLink): Promise<string> {
  return newLinkCookie().serialize({ leadId, ...link });
}

/** Back to the lead's page `to` with a message, the link riding along to be shown there once. */
export async function redirectShowingLink(to: string, leadId: number, link: NewLink, flash: Flash) {
  const headers = new Headers({ "Set-Cookie": await setFlash(flash) });
  headers.append("Set-Cookie", await rememberLink(leadId, link));
  return redirect(to, { headers });
}

/** The link of that kind just made for this lead, if any. */
export async function readLink(request: Request, leadId: number, kind: NewLinkKind): Promise<NewLink | null> {
  const raw: unknown = await newLinkCookie().parse(request.headers.get("Cookie"));
  if (!raw || typeof raw !== "object") return null;
  const { leadId: forLead, kind: was, url, proposalId } = raw as Record<string, unknown>;
  if (forLead !== leadId || was !== kind || typeof url !== "string") return null;
  return { kind, url, proposalId: typeof proposalId === "number" ? proposalId : undefined };
}

/** The Set-Cookie that forgets a shown link, or null when the request carried none. */
export async function forgetLink(request: Request): Promise<string | null> {
  if (!new RegExp(`(?:^|;)\\s*${COOKIE}=`).test(request.headers.get("Cookie") ?? "")) return null;
  return newLinkCookie().serialize("", { maxAge: 0 });
}
