import { z } from 'zod';
import { notFound, parseInput } from '../../errors';
import { tag } from '../../lib/cache-tags';
import type { Kernel } from '../../kernel/module';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { catalogEditsRepository } from './catalog-edits.repository';

const bookPatch = z
  .object({
    title: z.string().trim().min(1).max(300),
    subtitle: z.string().trim().max(300).nullable(),
    description: z.string().max(20_000),
    shortDescription: z.string().max(500),
  })
  .partial()
  .strict();

export type BookPatch = z.input<typeof bookPatch>;

/**
 * The catalogue's writes (the back office's and scripts'). Each runs in the caller's unit of
 * work and, once that commits, drops what it changed from every process's caches and pages.
 */
export function catalogEdits(kernel: Kernel) {
  const repository = boundRepository(catalogEditsRepository);
  return {
    async updateBook(ctx: Ctx, id: number, patch: BookPatch): Promise<void> {
      const changes = parseInput(bookPatch, patch);
      if (Object.keys(changes).length === 0) return;
      const book = await repository(ctx).updateBook(id, changes);
      if (!book) throw notFound();
      kernel.invalidate(ctx, [tag.book(id)]);
    },

    /**
     * Counts a member's like of a book (+1) or takes it back (-1), in the caller's unit of work
     * (the library keeps who liked what); answers the book's likes count after it.
     */
    async addBookLikes(ctx: Ctx, id: number, delta: 1 | -1): Promise<number> {
      const count = await repository(ctx).addLikes(id, delta);
      if (count === null) throw notFound();
      kernel.invalidate(ctx, [tag.book(id)]);
      return count;
    },
  };
}

export type CatalogEdits = ReturnType<typeof catalogEdits>;
