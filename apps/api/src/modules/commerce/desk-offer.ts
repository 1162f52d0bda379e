import type { FastifyRequest } from 'fastify';
import type { DeskOffer } from '@nomsan/contracts/catalog-desk';
import type { ModuleServices } from '../../kernel/module';
import { transaction, type Ctx } from '../../kernel/unit-of-work';
import { actorOf, requireStaff } from '../staff/staff.service';

/**
 * An item's terms in one format saved (or, with `null`, its sale stopped) by a desk, with the
 * audit entry (`catalog.offer_save` / `_stop`, the terms before and after) in one transaction.
 * Titles, summaries and bundles are priced through this one path.
 */
export async function saveAuditedOffer(
  services: Pick<ModuleServices, 'commerce' | 'staff'>,
  request: FastifyRequest,
  item: { objectType: 'book' | 'summary' | 'bundle'; id: number; format: DeskOffer['format'] },
  terms: Omit<DeskOffer, 'format'> | null,
  /** a rule of the item checked first in the same transaction (a bundle on sale keeps its price) */
  guard?: (tx: Ctx) => Promise<void>,
): Promise<void> {
  const staff = requireStaff(request);
  const { objectType, id, format } = item;
  await transaction(request.ctx, async (tx) => {
    await guard?.(tx);
    const before = await services.commerce.saveOffer(tx, id, format, terms);
    await services.staff.audit.record(
      tx,
      actorOf(staff),
      terms ? 'catalog.offer_save' : 'catalog.offer_stop',
      objectType,
      id,
      { before, after: terms ? { format, ...terms } : null },
    );
  });
}
