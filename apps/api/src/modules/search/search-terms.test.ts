import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import { fold } from './fold';
import { HEAD_PREFIX_FROM, indexedPrefixes } from './query-plan';

// The index on titles and names is computed in SQL (`search_terms`, migration 0008) while
// queries are planned in TypeScript: both must agree on which lexemes a text yields.
describe('search_terms', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ template: false });
  });
  afterAll(() => t.dispose());

  const inSql = async (title: string, names: string, meta: string) => {
    const rows = await t.handle.db.execute<{ lexemes: string[] }>(
      sql`select tsvector_to_array(search_terms(${title}, ${names}, ${meta})) as lexemes`,
    );
    return [...(rows.rows[0]?.lexemes ?? [])].sort();
  };
  const inTypeScript = (...texts: string[]) => {
    const words = texts.flatMap((text) => text.split(' ')).filter(Boolean);
    return [...new Set(words.flatMap((word) => [word, ...indexedPrefixes(word, HEAD_PREFIX_FROM)]))].sort();
  };

  it('holds every word and its prefixes, as query-plan.ts looks them up', async () => {
    const cases: [string, string, string][] = [
      [fold('Цагаан сар'), fold('Баярын Жаргалсайхан'), fold('Монголын түүх, Уран зохиол')],
      [fold('Хөвсгөлийн цамхаг 2'), '', ''],
      [fold('Тэвчээрийн арван хоёр зарчим'), fold('Лев Толстой'), fold('Сэтгэл зүй')],
      ['abcdefghijklmnop a bc', '', 'x'],
    ];
    for (const [title, names, meta] of cases) {
      expect(await inSql(title, names, meta)).toEqual(inTypeScript(title, names, meta));
    }
  });

  it('is empty for empty texts', async () => {
    expect(await inSql('', '', '')).toEqual([]);
  });
});
