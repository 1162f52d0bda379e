/**
 * Folding: the one spelling that documents and queries are both reduced to, so Mongolian
 * Cyrillic and the many ways of typing it in Latin letters meet.
 *
 * 1. Lower case; accents dropped (ö → o, and й → и, ё → е by decomposition; "yo", how ё is
 *    typed in Latin, becomes e too).
 * 2. Cyrillic to Latin, one letter at a time (ц → ts, ч → ch, ш → sh, х → h, ж → j, ь → i).
 * 3. The same Latin rewriting for both sides: kh and x → h; ts and tc → c; ch → q; sh → w;
 *    zh → j; y → i (ы, й, я = ia, ю = iu); ie → e (е typed as "e" or "ye").
 * 4. The vowels о, ө, у, ү (o, u, ö, ü) become one letter, since ө is typed as o or u and ү as
 *    u; doubled letters become one (цагаан = tsagaan = tsagan).
 *
 * The result is words of [a-z0-9] separated by single spaces. It is coarse on purpose: the
 * ranking still prefers whole-word and title matches, and popularity breaks ties.
 */

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'j',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  ө: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ү: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: 'i',
  ы: 'y',
  ь: 'i',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // letters of neighbouring alphabets that turn up in names
  ә: 'a',
  і: 'i',
  ї: 'i',
  қ: 'k',
  ң: 'n',
  ғ: 'g',
  ұ: 'u',
  һ: 'h',
};

const LATIN_RULES: [RegExp, string][] = [
  [/kh|x/g, 'h'],
  [/tch|tsh/g, 'q'],
  [/ts|tc/g, 'c'],
  [/ch/g, 'q'],
  [/sh/g, 'w'],
  [/zh/g, 'j'],
  [/dz/g, 'z'],
  // ё is typed "yo" (хоёр = khoyor, Хён = Khyon) and folds to e, like е
  [/yo/g, 'e'],
  [/y/g, 'i'],
  [/ie/g, 'e'],
  [/[ou]/g, 'u'],
  [/([a-z])\1+/g, '$1'],
];

const MARKS = /\p{M}/gu;
const NOT_WORD = /[^a-z0-9]+/g;

/** Folds a text (title, name, query) to its search spelling: words of [a-z0-9], one space apart. */
export function fold(text: string): string {
  let out = '';
  for (const char of text.toLowerCase().normalize('NFD').replace(MARKS, '')) {
    out += CYRILLIC[char] ?? char;
  }
  for (const [pattern, replacement] of LATIN_RULES) out = out.replace(pattern, replacement);
  return out.replace(NOT_WORD, ' ').trim();
}

/** The folded words of a text, in order, duplicates kept. */
export function foldWords(text: string): string[] {
  const folded = fold(text);
  return folded ? folded.split(' ') : [];
}

/** The term itself and every string one deletion away (the symmetric-delete neighbourhood). */
export function deletionVariants(term: string): string[] {
  const variants = new Set([term]);
  for (let i = 0; i < term.length; i++) variants.add(term.slice(0, i) + term.slice(i + 1));
  return [...variants];
}

/** Damerau–Levenshtein distance (optimal string alignment); anything above `max` is `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Int32Array(width); // row i - 2
  let previous = Int32Array.from({ length: width }, (_, j) => j); // row i - 1
  for (let i = 1; i <= a.length; i++) {
    const current = new Int32Array(width);
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}
