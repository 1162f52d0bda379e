import type { FastifyPluginAsync } from 'fastify';
import { checkoutEndpoints as endpoints } from '@nomsan/contracts/money.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { subscribeEndpoints, unitelEndpoints } from '@nomsan/contracts/subscriptions.endpoints';
import { codesEndpoints } from '@nomsan/contracts/codes.endpoints';
import { AppError } from '../../errors';
import { route } from '../../lib/endpoint-route';
import { pageOf } from '../../lib/paginate';
import type { RouteContext } from '../../kernel/module';
import type { Ctx } from '../../kernel/unit-of-work';
import { requireUser } from '../identity/identity.service';
import type { GrantReason, GrantRow } from '../entitlements/entitlements.service';
import { unitelConsentsOf } from '../billing/billing.service';

const ownedItem = (grant: GrantRow) => ({
  item_type: grant.itemType,
  item_id: grant.itemId,
  format: grant.format,
  reason: grant.reason,
  until: grant.endsAt?.toISOString() ?? null,
  granted_at: grant.createdAt.toISOString(),
});

/** the code a pass's source names (`code:<id>`, what a redeemed code gives), else null */
const codeIdOf = (source: string): number | null => {
  const match = /^code:(\d+)$/.exec(source);
  return match ? Number(match[1]) : null;
};

