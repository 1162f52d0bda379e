import { describe, it, expect } from 'vitest';
import { SLUG_MAX_LENGTH, slugify, transliterate, uniqueSlug } from './slug';

describe('transliterate', () => {
  it('romanises every Mongolian Cyrillic letter the everyday way', () => {
    expect(transliterate('абвгдеёжзийклмнопрстуфхцчшщъыьэюя')).toBe('abvgdeyojziiklmnoprstufkhtschshshyieyuya');
    expect(transliterate('Есөн ердийн менежмент')).toBe('yesun yerdiin menejment');
  });

  it('maps the Mongolian-only vowels ө and ү to u', () => {
    expect(transliterate('Өвөр Үүр')).toBe('uvur uur');
  });

  it('keeps Latin letters and digits, lower-cased, and drops accents', () => {
    expect(transliterate('English B1 Café 2025')).toBe('english b1 cafe 2025');
  });

  it('does not split й and ё into a base letter and a mark', () => {
    expect(transliterate('Цэнгэлий Ёндон')).toBe('tsengelii yondon');
  });
});

describe('slugify', () => {
  it('turns a Mongolian title into a hyphenated Latin slug', () => {
    expect(slugify('Цагаан сар')).toBe('tsagaan-sar');
  });

  it('collapses punctuation and spaces into single hyphens and trims them', () => {
    expect(slugify('  Хөх тэнгэрийн дор: шинэ хэвлэл!  ')).toBe('khukh-tengeriin-dor-shine-khevlel');
  });

  it('removes the hard sign and keeps digits', () => {
    expect(slugify('Жамъян 100 шүлэг')).toBe('jamyan-100-shuleg');
  });

  it('falls back to "item" when nothing usable is left', () => {
    expect(slugify('')).toBe('item');
    expect(slugify('!!! — ???')).toBe('item');
    expect(slugify('ъъъ')).toBe('item');
  });

  it('cuts long slugs on a word boundary within the limit', () => {
    const title = Array.from({ length: 30 }, () => 'тэнгэр').join(' ');
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.split('-').every((word) => word === 'tenger')).toBe(true);
  });

  it('hard-cuts a single overlong word', () => {
    expect(slugify('а'.repeat(200))).toBe('a'.repeat(SLUG_MAX_LENGTH));
  });
});

describe('uniqueSlug', () => {
  it('returns the base when it is free and records it', () => {
    const taken = new Set<string>();
    expect(uniqueSlug('tsagaan-sar', taken)).toBe('tsagaan-sar');
    expect(taken.has('tsagaan-sar')).toBe(true);
  });

  it('numbers repeats from 2 upwards', () => {
    const taken = new Set<string>();
    const slugs = [1, 2, 3].map(() => uniqueSlug('tal', taken));
    expect(slugs).toEqual(['tal', 'tal-2', 'tal-3']);
  });

  it('skips suffixes that are already taken by other titles', () => {
    const taken = new Set(['tal', 'tal-2']);
    expect(uniqueSlug('tal', taken)).toBe('tal-3');
  });

  it('keeps suffixed slugs within the length limit', () => {
    const taken = new Set<string>();
    const base = slugify('б'.repeat(100));
    uniqueSlug(base, taken);
    const second = uniqueSlug(base, taken);
    expect(second.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(second.endsWith('-2')).toBe(true);
  });

  // (how fast is the bench's to show, through the seeding time it prints: no timing here)
  it('numbers one base repeated many times in order', () => {
    const taken = new Set<string>();
    const slugs = Array.from({ length: 20_000 }, () => uniqueSlug('ном', taken));
    expect(taken.size).toBe(20_000);
    expect(slugs.slice(0, 3)).toEqual(['ном', 'ном-2', 'ном-3']);
    expect(slugs.at(-1)).toBe('ном-20000');
  });
});
