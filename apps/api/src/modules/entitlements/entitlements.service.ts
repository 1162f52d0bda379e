import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import type { CommerceService } from '../commerce/commerce.service';
import {
  entitlementsRepository,
  type GrantRow,
  type NewGrant,
  type NewPass,
  type PassRow,
} from './entitlements.repository';

export type { GrantRow, NewGrant, NewPass, PassRow };
export type PassScope = PassRow['scope'];

/** the pass scope that opens a format */
export const SCOPE_OF_FORMAT: Readonly<Record<GrantRow['format'], PassScope>> = {
  audiobook: 'audio',
  ebook: 'ebook',
  summary: 'summary',
};

/**
 * Until when passes cover a scope without a gap, from `now` (a paid next period continues the
 * current one); null when none covers it now.
 */
export function coveredUntil(passes: PassRow[], scope: PassScope, now: Date): Date | null {
  let cursor = now.getTime();
  let covered = false;
  const ofScope = passes.filter((p) => p.scope === scope).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const pass of ofScope) {
    if (pass.startsAt.getTime() > cursor) break;
    if (pass.endsAt.getTime() > cursor) {
      cursor = pass.endsAt.getTime();
      covered = true;
    }
  }
  return covered ? new Date(cursor) : null;
}
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

/** how many members one access query asks about */
const MEMBERS_PER_QUERY = 5_000;

/** rows by their member */
function byMember<T extends { userId: number }>(rows: T[]): Map<number, T[]> {
  const of = new Map<number, T[]>();
  for (const row of rows) {
    const list = of.get(row.userId);
    if (list) list.push(row);
    else of.set(row.userId, [row]);
  }
  return of;
}

/**
 * The access a member's grants of one format and their pass (until when it covers the format,
 * if the title is offered under it) give: a grant for good wins, then whichever lasts longer.
 */
function decide(grants: GrantRow[], format: GrantFormat, byPass: Date | undefined): Access {
  const best = strongest(grants.filter((g) => g.format === format));
  if (best && best.endsAt === null) return { allowed: true, reason: best.reason, until: null };
  if (byPass && (!best || byPass > best.endsAt!)) return { allowed: true, reason: 'subscription', until: byPass };
  return best
    ? { allowed: true, reason: best.reason, until: best.endsAt }
    : { allowed: false, reason: null, until: null };
}

/**
 * Who may listen to or read what, and why: the one place access is decided (ARCHITECTURE.md
 * section 5). Purchases, bundles, credit unlocks (and later rentals, subscriptions, gifts and
 * promos) grant; a refund revokes what its invoice granted. Media keys and manifests ask
 * `canAccess`; nothing else decides.
 */
