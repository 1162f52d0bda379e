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
/** Indexed prefixes stop at this length; a longer query word is matched on its first letters. */
const MAX_PREFIX = 10;
/** Marks an indexed prefix, so 'nuc*' (a word beginning with nuc) never passes for the word 'nuc'. */
const PREFIX_MARK = '*';

/**
 * The prefixes of a word that the index stores as lexemes of their own: from `from` letters up
 * to one short of the word (the word itself is indexed as is), at most MAX_PREFIX letters.
 * A prefix is then found by an exact index lookup, which PostgreSQL's GIN can intersect with
 * the other words' lists cheaply, where a `:*` partial match must first collect every
 * document of every word that begins so.
 */
export function indexedPrefixes(word: string, from: number): string[] {
  const prefixes: string[] = [];
  for (let length = from; length < word.length && length <= MAX_PREFIX; length++) {
    prefixes.push(word.slice(0, length) + PREFIX_MARK);
  }
  return prefixes;
}

/** The lexeme that finds the words a query word begins (the word itself excluded). */
const prefixLexeme = (word: string) => word.slice(0, MAX_PREFIX) + PREFIX_MARK;

/** Titles and names get prefixes from the first letter (search-as-you-type; computed in SQL by
 * `search_terms`, migration 0008, which search-terms.test.ts holds to this)... */
export const HEAD_PREFIX_FROM = 1;
/** ...descriptions only from TYPO_FROM letters, the only prefixes a query looks for there. */
export const BODY_PREFIX_FROM = TYPO_FROM;

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
 * The tsquery texts for a query (tsquery syntax, taken as is: no dictionary). Words are
 * [a-z0-9] after folding, so they cannot carry tsquery syntax of their own. Each word matches
 * itself, its typo candidates, and, when long enough or still being typed, anything it begins
 * (through the indexed prefix lexemes).
 */
export function tsQueries(
  query: QueryWords,
  typos: Map<string, string[]>,
  joiner: '&' | '|',
  options: { body: boolean },
) {
  const { words, lastIsPrefix } = query;
  const prefixAt = (word: string, i: number) => word.length >= PREFIX_FROM || (i === words.length - 1 && lastIsPrefix);
  const alternatives = (forms: string[]) => (forms.length === 1 ? (forms[0] as string) : `(${forms.join(' | ')})`);
  const formsOf = (word: string) => [word, ...(typos.get(word) ?? [])];
  // against `terms`: the word, or (as a prefix) the lexeme that stands for its longer words
  const term = (word: string, prefix: boolean) =>
    alternatives([
      ...new Set(formsOf(word).flatMap((form) => (prefix ? [`'${form}'`, `'${prefixLexeme(form)}'`] : [`'${form}'`]))),
    ]);
  const match = words.map((word, i) => term(word, prefixAt(word, i)));
  // the same in PostgreSQL's prefix syntax, which ts_rank understands on the head
  const rank = words.map((word, i) =>
    alternatives(formsOf(word).map((form) => (prefixAt(word, i) ? `'${form}':*` : `'${form}'`))),
  );
  // Descriptions are searched for whole words: a few letters match half of every text.
  const inBody = options.body && joiner === '&' && words.every((word) => word.length >= BODY_FROM);
  return {
    match: match.join(` ${joiner} `),
    rank: rank.join(` ${joiner} `),
    exact: words.map((word) => `'${word}'`).join(` ${joiner} `),
    bodyMatch: inBody ? words.map((word) => term(word, word.length >= BODY_PREFIX_FROM)).join(' & ') : null,
  };
}
