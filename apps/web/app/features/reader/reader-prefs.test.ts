import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, bookStyles, loadPrefs, stepFontSize } from './reader-prefs';

describe("the reader's choices", () => {
  it('steps the text size through the offered sizes and stops at either end', () => {
    expect(stepFontSize(100, 1)).toBe(110);
    expect(stepFontSize(100, -1)).toBe(90);
    expect(stepFontSize(200, 1)).toBe(200);
    expect(stepFontSize(80, -1)).toBe(80);
    expect(stepFontSize(105, 1)).toBe(120);
  });

  it('reads what was kept, and falls back to the defaults on anything else', () => {
    const kept = { fontSize: 120, font: 'serif', theme: 'sepia', flow: 'scrolled' };
    expect(loadPrefs({ getItem: () => JSON.stringify(kept) })).toEqual(kept);
    for (const stored of [null, '{', '{"fontSize":5000}', '"x"']) {
      expect(loadPrefs({ getItem: () => stored })).toEqual(DEFAULT_PREFS);
    }
    expect(loadPrefs(undefined)).toEqual(DEFAULT_PREFS);
  });

  it("lays the theme, size and typeface over the book's own styles", () => {
    const dark = bookStyles({ fontSize: 135, font: 'serif', theme: 'dark', flow: 'paginated' });
    expect(dark).toContain('--theme-bg-color: #16181b');
    expect(dark).toContain('font-size: 135% !important');
    expect(dark).toContain('"Noto Serif", "PT Serif"');
    expect(dark).toContain('color-scheme: dark');
    const own = bookStyles(DEFAULT_PREFS);
    expect(own).not.toContain('font-family');
    expect(own).toContain('aside[epub|type~="footnote"]');
  });
});
