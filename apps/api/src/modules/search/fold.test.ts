import { describe, expect, it } from 'vitest';
import { deletionVariants, editDistance, fold, foldWords } from './fold';

describe('fold', () => {
  it('brings Cyrillic and the usual Latin spellings to one form', () => {
    const target = fold('Цагаан сар');
    expect(target).toBe('cagan sar');
    for (const typed of ['tsagaan sar', 'tsagan sar', 'tcagaan sar', 'TSAGAAN  SAR', 'цагаан сар', 'cagaan sar']) {
      expect(fold(typed), typed).toBe(target);
    }
  });

  it('treats о/ө and у/ү as one letter, and е/ё, й/и alike', () => {
    expect(fold('Өндөр')).toBe(fold('ондор'));
    expect(fold('Өндөр')).toBe(fold('undur'));
    expect(fold('Өндөр')).toBe(fold('ondor'));
    expect(fold('Үүр')).toBe(fold('уур'));
    expect(fold('ёс')).toBe(fold('ес'));
    // ё is typed "yo" in Latin letters
    expect(fold('Хоёр')).toBe(fold('khoyor'));
    expect(fold('Соёл')).toBe(fold('soyol'));
    expect(fold('Хён')).toBe(fold('khyon'));
    expect(fold('Хийморь')).toBe(fold('hiimori'));
  });

  it('knows the everyday Latin letters for х, ч, ш, ж, з, ы, й', () => {
    expect(fold('Хаан')).toBe(fold('khaan'));
    expect(fold('Хаан')).toBe(fold('haan'));
    expect(fold('Хаан')).toBe(fold('xaan'));
    expect(fold('Чингис')).toBe(fold('chingis'));
    expect(fold('Чингис')).toBe(fold('Chinggis'));
    expect(fold('Шинэ')).toBe(fold('shine'));
    expect(fold('Жаргал')).toBe(fold('jargal'));
    expect(fold('Жаргал')).toBe(fold('zhargal'));
    expect(fold('Зун')).toBe(fold('zun'));
    expect(fold('Монголын')).toBe(fold('mongolyn'));
    expect(fold('Мэргэн')).toBe(fold('mergen'));
    expect(fold('Ерөнхий')).toBe(fold('yerunkhii'));
    expect(fold('Ерөнхий')).toBe(fold('erunhii'));
  });

  it('keeps only letters and digits, so punctuation and syntax are plain separators', () => {
    expect(fold(`"Хар" %_\\ ' or 1=1; -- (a|b)*`)).toBe('har ur 1 1 a b');
    expect(fold('  ')).toBe('');
    expect(foldWords('1984 он')).toEqual(['1984', 'un']);
  });
});

describe('typo helpers', () => {
  it('lists a term and its one-letter deletions', () => {
    expect(deletionVariants('sar').sort()).toEqual(['ar', 'sa', 'sar', 'sr']);
  });

  it('measures edits with transpositions as one', () => {
    expect(editDistance('qingis', 'qingis')).toBe(0);
    expect(editDistance('qingis', 'qinigs')).toBe(1);
    expect(editDistance('qingis', 'qingiss')).toBe(1);
    expect(editDistance('cagan', 'cugan')).toBe(1);
    expect(editDistance('cagan', 'cuhun', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
