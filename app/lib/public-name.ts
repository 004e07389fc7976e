/**
 * How a homeowner's name is shown with their words in public: first name and last
 * initial ("Dana Ortiz" → "Dana O."). The lead holds the full name for staff; a review
 * form offers this shorter one, which the homeowner may still change.
 */

// A generational suffix is not the family name: "John Smith Jr." is "John S.".
const SUFFIX = /^(?:jr|sr|ii|iii|iv|v)\.?$/i;

export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  while (words.length > 2 && SUFFIX.test(words[words.length - 1])) words.pop();
  if (words.length < 2) return words[0] ?? "";
  const last = words[words.length - 1].replace(/^[^\p{L}]+/u, "");
  const initial = last.charAt(0).toLocaleUpperCase("en-US");
  return initial ? `${words[0]} ${initial}.` : words[0];
}