export function entitlementsService(context: Kernel, deps: { commerce: CommerceService }) {
  const repository = boundRepository(entitlementsRepository);
  const now = () => context.clock.now();

  /**
   * What the member's passes open of these items, by item and format, until when: a pass's scope
   * opens a format of an item whose current offer lists that scope. Nothing is asked of
   * commerce when the member holds no pass (most members).
   */
  async function passAccess(
    ctx: Ctx,
    userId: number,
    itemType: GrantItemType,
    itemIds: number[],
  ): Promise<Map<number, Map<GrantFormat, Date>>> {
    const opened = new Map<number, Map<GrantFormat, Date>>();
    if (itemIds.length === 0) return opened;
    const passes = await repository(ctx).passesAhead(userId, now());
    if (passes.length === 0) return opened;
    const until = new Map<PassScope, Date | null>(
      (['audio', 'ebook', 'summary'] as const).map((scope) => [scope, coveredUntil(passes, scope, now())]),
    );
    if (![...until.values()].some(Boolean)) return opened;
    const offers = await deps.commerce.offersFor(ctx, itemType, itemIds);
    for (const [itemId, itemOffers] of offers) {
      for (const offer of itemOffers) {
        if (offer.format === 'bundle') continue;
        const scope = SCOPE_OF_FORMAT[offer.format];
        const end = until.get(scope);
        if (!end || !offer.subscription_scopes.includes(scope)) continue;
        const formats = opened.get(itemId) ?? new Map<GrantFormat, Date>();
        formats.set(offer.format, end);
        opened.set(itemId, formats);
      }
    }
    return opened;
  }

  return {
    async canAccess(ctx: Ctx, userId: number, item: { type: GrantItemType; id: number }, format: GrantFormat) {
      const grants = await repository(ctx).inForce(userId, item.type, [item.id], now());
      const lifetime = grants.some((g) => g.format === format && g.endsAt === null);
      const byPass = lifetime
        ? undefined
        : (await passAccess(ctx, userId, item.type, [item.id])).get(item.id)?.get(format);
      return decide(grants, format, byPass);
    },

    /**
     * Of these members, those whose access to the item in this format is their subscription's
     * (`canAccess` would answer `reason: 'subscription'`): three queries for up to 5 000 of them.
     */
    async accessBySubscription(
      ctx: Ctx,
      userIds: number[],
      item: { type: GrantItemType; id: number },
      format: GrantFormat,
    ): Promise<number[]> {
      const members = [...new Set(userIds)];
      if (members.length === 0) return [];
      const scope = SCOPE_OF_FORMAT[format];
      const offered = ((await deps.commerce.offersFor(ctx, item.type, [item.id])).get(item.id) ?? []).some(
        (offer) => offer.format === format && offer.subscription_scopes.includes(scope),
      );
      if (!offered) return [];
      const at = now();
      const covered: number[] = [];
      // a few thousand members a query (PostgreSQL takes at most 65 535 parameters)
      for (let from = 0; from < members.length; from += MEMBERS_PER_QUERY) {
        const chunk = members.slice(from, from + MEMBERS_PER_QUERY);
        const [grants, passes] = await Promise.all([
          repository(ctx).inForce(chunk, item.type, item.id, at),
          repository(ctx).passesAhead(chunk, at),
        ]);
        const grantsOf = byMember(grants);
        const passesOf = byMember(passes);
        for (const userId of chunk) {
          const byPass = coveredUntil(passesOf.get(userId) ?? [], scope, at) ?? undefined;
          const access = decide(grantsOf.get(userId) ?? [], format, byPass);
          if (access.allowed && access.reason === 'subscription') covered.push(userId);
        }
      }
      return covered;
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
      for (const [itemId, formats] of await passAccess(ctx, userId, itemType, itemIds)) {
        const mine = held.get(itemId) ?? new Map<GrantFormat, { reason: GrantReason; until: Date | null }>();
        for (const [format, until] of formats) {
          const current = mine.get(format);
          if (!current || (current.until !== null && current.until < until)) {
            mine.set(format, { reason: 'subscription', until });
          }
        }
        held.set(itemId, mine);
      }
      return held;
    },

    /** grants what a cause gives, in the caller's unit of work; giving it again changes nothing */
    grant: (ctx: Ctx, grants: NewGrant[]) =>
      transaction(ctx, (tx) => repository(tx).grant(grants.map((g) => ({ ...g, startsAt: g.startsAt ?? now() })))),

    /** takes back everything a cause granted (a refund) */
    revokeSource: (ctx: Ctx, source: string) => repository(ctx).revokeSource(source, now()),

    /**
     * rentals (not revoked) ending after `after` (its end, then its grant id) and at or before
     * `to`, in that order: a job reads them a page at a time from where it stopped
     */
    rentalsEndingAfter: (ctx: Ctx, after: { at: Date; id: number }, to: Date, limit: number) =>
      repository(ctx).rentalsEndingAfter(after, to, limit),

    /** gives a pass (a subscription's period), in the caller's unit of work; again: nothing */
    grantPass: (ctx: Ctx, pass: NewPass) => repository(ctx).grantPass(pass),

    /** ends a cause's pass at once (the period an upgrade replaces) */
    endPass: (ctx: Ctx, userId: number, source: string) => repository(ctx).endPass(userId, source, now()),

    /** revokes the passes of every cause whose source starts with `prefix` */
    revokePasses: (ctx: Ctx, userId: number, prefix: string) => repository(ctx).revokePasses(userId, prefix, now()),

    /** until when the member's passes open each scope without a gap (null: not now) */
    async passes(ctx: Ctx, userId: number): Promise<Record<PassScope, Date | null>> {
      const passes = await repository(ctx).passesAhead(userId, now());
      return {
        audio: coveredUntil(passes, 'audio', now()),
        ebook: coveredUntil(passes, 'ebook', now()),
        summary: coveredUntil(passes, 'summary', now()),
      };
    },

    /** the member's passes in force or ahead (not revoked), soonest first: what the member can see */
    passList: async (ctx: Ctx, userId: number): Promise<PassRow[]> =>
      (await repository(ctx).passesAhead(userId, now())).sort(
        (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id,
      ),

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
