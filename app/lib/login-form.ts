import { z } from "~/lib/zod";

export const LOGIN_MISSING = "Please enter your email and password";
/** What a script's request (a phone's upload queue) is told when its session has ended. */
export const SIGNED_OUT_MESSAGE = "You were signed out. Please sign in again.";

/** The admin's sign-in form: one schema for conform in the browser and the action. */
export const LoginSchema = z.object({
  email: z.string({ error: LOGIN_MISSING }).trim().min(1, LOGIN_MISSING),
  password: z.string({ error: LOGIN_MISSING }).min(1, LOGIN_MISSING),
  // Where to go once signed in; checked by safeRedirect, never trusted as it comes.
  redirectTo: z.string().optional(),
});
