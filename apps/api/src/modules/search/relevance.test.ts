import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import type { SearchHit } from '@nomsan/contracts/search';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * The relevance set: how people really type titles and names into the box, over the demo
 * catalogue. Each query names what must be among the first three results. Precision at 3 over
 * the whole set must stay at 0.95 or better; the failures are printed to make tuning easy.
 */
type Kind = 'book' | 'summary' | 'episode';
type Expect =
  | { title: string; kind?: Kind }
  | { titleStarts: string }
  | { contributor: string }
  | { series: string }
  | { podcast: string };

const cases: [string, Expect][] = [
  // exact, as printed
  ['Дайн ба энх', { title: 'Дайн ба энх' }],
  ['Цагаан сар', { title: 'Цагаан сар' }],
  ['Хатны араас', { title: 'Хатны араас' }],
  ['Миний нутаг', { title: 'Миний нутаг' }],
  ['Бяцхан ботгоны аялал', { title: 'Бяцхан ботгоны аялал' }],
  ['Хөвсгөлийн цамхаг', { title: 'Хөвсгөлийн цамхаг' }],
  ['Зэрлэг зүүд', { title: 'Зэрлэг зүүд' }],
  ['Гэмт хэрэг ба шийтгэл', { title: 'Гэмт хэрэг ба шийтгэл' }],
  // partial, lower or upper case
  ['дайн ба', { title: 'Дайн ба энх' }],
  ['ЦАГААН САР', { title: 'Цагаан сар' }],
  ['хөвсгөл', { title: 'Хөвсгөлийн цамхаг' }],
  ['нууц захидал', { title: 'Нууц захидал' }],
  ['мандухай', { title: 'Мандухай хатны зуун жил' }],
  ['тэрэлж', { title: 'Тэрэлжийн үлгэр' }],
  ['занабазар', { titleStarts: 'Занабазар' }],
  ['хатны ар', { title: 'Хатны араас' }],
  // without ө and ү
  ['ховсгол', { title: 'Хөвсгөлийн цамхаг' }],
  ['огоодэй хааны нууц', { title: 'Өгөөдэй хааны нууц' }],
  ['зэрлэг зууд', { title: 'Зэрлэг зүүд' }],
  ['освор насны сэтгэл зуй', { title: 'Өсвөр насны сэтгэл зүй' }],
  ['тэнгисийн мартагдсан намар', { title: 'Тэнгисийн мартагдсан намар' }],
  ['бутээмжийн арван хоёр зарчим', { title: 'Бүтээмжийн арван хоёр зарчим' }],
  // Latin, the official way and the everyday ways
  ['tsagaan sar', { title: 'Цагаан сар' }],
  ['tsagan sar', { title: 'Цагаан сар' }],
  ['tcagaan sar', { title: 'Цагаан сар' }],
  ['cagaan sar', { title: 'Цагаан сар' }],
  ['tsagaan s', { title: 'Цагаан сар' }],
  ['dain ba enkh', { title: 'Дайн ба энх' }],
  ['dain ba enh', { title: 'Дайн ба энх' }],
  ['khatnii araas', { title: 'Хатны араас' }],
  ['hatny araas', { title: 'Хатны араас' }],
  ['khövsgöl', { title: 'Хөвсгөлийн цамхаг' }],
  ['khuvsgul', { title: 'Хөвсгөлийн цамхаг' }],
  ['hovsgol tsamhag', { title: 'Хөвсгөлийн цамхаг' }],
  ['ugudei khaanii nuuts', { title: 'Өгөөдэй хааны нууц' }],
  ['ogoodei haanii nuuts', { title: 'Өгөөдэй хааны нууц' }],
  ['zerleg zuud', { title: 'Зэрлэг зүүд' }],
  ['manduhai hatan', { title: 'Мандухай хатны зуун жил' }],
  ['shiidveriin shine erin', { title: 'Шийдвэрийн шинэ эрин' }],
  ['chinggis', { titleStarts: 'Чингис' }],
  ['chingis khaan', { titleStarts: 'Чингис хаан' }],
  ['terelj', { title: 'Тэрэлжийн үлгэр' }],
  ['kharkhorum', { titleStarts: 'Хархорум' }],
  ['zanabazar', { titleStarts: 'Занабазар' }],
  ['byatskhan botgo', { title: 'Бяцхан ботгоны аялал' }],
  ['miniy nutag', { title: 'Миний нутаг' }],
  ['nuruuny emchilgee', { title: 'Нурууны эмчилгээ' }],
  // ё typed as "yo"
  ['buteemjiin arvan khoyor zarchim', { title: 'Бүтээмжийн арван хоёр зарчим' }],
  ['fyodor dostoevskii', { contributor: 'Фёдор Достоевский' }],
  // English books
  ['the silent mountain', { title: 'The Silent Mountain' }],
  ['silent mountain', { title: 'The Silent Mountain' }],
  ['letters from toronto', { title: 'Letters from Toronto' }],
  ["sara's garden", { title: "Sara's Garden" }],
  ['emma empty promise', { title: 'Emma and the Empty Promise' }],
  // one typo in a word of five letters or more
  ['хөвсгөл цамхг', { title: 'Хөвсгөлийн цамхаг' }],
  ['мандухйа', { title: 'Мандухай хатны зуун жил' }],
  ['нууц захидол', { title: 'Нууц захидал' }],
  ['stratigiin setgel zui', { title: 'Стратегийн сэтгэл зүй' }],
  ['tsagaan sorot', { title: 'Цагаан соёот' }],
  ['zeleg zuud', { title: 'Зэрлэг зүүд' }],
  ['silnet mountain', { title: 'The Silent Mountain' }],
  ['tsagaansar', { title: 'Цагаан сар' }],
  // authors and narrators
  ['Лев Толстой', { contributor: 'Лев Толстой' }],
  ['lev tolstoi', { contributor: 'Лев Толстой' }],
  ['Хелга Бергер', { contributor: 'Хелга Бергер' }],
  ['helga berger', { contributor: 'Хелга Бергер' }],
  ['sodbileg', { contributor: 'О. Содбилэг' }],
  ['Түмэнгийн Ууганбаяр', { contributor: 'Түмэнгийн Ууганбаяр' }],
  ['uuganbayar', { contributor: 'Түмэнгийн Ууганбаяр' }],
  ['batzorig', { contributor: 'Эрдэнийн Батзориг' }],
  ['Дашдоржийн Хонгорзул', { contributor: 'Дашдоржийн Хонгорзул' }],
  // series
  ['мөсөн хаант улс', { series: 'Мөсөн хаант улс' }],
  ['amjiltiin tulhuur', { series: 'Амжилтын түлхүүр' }],
  // summaries
  ['Хуримтлалын сэтгэл зүй', { title: 'Хуримтлалын сэтгэл зүй', kind: 'summary' }],
  ['byasalgalyn huch', { title: 'Бясалгалын хүч', kind: 'summary' }],
  ['маркетингийн тухай', { title: 'Маркетингийн тухай арван хоёр сургамж', kind: 'summary' }],
  // podcast episodes and shows
  ['Хөгжилтэй мэлхий', { title: 'Хөгжилтэй мэлхий', kind: 'episode' }],
  ['hugjiltei melhii', { title: 'Хөгжилтэй мэлхий', kind: 'episode' }],
  ['алхалтын ач тус', { title: 'Алхалтын ач тус', kind: 'episode' }],
  ['hiimel oyuun uhaan', { title: 'Хиймэл оюун ухаан бидний ажлыг өөрчлөх үү?', kind: 'episode' }],
  ['кино үзэж хэл сурах', { title: 'Кино үзэж хэл сурах нь', kind: 'episode' }],
  ['ah duusiin margaan', { title: 'Ах дүүсийн маргаан', kind: 'episode' }],
  ['номын клуб', { podcast: 'Номын клуб' }],
];

