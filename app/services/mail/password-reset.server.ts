import type { MailKind } from "./mail-kind.server";

// Scaffold for issue 30: written by its own change.
export const passwordReset: MailKind = {
  retries: true,
  compose() {
    return null;
  },
};
