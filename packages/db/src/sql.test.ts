import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { catalogReview, catalogReviewReply } from './schema/catalog';
import { qualified } from './sql';

describe('qualified', () => {
  it('keeps an outer column bound to its own table inside a correlated subquery', async () => {
    const handle = await openDatabase();
    try {
      const subquery = sql`(select count(*) from ${catalogReviewReply} where ${catalogReviewReply.reviewId} = ${qualified(catalogReview.id)})`;
      const query = handle.db.select({ n: subquery }).from(catalogReview).toSQL().sql;
      expect(query).toContain('"review_id" = "catalog_review"."id"');
    } finally {
      await handle.close();
    }
  });
});
