/**
 * URL slugs for catalogue entities. Mongolian Cyrillic is romanised the way people type it
 * in everyday Latin (ө and ү both become u, х becomes kh), because that is what users search
 * for and paste into URLs.
 */

// The alphabet reads best in rows, as it is printed.
// prettier-ignore
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'i',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', ө: 'u', п: 'p', р: 'r', с: 's', т: 't', у: 'u',
  ү: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sh', ъ: '', ы: 'y', ь: 'i', э: 'e',
  ю: 'yu', я: 'ya',
};

export const SLUG_MAX_LENGTH = 80;
const FALLBACK_SLUG = 'item';

/**
 * Romanises Mongolian Cyrillic and lower-cases everything else. 'е' is 'ye' at the start of a
 * word ('Есөн' -> 'yesun') and 'e' inside one ('Менежмент' -> 'menejment'), as people type it. Characters outside the table
 * are kept, except that accents are dropped from Latin letters ('é' -> 'e'). The table is
 * consulted before Unicode decomposition because NFKD would split 'й' and 'ё' into a base
 * letter and a combining mark.
 */
export function transliterate(text: string): string {
  let out = '';
  let previous = ' ';
  for (const char of text.toLowerCase()) {
    const wordStart = !/[\p{L}\p{N}]/u.test(previous);
    const mapped = char === 'е' && wordStart ? 'ye' : CYRILLIC_TO_LATIN[char];
    out += mapped ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    previous = char;
  }
  return out;
}

/** 'Цагаан сар' -> 'tsagaan-sar'; never empty, at most SLUG_MAX_LENGTH characters. */
export function slugify(text: string): string {
  const slug = transliterate(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncateSlug(slug, SLUG_MAX_LENGTH) || FALLBACK_SLUG;
}

/** Cuts on a word (hyphen) boundary when there is one, so a slug never ends mid-word. */
function truncateSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  if (slug[max] === '-') return slug.slice(0, max);
  const head = slug.slice(0, max);
  const lastHyphen = head.lastIndexOf('-');
  const cut = lastHyphen > 0 ? head.slice(0, lastHyphen) : head;
  return cut.replace(/-+$/, '');
}

/**
 * Next suffix worth trying per base, per set. Without it a catalogue where one title repeats
 * n times would probe 2 + 3 + ... + n candidates: quadratic for 100 000 generated titles.
 * It is only a hint: every candidate is still checked against the set.
 */
const nextSuffixHints = new WeakMap<Set<string>, Map<string, number>>();

/** Returns `base`, or `base-2`, `base-3` ... whichever is free, and records it in `taken`. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) {
    taken.add(base);
    return base;
  }
  let hints = nextSuffixHints.get(taken);
  if (!hints) {
    hints = new Map();
    nextSuffixHints.set(taken, hints);
  }
  let suffix = hints.get(base) ?? 2;
  let candidate = withSuffix(base, suffix);
  while (taken.has(candidate)) {
    suffix += 1;
    candidate = withSuffix(base, suffix);
  }
  hints.set(base, suffix + 1);
  taken.add(candidate);
  return candidate;
}

/** Keeps the suffixed slug within the length limit by shortening the base, not the number. */
function withSuffix(base: string, suffix: number): string {
  const tail = `-${suffix}`;
  const head = truncateSlug(base, SLUG_MAX_LENGTH - tail.length) || FALLBACK_SLUG;
  return head + tail;
}
