import { z } from 'zod';

/** How the reader shows a book: kept per device (localStorage). */
export const readerPrefs = z.object({
  fontSize: z.number().int().min(70).max(250),
  font: z.enum(['book', 'serif', 'sans']),
  theme: z.enum(['light', 'sepia', 'dark']),
  flow: z.enum(['paginated', 'scrolled']),
});
export type ReaderPrefs = z.infer<typeof readerPrefs>;

export const DEFAULT_PREFS: ReaderPrefs = { fontSize: 100, font: 'book', theme: 'light', flow: 'paginated' };
export const FONT_SIZES = [80, 90, 100, 110, 120, 135, 150, 175, 200] as const;
const PREFS_KEY = 'nomsan:reader:prefs';

/** the next size up (+1) or down (-1) from `current` */
export function stepFontSize(current: number, step: 1 | -1): number {
  const sizes: readonly number[] = FONT_SIZES;
  const at = sizes.findIndex((size) => size >= current);
  const index = at === -1 ? sizes.length - 1 : at;
  return sizes[Math.min(sizes.length - 1, Math.max(0, index + step))] as number;
}

/**
 * Colours of the page. Text on its background is above 7:1 in each (WCAG AAA for body text),
 * links above 4.5:1.
 */
export const THEMES = {
  light: { background: '#ffffff', text: '#1f2328', link: '#0747cc', chrome: '#f6f8fb', line: '#e5e7eb' },
  sepia: { background: '#f4ecd8', text: '#3b2f1e', link: '#6b3f0a', chrome: '#ebe0c6', line: '#d9caa7' },
  dark: { background: '#16181b', text: '#e4e4e4', link: '#9cc2ff', chrome: '#202327', line: '#34383e' },
} as const;

/**
 * Typefaces the device has that carry Mongolian Cyrillic (Ө, Ү): system stacks, nothing
 * downloaded. `book` keeps the publisher's.
 */
export const FONT_STACKS = {
  serif: '"Noto Serif", "PT Serif", "DejaVu Serif", Georgia, "Times New Roman", serif',
  sans: '"Noto Sans", "PT Sans", "DejaVu Sans", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
} as const;

export function loadPrefs(storage: Pick<Storage, 'getItem'> | undefined): ReaderPrefs {
  try {
    const stored = storage?.getItem(PREFS_KEY);
    const parsed = stored ? readerPrefs.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : DEFAULT_PREFS;
  } catch {
    return DEFAULT_PREFS;
  }
}

export function savePrefs(storage: Pick<Storage, 'setItem'>, prefs: ReaderPrefs): void {
  try {
    storage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // private mode or a full quota: the choice lasts for this page only
  }
}

/**
 * The style sheet laid over every chapter: the theme's colours, the size and the typeface.
 * Footnotes stay out of the flow; the reader shows one when its reference is followed.
 */
export function bookStyles(prefs: ReaderPrefs): string {
  const theme = THEMES[prefs.theme];
  const family = prefs.font === 'book' ? null : FONT_STACKS[prefs.font];
  return `@namespace epub "http://www.idpf.org/2007/ops";
html {
  /* foliate-js paints the margins around the page with it */
  --theme-bg-color: ${theme.background};
  color-scheme: ${prefs.theme === 'dark' ? 'dark' : 'light'};
  font-size: ${prefs.fontSize}% !important;
}
html, body {
  background-color: ${theme.background} !important;
  color: ${theme.text} !important;
}
${family ? `body, body :not(code, pre, kbd, samp, svg, svg *) {\n  font-family: ${family} !important;\n}` : ''}
a:any-link {
  color: ${theme.link} !important;
}
aside[epub|type~="footnote"], aside[role~="doc-footnote"] {
  display: none;
}
img, svg, video {
  max-width: 100%;
}
`;
}