/** Buying, credits and what the member holds (spec section 7, verbatim paths). */
export const checkoutRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { services } = context;
  const { checkout, credits, entitlements, commerce, catalog } = services;

  route(app, subscribeEndpoints.golomt, async (request) => ({
    data: await checkout.subscribe(request.ctx, requireUser(request).userId, request.headers['idempotency-key'], {
      rail: 'golomt',
      planId: request.body.plan_id,
      cardId: request.body.card_id,
      offerId: request.body.offer_id,
      code: request.body.code,
    }),
  }));
  route(app, subscribeEndpoints.hipay, async (request) => ({
    data: await checkout.subscribe(request.ctx, requireUser(request).userId, request.headers['idempotency-key'], {
      rail: 'hipay',
      planId: request.body.plan_id,
      offerId: request.body.offer_id,
      code: request.body.code,
    }),
  }));
  route(app, subscribeEndpoints.period, async (request) => ({
    data: await checkout.subscribe(request.ctx, requireUser(request).userId, request.headers['idempotency-key'], {
      rail: request.body.rail,
      planId: request.body.plan_id,
      offerId: request.body.offer_id,
      code: request.body.code,
    }),
  }));

  // Unitel: the consent the member's token carries is kept for the renewals, then charged at once
  const unitelConsents = unitelConsentsOf(context);
  route(app, unitelEndpoints.subscribe, async (request) => {
    const { userId } = requireUser(request);
    const { plan_id: planId, phone, token } = request.body;
    const consent = unitelConsents.open(userId, phone, token);
    const saved = await services.billing.saveCarrierConsent(request.ctx, userId, {
      rail: 'unitel',
      token: consent.consentToken,
      maskedNumber: consent.maskedNumber,
      brand: 'Unitel',
    });
    const result = await checkout.subscribe(request.ctx, userId, request.headers['idempotency-key'], {
      rail: 'unitel',
      planId,
      cardId: saved.publicId,
      phone,
    });
    if (result.payment?.status === 'failed') {
      const { payment } = await services.billing.payment(request.ctx, userId, result.payment.id);
      const short = payment.failureCode === 'insufficient_funds';
      throw new AppError('BUSINESS_RULE', short ? mn.unitel.insufficientBalance : mn.unitel.refused);
    }
    return { data: result };
  });

  route(app, endpoints.purchaseBook, async (request) => ({
    data: await checkout.purchaseBook(
      request.ctx,
      requireUser(request).userId,
      request.headers['idempotency-key'],
      request.params.id,
      request.body,
    ),
  }));
  route(app, endpoints.purchaseSummary, async (request) => ({
    data: await checkout.purchaseSummary(
      request.ctx,
      requireUser(request).userId,
      request.headers['idempotency-key'],
      request.params.id,
      request.body,
    ),
  }));
  route(app, endpoints.purchaseBundle, async (request) => ({
    data: await checkout.purchaseBundle(
      request.ctx,
      requireUser(request).userId,
      request.headers['idempotency-key'],
      request.params.id,
      request.body,
    ),
  }));
  route(app, endpoints.purchaseCreditPack, async (request) => ({
    data: await checkout.purchaseCreditPack(
      request.ctx,
      requireUser(request).userId,
      request.headers['idempotency-key'],
      request.body,
    ),
  }));

  route(app, endpoints.creditPacks, async (request) => ({
    data: (await commerce.creditPacks(request.ctx)).map((pack) => ({
      id: pack.id,
      name: pack.name,
      credits: pack.credits,
      bonus_credits: pack.bonusCredits,
      price_mnt: pack.priceMnt,
    })),
  }));

  route(app, endpoints.creditRentables, async (request) => {
    const { page, 'page[size]': perPage } = request.query;
    const { ids, total } = await commerce.creditUnlockable(request.ctx, page, perPage);
    const cards = await catalog.bookCardsByIds(request.ctx, ids);
    return {
      data: pageOf(cards, page, perPage, total),
    };
  });

  route(app, endpoints.creditSummary, async (request) => ({
    data: { balance: await credits.balance(request.ctx, requireUser(request).userId) },
  }));

  route(app, endpoints.creditTransactions, async (request) => {
    const { page, 'page[size]': perPage } = request.query;
    const { rows, total } = await credits.history(request.ctx, requireUser(request).userId, page, perPage);
    return {
      data: pageOf(
        rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          delta: row.delta,
          balance_after: row.balanceAfter,
          description: row.description,
          created_at: row.createdAt.toISOString(),
        })),
        page,
        perPage,
        total,
      ),
    };
  });

  const ownedPage = async (
    ctx: Ctx,
    userId: number,
    query: { page: number; 'page[size]': number },
    reasons?: GrantReason[],
  ) => {
    const { page, 'page[size]': perPage } = query;
    const { rows, total } = await entitlements.library(ctx, userId, { reasons }, page, perPage);
    return {
      data: pageOf(rows.map(ownedItem), page, perPage, total),
    };
  };
  route(app, endpoints.holdings, async (request) => ({
    data: await checkout.holdings(
      request.ctx,
      requireUser(request).userId,
      request.query.item_type,
      request.query.item_id,
    ),
  }));
  route(app, endpoints.creditUnlocks, (request) =>
    ownedPage(request.ctx, requireUser(request).userId, request.query, ['credit_unlock']),
  );
  route(app, endpoints.accountUnlocks, (request) =>
    ownedPage(request.ctx, requireUser(request).userId, request.query, ['credit_unlock']),
  );
  route(app, endpoints.ownedBooks, (request) => ownedPage(request.ctx, requireUser(request).userId, request.query));
  route(app, endpoints.rentals, (request) =>
    ownedPage(request.ctx, requireUser(request).userId, request.query, ['rental']),
  );

  route(app, subscribeEndpoints.passes, async (request) => {
    const passes = await entitlements.passList(request.ctx, requireUser(request).userId);
    const codeIds = passes.map((pass) => codeIdOf(pass.source)).filter((id) => id !== null);
    const codes = await commerce.codes.titles(request.ctx, codeIds);
    return {
      data: {
        passes: passes.map((pass) => {
          const codeId = codeIdOf(pass.source);
          const code = codeId === null ? undefined : codes.get(codeId);
          return {
            source: code?.kind ?? ('subscription' as const),
            title: code?.title ?? null,
            scope: pass.scope,
            starts_at: pass.startsAt.toISOString(),
            ends_at: pass.endsAt.toISOString(),
          };
        }),
      },
    };
  });

  route(app, codesEndpoints.redeem, async (request) => ({
    data: await checkout.redeem(request.ctx, requireUser(request).userId, request.body.code, request.ip),
  }));
  route(app, codesEndpoints.planDiscount, async (request) => ({
    data: await checkout.planDiscount(request.ctx, requireUser(request).userId, request.query.code, request.ip),
  }));
  route(app, codesEndpoints.campaigns, async (request) => ({ data: await checkout.campaigns(request.ctx) }));
  route(app, codesEndpoints.giftCards, async (request) => ({
    data: await checkout.giftCards(request.ctx, requireUser(request).userId),
  }));
  route(app, codesEndpoints.buyGift, async (request) => ({
    data: await checkout.purchaseGift(
      request.ctx,
      requireUser(request).userId,
      request.headers['idempotency-key'],
      request.body,
    ),
  }));

  route(app, endpoints.rentBook, async (request) => ({
    data: await checkout.rentBook(
      request.ctx,
      requireUser(request).userId,
      request.headers['idempotency-key'],
      request.params.id,
      request.body,
    ),
  }));
  route(app, endpoints.purchaseRental, async (request) => {
    const { book_id: bookId, ...rest } = request.body;
    return {
      data: await checkout.rentBook(
        request.ctx,
        requireUser(request).userId,
        request.headers['idempotency-key'],
        bookId,
        rest,
      ),
    };
  });
  const rentables = async (ctx: Ctx, query: { 'filter[group_id]'?: '1' | '4'; page: number; 'page[size]': number }) => {
    const { page, 'page[size]': perPage } = query;
    const group = query['filter[group_id]'];
    const format = group === '1' ? 'audiobook' : group === '4' ? 'ebook' : null;
    const { ids, total } = await commerce.rentable(ctx, format, page, perPage);
    return { data: pageOf(await catalog.bookCardsByIds(ctx, ids), page, perPage, total) };
  };
  route(app, endpoints.rentables, (request) => rentables(request.ctx, request.query));
  route(app, endpoints.webRentables, (request) => rentables(request.ctx, request.query));
};
