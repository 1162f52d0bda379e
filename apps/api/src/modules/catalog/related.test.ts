import { describe, expect, it } from 'vitest';
import { computeRelated, terms, type RelatedDoc } from './related';

const doc = (id: number, text: string, features: [string, number][] = []): RelatedDoc => ({ id, text, features });

describe('content similarity', () => {
  it('stems Mongolian words and drops function words', () => {
    expect(terms('Монголын түүхийн тухай ном бол энэ')).toEqual(['w:монгол', 'w:түүхий']);
  });

  it('ranks books sharing rare content above books sharing only common words', async () => {
    const docs = [
      doc(1, 'Чингис хааны байлдан дагууллын түүх, эзэнт гүрний үүсэл', [['c:1', 2]]),
      doc(2, 'Эзэнт гүрний үүсэл ба Чингис хааны байлдан дагуулал', [['c:1', 2]]),
      doc(3, 'Сансар огторгуйн нууц, од эрхсийн аялал', [['c:2', 2]]),
      doc(4, 'Сансрын аялал ба од эрхсийн нууц', [['c:2', 2]]),
      doc(5, 'Хүүхдийн үлгэр, амьтдын тухай хөгжилтэй түүх', [['c:3', 2]]),
    ];
    const related = await computeRelated(docs, { topK: 2, maxDocFrequency: 4 });
    expect(related.get(1)?.[0]?.id).toBe(2);
    expect(related.get(3)?.[0]?.id).toBe(4);
    expect(related.get(1)?.some((r) => r.id === 1)).toBe(false);
    for (const list of related.values()) {
      for (let i = 1; i < list.length; i += 1) expect(list[i - 1]!.score).toBeGreaterThanOrEqual(list[i]!.score);
    }
  });

  it('weights shared authors and series', async () => {
    const docs = [
      doc(1, 'Тал нутгийн тууж', [['a:7', 3]]),
      doc(2, 'Хотын амьдралын өгүүллэг', [['a:7', 3]]),
      doc(3, 'Тал нутгийн шүлэг', [['a:8', 3]]),
      doc(4, 'Далайн адал явдал', [['a:9', 3]]),
    ];
    expect((await computeRelated(docs, { topK: 3, maxDocFrequency: 3 })).get(2)?.[0]?.id).toBe(1);
  });

  it('ignores terms that are in too many books', async () => {
    const docs = [doc(1, 'нийтлэг гарчиг'), doc(2, 'нийтлэг гарчиг'), doc(3, 'нийтлэг гарчиг')];
    expect((await computeRelated(docs, { topK: 5, maxDocFrequency: 2 })).get(1)).toEqual([]);
  });
});
