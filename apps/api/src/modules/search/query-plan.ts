import { deletionVariants, editDistance, fold } from './fold';

/** Query words beyond this many are ignored: nobody types more, and each one costs. */
const MAX_WORDS = 8;
/** Words this long (folded) or longer are matched as prefixes too: Mongolian adds suffixes. */
const PREFIX_FROM = 3;
/** Words this long or longer tolerate one typo. */
export const TYPO_FROM = 5;
/** Descriptions are searched only when every word is at least this long. */
const BODY_FROM = 3;
const MAX_TYPO_TERMS = 8;

export interface QueryWords {
  /** the query as shown back and logged: trimmed, single-spaced, lower-case */
  display: string;
  /** the folded query */
  phrase: string;
  words: string[];
  /** the last word may still be being typed (two letters or more), so it is matched as a prefix */
  lastIsPrefix: boolean;
}

export function queryWords(q: string): QueryWords {
  const display = q.trim().replace(/\s+/g, ' ').toLowerCase();
  const words = fold(display).split(' ').filter(Boolean).slice(0, MAX_WORDS);
  const lastTyped = display.split(' ').at(-1) ?? '';
  return { display, phrase: words.join(' '), words, lastIsPrefix: lastTyped.length >= 2 };
}

/** The one-deletion neighbourhood of every word long enough to have typos looked up. */
export function typoVariants(words: string[]): string[] {
  return [...new Set(words.filter((w) => w.length >= TYPO_FROM).flatMap(deletionVariants))];
}

/**
 * Which dictionary terms each word may have been meant as: the candidates that the deletion
 * index found (commonest first), kept only when truly one edit away.
 */
export function typoTerms(words: string[], near: { term: string }[]): Map<string, string[]> {
  const terms = [...new Set(near.map((n) => n.term))];
  const known = new Set(terms);
  const result = new Map<string, string[]>();
  for (const word of words) {
    // a word the catalogue has is taken as meant; its neighbours would only add noise
    if (word.length < TYPO_FROM || known.has(word)) continue;
    const close = terms.filter((term) => term !== word && editDistance(word, term, 1) === 1);
    if (close.length > 0) result.set(word, close.slice(0, MAX_TYPO_TERMS));
  }
  return result;
}

/**
 * The tsquery texts for a query. Words are [a-z0-9] after folding, so they cannot carry
 * tsquery syntax. Each word matches itself, its typo candidates, and, when long enough or
 * still being typed, anything it begins.
 */
export function tsQueries(
  query: QueryWords,
  typos: Map<string, string[]>,
  joiner: '&' | '|',
  options: { body: boolean },
) {
  const { words, lastIsPrefix } = query;
  const term = (word: string, prefix: boolean) => {
    const forms = [word, ...(typos.get(word) ?? [])].map((form) => (prefix ? `${form}:*` : form));
    return forms.length === 1 ? (forms[0] as string) : `(${forms.join(' | ')})`;
  };
  const match = words.map((word, i) =>
    term(word, word.length >= PREFIX_FROM || (i === words.length - 1 && lastIsPrefix)),
  );
  // Descriptions are searched for whole words: a few letters match half of every text.
  const inBody = options.body && joiner === '&' && words.every((word) => word.length >= BODY_FROM);
  return {
    match: match.join(` ${joiner} `),
    exact: words.join(` ${joiner} `),
    bodyMatch: inBody ? words.map((word) => term(word, word.length >= TYPO_FROM)).join(' & ') : null,
  };
}
