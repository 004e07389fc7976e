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

/**
 * Apostrophes as names are typed and pasted: straight, curly (both ways), the modifier
 * letter, a backtick, an acute accent. The search indexes' `folded` column (migration
 * 0024's triggers) removes exactly these, so a change here needs a migration there too.
 */
const APOSTROPHES = /['\u2019\u2018\u02BC`\u00B4]/g;

/**
 * A word as the search compares it (decision 0078): without apostrophes or accents, so
 * "obrien", "OBrien", "O'Brien" and "O’Brien" are one name, and "jose" finds "José" (the
 * index folds accents itself, remove_diacritics 2; case is folded by the tokenizer).
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(APOSTROPHES, "");
}

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
export function ftsMatchQuery(
  q: string | null | undefined,
  { digitsColumn }: { digitsColumn?: string } = {},
): string | null {
  const words = normalizeSearch(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const terms = words
    .filter((w) => HAS_TOKEN.test(w))
    .slice(0, MAX_WORDS)
    .map((w) => {
      const terms = [`${quoted(w)}*`];
      // "O'Brien" as typed matches the name's own words; folded, the index's folded column.
      const folded = foldForSearch(w);
      if (folded !== w && HAS_TOKEN.test(folded)) terms.push(`${quoted(folded)}*`);
      const digits = w.replace(/\D/g, "");
      if (digitsColumn && digits.length >= 3 && digits !== w) terms.push(`{${digitsColumn}} : ${quoted(digits)}*`);
      return terms.length > 1 ? `(${terms.join(" OR ")})` : terms[0];
    });
  // Only punctuation: a phrase of no words, which FTS5 answers with no rows.
  return terms.length ? terms.join(" AND ") : '""';
}
