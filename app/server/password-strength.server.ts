import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { passwordRefusal, withGuessCheck } from "~/lib/password-rule";
import type { z } from "~/lib/zod";

// The strength estimator behind the password rule (lib/password-rule.ts, decision 0077).
// Its dictionaries are megabytes and take a quarter of a second to index, so they are
// loaded once, on the first password chosen, and never reach the browser.

let estimator: ZxcvbnFactory | null = null;

/** The estimator's score, 0 (guessed at once) to 4; `related` are words of the person's own (email, name, company). */
export function passwordScore(password: string, related: readonly string[] = []): number {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator.check(password, [...related]).score;
}

/** Why a password cannot be chosen (length or too easy to guess); null when it can. */
export const refusePassword = (password: string, related: readonly string[] = []) =>
  passwordRefusal(password, () => passwordScore(password, related));

/** A form's schema as the server parses it: the browser's rules plus the guess check on `field`. */
export const withPasswordCheck = <K extends string, S extends z.ZodType<Record<K, string>>>(
  schema: S,
  field: K,
  related: readonly string[] = [],
) => withGuessCheck(schema, field, (password) => passwordScore(password, related));
