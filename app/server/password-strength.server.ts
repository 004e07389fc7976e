import { commonJsExports, onFirstUse } from "~/server/on-first-use.server";
import { passwordRefusal, withGuessCheck } from "~/lib/password-rule";
import type { z } from "~/lib/zod";

// The strength estimator behind the password rule (lib/password-rule.ts, decision 0077).
// Its dictionaries are megabytes and take a quarter of a second to load and index, so they
// are imported with the first password chosen (decision 0081), and never reach the browser.
// Their index (some 13 MB of the heap) is let go once no password has been chosen for a
// while: passwords are chosen a few times a year, and every garbage collection of every
// page would otherwise walk it (decision 0112).
/** How long the estimator is kept after a password was last checked. */
const ESTIMATOR_KEPT_MS = 10 * 60_000;
const loadEstimator = onFirstUse(
  async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core").then(commonJsExports),
      import("@zxcvbn-ts/language-common").then(commonJsExports),
      import("@zxcvbn-ts/language-en").then(commonJsExports),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  },
  { releaseAfterMs: ESTIMATOR_KEPT_MS },
);

/** The estimator's score for a password, 0 (guessed at once) to 4; `related` are words of the person's own (email, name, company). */
async function scorer(related: readonly string[]): Promise<(password: string) => number> {
  const estimator = await loadEstimator();
  return (password) => estimator.check(password, [...related]).score;
}

/** Why a password cannot be chosen (length or too easy to guess); null when it can. */
export async function refusePassword(password: string, related: readonly string[] = []): Promise<string | null> {
  const score = await scorer(related);
  return passwordRefusal(password, () => score(password));
}

/** A form's schema as the server parses it: the browser's rules plus the guess check on `field`. */
export async function withPasswordCheck<K extends string, S extends z.ZodType<Record<K, string>>>(
  schema: S,
  field: K,
  related: readonly string[] = [],
): Promise<S> {
  return withGuessCheck(schema, field, await scorer(related));
}
