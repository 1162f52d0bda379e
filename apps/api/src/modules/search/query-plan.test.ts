import { describe, expect, it } from 'vitest';
import { indexedPrefixes, queryWords, tsQueries } from './query-plan';

describe('indexed prefixes', () => {
  it('stores each strict prefix of a word as its own marked lexeme, from the given length', () => {
    expect(indexedPrefixes('cagan', 1)).toEqual(['c*', 'ca*', 'cag*', 'caga*']);
    expect(indexedPrefixes('cagan', 3)).toEqual(['cag*', 'caga*']);
    expect(indexedPrefixes('sar', 3)).toEqual([]);
  });

  it('stops at ten letters', () => {
    const prefixes = indexedPrefixes('abcdefghijklmn', 1);
    expect(prefixes).toHaveLength(10);
    expect(prefixes.at(-1)).toBe('abcdefghij*');
  });
});

describe('tsQueries', () => {
  it('matches a word or (as a prefix) the lexeme of the words it begins, and ranks with :*', () => {
    const q = tsQueries(queryWords('tsagaan sa'), new Map(), '&', { body: true });
    expect(q.match).toBe("('cagan' | 'cagan*') & ('sa' | 'sa*')");
    expect(q.rank).toBe("'cagan':* & 'sa':*");
    expect(q.exact).toBe("'cagan' & 'sa'");
    // descriptions only for words of three letters or more
    expect(q.bodyMatch).toBeNull();
  });

  it('looks for a long word prefix at the indexed length, and adds typo candidates as alternatives', () => {
    const q = tsQueries(queryWords('хөвсгөлийнхөн'), new Map([['huvsgulinhun', ['huvsgulinhon']]]), '&', {
      body: true,
    });
    expect(q.match).toBe("('huvsgulinhun' | 'huvsgulinh*' | 'huvsgulinhon')");
    expect(q.bodyMatch).toBe(q.match);
  });

  it('leaves short whole words exact and joins with | for the any-word fallback', () => {
    const q = tsQueries({ ...queryWords('ba enh'), lastIsPrefix: false }, new Map(), '|', { body: true });
    expect(q.match).toBe("'ba' | ('enh' | 'enh*')");
    expect(q.bodyMatch).toBeNull();
  });
});
