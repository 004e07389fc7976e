import { backUpAndSend, nightlyRound } from "~/services/backup-health.server";

/**
 * The nightly round on the test's clock, with the backup made in the test's process rather
 * than by the backup command in a child (which would name it by the real time).
 */
export const nightlyRoundHere = (now: Date) =>
  nightlyRound(now, () =>
    backUpAndSend(now).then(
      () => ({ made: true as const }),
      (error: Error) => ({ made: false as const, message: error.message }),
    ),
  );
