import { chosenPassword, MAX_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGES } from "~/lib/password-rule";
import { personName } from "~/lib/team-forms";
import { z } from "~/lib/zod";

// Everyone's account page (/admin/account): its forms, each with its intent beside its
// schema. One conform + zod schema per form, for the browser and the action alike.

export const ACCOUNT_MESSAGES = {
  currentMissing: "Please enter your current password",
  currentWrong: "That is not your current password",
  tooMany: "Too many wrong passwords. Please wait 15 minutes and try again.",
  newMissing: "Please choose a new password",
  newShort: PASSWORD_RULE_MESSAGES.short,
  newLong: PASSWORD_RULE_MESSAGES.long,
  newCommon: PASSWORD_RULE_MESSAGES.common,
  newSame: "The new password is the same as the current one",
  repeatWrong: "The two new passwords are not the same",
  passwordChanged: "Password changed. Every other device is signed out.",
  emailMissing: "Please enter your new email address",
  emailInvalid: "Please enter a valid email address",
  emailTaken: "That email address belongs to another account",
  emailSame: "That is already your email address",
  emailChanged: "Email changed. Sign in with the new address from now on.",
  deviceGone: "That device was already signed out",
  deviceSignedOut: (device: string) => `Signed out ${device}`,
  othersSignedOut: (n: number) => (n === 1 ? "Signed out 1 other device" : `Signed out ${n} other devices`),
  noOthers: "No other device was signed in",
  failed: "Something went wrong. Please try again.",
  nameChanged: "Name saved. Invitations and lists use it from now on.",
} as const;

export const ACCOUNT_INTENTS = {
  name: "change-name",
  password: "change-password",
  email: "change-email",
  signOutDevice: "sign-out-device",
  signOutOthers: "sign-out-others",
  // Your visits in your phone's calendar (lib/calendar-feed.ts): a new link replaces the old one.
  newCalendarFeed: "new-calendar-feed",
  turnOffCalendarFeed: "turn-off-calendar-feed",
} as const;

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentMissing })
  .min(1, ACCOUNT_MESSAGES.currentMissing)
  .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.currentWrong);

export const ChangePasswordSchema = z
  .object({
    currentPassword,
    newPassword: chosenPassword(ACCOUNT_MESSAGES.newMissing),
    repeatPassword: z.string({ error: ACCOUNT_MESSAGES.repeatWrong }),
  })
  .refine((v) => v.newPassword === v.repeatPassword, {
    message: ACCOUNT_MESSAGES.repeatWrong,
    path: ["repeatPassword"],
  })
  .refine((v) => v.newPassword !== v.currentPassword, { message: ACCOUNT_MESSAGES.newSame, path: ["newPassword"] });

/** Your name, as invitations, histories and the team list show it. */
export const ChangeNameSchema = z.object({ name: personName });

export const ChangeEmailSchema = z.object({
  email: z
    .string({ error: ACCOUNT_MESSAGES.emailMissing })
    .trim()
    .min(1, ACCOUNT_MESSAGES.emailMissing)
    .max(254, ACCOUNT_MESSAGES.emailInvalid)
    .email(ACCOUNT_MESSAGES.emailInvalid),
  currentPassword,
});

/** A signed-in device, named by a short key the page gets (never the session's own id). */
export const SignOutDeviceSchema = z.object({ device: z.string().regex(/^[\w-]{1,64}$/) });

/** Fields the reply never sends back to the page. */
export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "repeatPassword"];