let t: TestApp;
/** the keys (`kind:id`) of every item the expectation accepts */
async function accepted(expect: Expect): Promise<Set<string>> {
  const q = (text: string, value: string) =>
    t.db.db.execute<{ key: string }>(sql`${sql.raw(text)} ${value}`).then((r) => r.rows.map((row) => row.key));
  let keys: string[] = [];
  if ('title' in expect) {
    const kinds = expect.kind ? [expect.kind] : ['book', 'summary', 'episode'];
    if (kinds.includes('book'))
      keys.push(...(await q(`select 'book:' || id as key from catalog_book where title =`, expect.title)));
    if (kinds.includes('summary'))
      keys.push(...(await q(`select 'summary:' || id as key from catalog_summary where title =`, expect.title)));
    if (kinds.includes('episode'))
      keys.push(...(await q(`select 'episode:' || id as key from podcast_episode where title =`, expect.title)));
  } else if ('titleStarts' in expect) {
    keys = [
      ...(await q(`select 'book:' || id as key from catalog_book where title like`, `${expect.titleStarts}%`)),
      ...(await q(`select 'summary:' || id as key from catalog_summary where title like`, `${expect.titleStarts}%`)),
    ];
  } else if ('contributor' in expect) {
    keys = [
      ...(await q(
        `select 'book:' || bc.book_id as key from catalog_book_contributor bc join catalog_contributor c on c.id = bc.contributor_id where c.name =`,
        expect.contributor,
      )),
      ...(await q(
        `select 'summary:' || sc.summary_id as key from catalog_summary_contributor sc join catalog_contributor c on c.id = sc.contributor_id where c.name =`,
        expect.contributor,
      )),
    ];
  } else if ('series' in expect) {
    keys = await q(
      `select 'book:' || b.id as key from catalog_book b join catalog_series s on s.id = b.series_id where s.name =`,
      expect.series,
    );
  } else {
    keys = await q(
      `select 'episode:' || e.id as key from podcast_episode e join podcast_series s on s.id = e.series_id where s.name =`,
      expect.podcast,
    );
  }
  return new Set(keys);
}

const keyOf = (hit: SearchHit) => `${hit.type === 'english_book' ? 'book' : hit.type}:${hit.id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('search relevance', () => {
  it('has at least 60 queries, each with something to find', async () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    for (const [query, expectation] of cases) {
      expect((await accepted(expectation)).size, `${query}: the demo catalogue has no such item`).toBeGreaterThan(0);
    }
  });

  it('puts the expected item in the first three for 95% of the queries or more', async () => {
    const misses: string[] = [];
    for (const [query, expectation] of cases) {
      const response = await t.app.inject({ url: `/v5/discovery/search?q=${encodeURIComponent(query)}` });
      expect(response.statusCode, query).toBe(200);
      const hits = (response.json() as { data: { data: SearchHit[] } }).data.data.slice(0, 3);
      const want = await accepted(expectation);
      if (!hits.some((hit) => want.has(keyOf(hit)))) {
        misses.push(`${query} → ${hits.map((h) => `${h.type} ${h.title}`).join(' | ') || '(nothing)'}`);
      }
    }
    const precision = (cases.length - misses.length) / cases.length;
    console.log(`search precision@3: ${precision.toFixed(3)} over ${cases.length} queries`);
    if (misses.length > 0) console.log(`misses:\n  ${misses.join('\n  ')}`);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });
});
