import { z } from 'zod';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { defineJob } from '../jobs/jobs.service';
import { catalogRepository, type CatalogDb } from './catalog.repository';
import { computeRelated, type RelatedDoc } from './related';

/** Recomputes every book's neighbours (after seeding, and after the catalogue changes). */
export const computeRelatedJob = defineJob('catalog.compute-related', z.object({}).strict(), {
  maxAttempts: 3,
  long: true,
});
const TOP_K = 12;
const BATCH = 5000;

/**
 * Precomputes each book's most similar books. Runs as a worker job after the catalogue changes
 * (and after the demo catalogue is seeded); the related endpoint reads the result.
 */
export function relatedBooksService() {
  const repository = boundRepository((db: CatalogDb) => catalogRepository(db));
  return {
    needsComputing: async (ctx: Ctx) => !(await repository(ctx).hasRelated()),

    async compute(ctx: Ctx): Promise<{ books: number; pairs: number; ms: number }> {
      const started = performance.now();
      const docs: RelatedDoc[] = [];
      for (let afterId = 0; ;) {
        const rows = await repository(ctx).relatedCorpus(afterId, BATCH);
        if (rows.length === 0) break;
        for (const row of rows) {
          docs.push({
            id: row.id,
            text: `${row.title} ${row.title} ${row.description}`,
            features: [
              ...row.categoryIds.map((id): [string, number] => [`c:${id}`, 2]),
              ...row.tagIds.map((id): [string, number] => [`t:${id}`, 1.5]),
              ...row.authorIds.map((id): [string, number] => [`a:${id}`, 3]),
              ...(row.seriesId ? [[`s:${row.seriesId}`, 3] as [string, number]] : []),
              [`k:${row.kind}`, row.kind === 'english_book' ? 3 : 0.5],
            ],
          });
        }
        afterId = rows[rows.length - 1]?.id ?? afterId;
      }
      // Terms shared by more than 2% of books (but at least 50) carry little and cost much.
      const related = await computeRelated(docs, {
        topK: TOP_K,
        maxDocFrequency: Math.max(50, Math.ceil(docs.length * 0.02)),
      });
      const rows = [...related].flatMap(([bookId, list]) =>
        list.map((r) => ({ bookId, relatedId: r.id, score: r.score })),
      );
      await repository(ctx).replaceRelated(rows);
      return { books: docs.length, pairs: rows.length, ms: Math.round(performance.now() - started) };
    },
  };
}
