import { href } from "react-router";
import { ACCOUNT_MESSAGES, ChangePasswordSchema } from "~/lib/account-forms";
import { z } from "~/lib/zod";
import { BUSINESS_TIME_ZONE } from "./business-time";

/**
 * A forgotten password (decision 0050): the reset link's life, the two forms and
 * the mail. Pure rules shared by the server and the pages.
 */

/** How long a reset link works after it was mailed; it works once. */
export const RESET_LINK_MINUTES = 60;

export function resetLinkExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + RESET_LINK_MINUTES * 60_000);
}

export const resetPath = (token: string) => href("/admin/reset-password/:token", { token });

/** What a reset link leads to: the form, or why not. */
export type ResetLinkState = "open" | "used" | "expired";

export function resetLinkState(reset: { usedAt: Date | null; expiresAt: Date }, now: Date): ResetLinkState {
  if (reset.usedAt) return "used";
  return now.getTime() >= reset.expiresAt.getTime() ? "expired" : "open";
}

export const RESET_MESSAGES = {
  emailMissing: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  // The same words whether the address has an account or not, and over the limit too.
  sent: "If that address has an account, we sent a link to it. It works for one hour.",
  gone: "This link has expired or was already used. Ask for a new one.",
  // The account page's password rule and words (lib/account-forms.ts).
  newShort: ACCOUNT_MESSAGES.newShort,
  newLong: ACCOUNT_MESSAGES.newLong,
  newCommon: ACCOUNT_MESSAGES.newCommon,
  repeatWrong: ACCOUNT_MESSAGES.repeatWrong,
  changed: "Password changed. Sign in with your new password; every device that was signed in is signed out.",
} as const;

/** /admin/forgot-password: the address to mail a link to. */
export const ForgotPasswordSchema = z.object({
  email: z
    .string({ error: RESET_MESSAGES.emailMissing })
    .trim()
    .min(1, RESET_MESSAGES.emailMissing)
    .max(254, RESET_MESSAGES.emailInvalid)
    .email(RESET_MESSAGES.emailInvalid),
});

/** /admin/reset-password/:token: the new password, twice. */
export const ResetPasswordSchema = z
  .object({
    newPassword: ChangePasswordSchema.shape.newPassword,
    repeatPassword: z.string({ error: RESET_MESSAGES.repeatWrong }),
  })
  .refine((v) => v.newPassword === v.repeatPassword, { message: RESET_MESSAGES.repeatWrong, path: ["repeatPassword"] });

/** Fields a refused form never sends back to the page. */
export const RESET_PASSWORD_FIELDS = ["newPassword", "repeatPassword"];

/**
 * The mail with the link. The same words whether the person asked on the forgot-password
 * page or the owner started it from the Team screen. `link` is the whole address of the form.
 */
export function passwordResetMail(input: { name: string; company: string; link: string; expiresAt: Date }): {
  subject: string;
  text: string;
} {
  const until = input.expiresAt.toLocaleTimeString("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: BUSINESS_TIME_ZONE,
    timeZoneName: "short",
  });
  const greeting = input.name.trim() ? `Hi ${input.name.trim()},` : "Hello,";
  return {
    subject: `Choose a new password for ${input.company}`,
    text: [
      greeting,
      "",
      `We were asked for a link to choose a new password for your account on ${input.company}'s website admin.`,
      "",
      input.link,
      "",
      `The link works once, until ${until} (one hour). Using it signs out every device signed in to your account.`,
      "",
      "If you did not ask for it, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}
