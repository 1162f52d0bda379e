import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { entitlementsRepository, type GrantRow, type NewGrant } from './entitlements.repository';

export type { GrantRow, NewGrant };
export type GrantReason = GrantRow['reason'];
export type GrantItemType = GrantRow['itemType'];
export type GrantFormat = GrantRow['format'];

export type Access =
  | { allowed: true; reason: GrantReason; /** null: for good */ until: Date | null }
  | { allowed: false; reason: null; until: null };

/** a grant for good beats any that ends; of those that end, the latest */
function strongest(grants: GrantRow[]): GrantRow | undefined {
  return [...grants].sort((a, b) => {
    if (a.endsAt === null || b.endsAt === null) return a.endsAt === null ? (b.endsAt === null ? 0 : -1) : 1;
    return b.endsAt.getTime() - a.endsAt.getTime();
  })[0];
}

/**
 * Who may listen to or read what, and why: the one place access is decided (ARCHITECTURE.md
 * section 5). Purchases, bundles, credit unlocks (and later rentals, subscriptions, gifts and
 * promos) grant; a refund revokes what its invoice granted. Media keys and manifests ask
 * `canAccess`; nothing else decides.
 */
export function entitlementsService(context: Kernel) {
  const repository = boundRepository(entitlementsRepository);
  const now = () => context.clock.now();

  return {
    async canAccess(ctx: Ctx, userId: number, item: { type: GrantItemType; id: number }, format: GrantFormat) {
      const grants = await repository(ctx).inForce(userId, item.type, [item.id], now());
      const best = strongest(grants.filter((g) => g.format === format));
      return (
        best
          ? { allowed: true, reason: best.reason, until: best.endsAt }
          : { allowed: false, reason: null, until: null }
      ) satisfies Access;
    },

    /** the formats the member holds of each item, with the strongest grant's reason */
    async holdings(
      ctx: Ctx,
      userId: number,
      itemType: GrantItemType,
      itemIds: number[],
    ): Promise<Map<number, Map<GrantFormat, { reason: GrantReason; until: Date | null }>>> {
      const grants = await repository(ctx).inForce(userId, itemType, itemIds, now());
      const held = new Map<number, Map<GrantFormat, { reason: GrantReason; until: Date | null }>>();
      for (const itemId of new Set(grants.map((g) => g.itemId))) {
        const formats = new Map<GrantFormat, { reason: GrantReason; until: Date | null }>();
        for (const format of new Set(grants.filter((g) => g.itemId === itemId).map((g) => g.format))) {
          const best = strongest(grants.filter((g) => g.itemId === itemId && g.format === format))!;
          formats.set(format, { reason: best.reason, until: best.endsAt });
        }
        held.set(itemId, formats);
      }
      return held;
    },

    /** grants what a cause gives, in the caller's unit of work; giving it again changes nothing */
    grant: (ctx: Ctx, grants: NewGrant[]) =>
      transaction(ctx, (tx) => repository(tx).grant(grants.map((g) => ({ ...g, startsAt: g.startsAt ?? now() })))),

    /** takes back everything a cause granted (a refund) */
    revokeSource: (ctx: Ctx, source: string) => repository(ctx).revokeSource(source, now()),

    /** the member's grants in force, newest first */
    library: (
      ctx: Ctx,
      userId: number,
      filter: { itemType?: GrantItemType; reasons?: GrantReason[] },
      page: number,
      perPage: number,
    ) => repository(ctx).library(userId, filter, now(), page, perPage),
  };
}

export type EntitlementsService = ReturnType<typeof entitlementsService>;
