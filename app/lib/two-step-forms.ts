import { z } from "~/lib/zod";

// Two-step sign-in's forms and words: the code asked at sign-in, and the account's
// two-step page (turn on with a code; turn off or make new recovery codes with the password).

export const TWO_STEP_INTENTS = { enable: "enable", disable: "disable", newCodes: "new-codes" } as const;

export const TWO_STEP_MESSAGES = {
  codeMissing: "Please enter the 6-digit code from your authenticator app",
  codeWrong: "That code is not right. Check the app shows this site's code and try again.",
  signInCodeWrong:
    "That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.",
  setupExpired: "That took too long, so here is a new code to scan. Please add it to your app again.",
  pendingExpired: "Your sign-in took too long. Please enter your password again.",
  passwordMissing: "Please enter your current password",
  passwordWrong: "That is not your current password",
  enabled: "Two-step sign-in is on",
  disabled: "Two-step sign-in is off",
  alreadyOn: "Two-step sign-in is already on",
  alreadyOff: "Two-step sign-in is already off",
  newCodes: "New recovery codes made: the old ones no longer work",
  recoveryUsed: (left: number) =>
    `Signed in with a recovery code. ${left === 1 ? "1 code is" : `${left} codes are`} left.`,
};

const code = z
  .string({ error: TWO_STEP_MESSAGES.codeMissing })
  .trim()
  .min(1, TWO_STEP_MESSAGES.codeMissing)
  .max(40, TWO_STEP_MESSAGES.codeMissing);

/** At sign-in: the app's 6-digit code or a recovery code. */
export const SignInCodeSchema = z.object({ code });

/** Turning two-step on: the code the app shows for the new secret. */
export const EnableTwoStepSchema = z.object({ code });

/** Turning it off, or new recovery codes: the current password. */
export const ConfirmPasswordSchema = z.object({
  currentPassword: z
    .string({ error: TWO_STEP_MESSAGES.passwordMissing })
    .min(1, TWO_STEP_MESSAGES.passwordMissing)
    .max(1000),
});
