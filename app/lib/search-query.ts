/**
 * What a search box's words become for SQLite FTS5 (decision 0054): every word must match,
 * each as the start of a word anywhere in the indexed fields ("mai" finds "Main St").
 * Each word is quoted, so nothing a person types ("NEAR(", "*", "-", a lone quote) is
 * read as FTS syntax: no query can make SQLite fail.
 */

/** Longer input is cut: nobody searches by a paragraph, and the query stays small. */
export const SEARCH_MAX_LENGTH = 200;
const MAX_WORDS = 12;

/** A word FTS can match: it has a letter or a digit (the tokenizer drops everything else). */
const HAS_TOKEN = /[\p{L}\p{N}]/u;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The search as typed, trimmed and cut to its bounded length ("" when there is none). */
export function normalizeSearch(q: string | null | undefined): string {
  return (q ?? "").trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

/**
 * The FTS5 MATCH expression for a search, or null when nothing was typed. Punctuation alone
 * matches nothing. `digitsColumn` names the column holding a phone's digits and their tails:
 * a word with three digits or more also matches there with its digits alone, so
 * "316-555-0188", "(316) 555-0188" and "5550188" all find the same phone.
 */
export function ftsMatchQuery(q: string | null | undefined, { digitsColumn }: { digitsColumn?: string } = {}): string | null {
  const words = normalizeSearch(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const terms = words
    .filter((w) => HAS_TOKEN.test(w))
    .slice(0, MAX_WORDS)
    .map((w) => {
      const term = `${quoted(w)}*`;
      const digits = w.replace(/\D/g, "");
      return digitsColumn && digits.length >= 3 && digits !== w ? `(${term} OR {${digitsColumn}} : ${quoted(digits)}*)` : term;
    });
  // Only punctuation: a phrase of no words, which FTS5 answers with no rows.
  return terms.length ? terms.join(" AND ") : '""';
}
