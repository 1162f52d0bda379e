import type { FastifyPluginAsync } from 'fastify';
import type { UpointRequest } from '@nomsan/contracts/money';
import { billingEndpoints as endpoints } from '@nomsan/contracts/money.endpoints';
import { route } from '../../lib/endpoint-route';
import { pageOf } from '../../lib/paginate';
import type { RouteContext } from '../../kernel/module';
import { transaction, type Ctx } from '../../kernel/unit-of-work';
import { requireUser } from '../identity/identity.service';
import { actorOf, requireStaff } from '../staff/staff.service';
import { invoiceView, paymentView, receiptView, refundView } from './billing.views';
import { subscriptionEndpoints as subscriptions } from '@nomsan/contracts/subscriptions.endpoints';
import { discounted } from './subscriptions.service';
import { planView, subscriptionView } from './subscriptions.views';
import { unitelRoutes } from './unitel.routes';

/** Invoices, payments, saved cards, and the rails' callbacks (spec section 7, verbatim paths). */
export const billingRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { services, publicBaseUrl } = context;
  const { billing } = services;
  unitelRoutes(app, context);

  route(app, subscriptions.plans, async (request) => ({
    data: (await billing.subscriptions.plans(request.ctx, request.query.scope)).map(planView),
  }));
  route(app, subscriptions.summaryPlans, async (request) => ({
    data: (await billing.subscriptions.plans(request.ctx, 'summary')).map(planView),
  }));
  route(app, subscriptions.salesOffer, async (request) => ({
    data: {
      options: (await billing.subscriptions.salesOffers(request.ctx)).map(({ offer, plan }) => {
        const weblink = `${publicBaseUrl}/subscription/${offer.kind === 'auto_renew' ? 'discount-auto-renew' : 'discount-one-time'}`;
        const expiresAt = offer.expiresAt.toISOString();
        return {
          id: offer.id,
          kind: offer.kind,
          title: offer.title,
          expires_at: expiresAt,
          weblink,
          product: {
            plan_id: plan.id,
            name: plan.name,
            scope: plan.scope,
            period_months: plan.periodMonths,
            price_mnt: plan.priceMnt,
            discounted_price_mnt: discounted(plan.priceMnt, offer.discountPercent),
            discount_percentage: offer.discountPercent,
            expires_at: expiresAt,
            weblink,
          },
        };
      }),
    },
  }));
  route(app, subscriptions.status, async (request) => {
    const {
      subscriptions: rows,
      plans,
      cards,
      access,
    } = await billing.subscriptions.status(request.ctx, requireUser(request).userId);
    const iso = (at: Date | null) => at?.toISOString() ?? null;
    return {
      data: {
        subscriptions: rows.map((row) =>
          subscriptionView(row, plans, row.cardId === null ? undefined : cards.get(row.cardId)),
        ),
        access: { audio: iso(access.audio), ebook: iso(access.ebook), summary: iso(access.summary) },
      },
    };
  });
  const oneView = async (ctx: Ctx, userId: number, id: string) => {
    const { row, plans, card } = await billing.subscriptions.one(ctx, userId, id);
    return subscriptionView(row, plans, card);
  };
  route(app, subscriptions.cancel, async (request) => {
    const userId = requireUser(request).userId;
    await billing.subscriptions.cancel(request.ctx, userId, request.params.id);
    return { data: await oneView(request.ctx, userId, request.params.id) };
  });
  route(app, subscriptions.resume, async (request) => {
    const userId = requireUser(request).userId;
    await billing.subscriptions.resume(request.ctx, userId, request.params.id);
    return { data: await oneView(request.ctx, userId, request.params.id) };
  });
  route(app, subscriptions.changePlan, async (request) => {
    const userId = requireUser(request).userId;
    const invoice = await billing.subscriptions.changePlan(
      request.ctx,
      userId,
      request.params.id,
      request.body.plan_id,
    );
    return {
      data: {
        subscription: await oneView(request.ctx, userId, request.params.id),
        invoice_id: invoice?.publicId ?? null,
      },
    };
  });
  route(app, subscriptions.renew, async (request) => {
    const userId = requireUser(request).userId;
    const invoice = await billing.subscriptions.payNext(request.ctx, userId, request.params.id);
    const { lines } = await billing.invoiceRecord(request.ctx, invoice.id);
    return { data: { invoice: invoiceView(invoice, lines), payment: null, subscription_id: request.params.id } };
  });

  route(app, endpoints.payInvoice, async (request) => {
    const userId = requireUser(request).userId;
    const invoice = await billing.ownInvoice(request.ctx, userId, request.body.invoice_id);
    const payment = await billing.startPayment(request.ctx, {
      userId,
      invoice,
      rail: request.body.rail,
      idempotencyKey: request.headers['idempotency-key'],
      saveCard: request.body.save_card,
      cardPublicId: request.body.card_id,
    });
    return { data: paymentView(payment, invoice.publicId) };
  });

  route(app, endpoints.invoice, async (request) => {
    const { invoice, lines, payments, receipt } = await billing.invoice(
      request.ctx,
      requireUser(request).userId,
      request.params.id,
    );
    return {
      data: {
        ...invoiceView(invoice, lines),
        payments: payments.map((p) => paymentView(p, invoice.publicId)),
        receipt: await receiptView(receipt),
      },
    };
  });

  route(app, endpoints.payment, async (request) => {
    const { payment, invoicePublicId } = await billing.payment(
      request.ctx,
      requireUser(request).userId,
      request.params.id,
    );
    return { data: paymentView(payment, invoicePublicId) };
  });

  route(app, endpoints.invoices, async (request) => {
    const { page, 'page[size]': perPage } = request.query;
    const { rows, lines, total } = await billing.invoices(request.ctx, requireUser(request).userId, page, perPage);
    return {
      data: pageOf(
        rows.map((row) => invoiceView(row, lines)),
        page,
        perPage,
        total,
      ),
    };
  });

  route(app, endpoints.saveCard, async (request) => {
    const { payment, invoicePublicId } = await billing.startCardSave(request.ctx, requireUser(request).userId);
    return { data: paymentView(payment, invoicePublicId) };
  });

  route(app, endpoints.cards, async (request) => ({
    data: (await billing.cards(request.ctx, requireUser(request).userId)).map((card) => ({
      id: card.publicId,
      rail: card.rail,
      masked_number: card.maskedNumber,
      brand: card.brand,
      expiry: card.expiry,
      created_at: card.createdAt.toISOString(),
    })),
  }));

  route(app, endpoints.removeCard, async (request) => {
    await billing.removeCard(request.ctx, requireUser(request).userId, request.params.id);
    return { data: { ok: true as const } };
  });

  // the refunds of the back office (finance): each request is in the audit log, in its transaction
  const refundViews = async (ctx: Ctx, filter: Parameters<typeof billing.refundRecords>[1]) =>
    (await billing.refundRecords(ctx, filter)).map(({ refund, invoicePublicId, payment }) =>
      refundView(refund, invoicePublicId, payment),
    );
  route(app, endpoints.refund, async (request) => {
    const staff = requireStaff(request);
    const refund = await transaction(request.ctx, async (tx) => {
      const made = await billing.refund(tx, request.params.id, `staff:${staff.staffId}`);
      await services.staff.audit.record(tx, actorOf(staff), 'refund.request', 'invoice', request.params.id, {
        after: { refund: made.publicId, amount_mnt: made.amountMnt },
      });
      return made;
    });
    const [view] = await refundViews(request.ctx, { publicId: refund.publicId });
    return { data: view! };
  });
  route(app, endpoints.refunds, async (request) => {
    const { status, invoice } = request.query;
    return { data: await refundViews(request.ctx, { status, invoicePublicId: invoice }) };
  });
  route(app, endpoints.retryRefund, async (request) => {
    const staff = requireStaff(request);
    const refund = await transaction(request.ctx, async (tx) => {
      const retried = await billing.refunds.retry(tx, request.params.id);
      await services.staff.audit.record(tx, actorOf(staff), 'refund.retry', 'refund', request.params.id, {
        after: { status: retried.status },
      });
      return retried;
    });
    const [view] = await refundViews(request.ctx, { publicId: refund.publicId });
    return { data: view! };
  });

  const upointMemberOf = (body: UpointRequest) =>
    'mobile' in body ? { mobile: body.mobile } : { cardNumber: body.card_number };
  route(app, endpoints.upointBalance, async (request) => {
    const { body } = request;
    const balance = await billing.upointBalance(
      request.ctx,
      requireUser(request).userId,
      body.reference,
      upointMemberOf(body),
      body.pin,
    );
    return {
      data: {
        masked_card_number: balance.maskedCardNumber,
        points: balance.points,
        value_mnt: balance.valueMnt,
        amount_mnt: balance.amountMnt,
        enough: balance.valueMnt >= balance.amountMnt,
      },
    };
  });
  route(app, endpoints.upointPay, async (request) => {
    const { body } = request;
    const { payment, invoicePublicId } = await billing.upointPay(
      request.ctx,
      requireUser(request).userId,
      body.reference,
      upointMemberOf(body),
      body.pin,
    );
    return { data: paymentView(payment, invoicePublicId) };
  });

  // A callback is only a trigger: billing asks the rail itself before anything changes.
  route(app, endpoints.callback, async (request, reply) => {
    await billing.callback(request.ctx, request.params.rail, request.params.id, request.query.secret);
    return reply.type('text/plain; charset=utf-8').send('SUCCESS');
  });
  route(app, endpoints.golomtNotification, async (request, reply) => {
    await billing.golomtNotification(request.ctx, request.body);
    return reply.type('text/plain; charset=utf-8').send('SUCCESS');
  });
  route(app, endpoints.callbackPost, async (request, reply) => {
    await billing.callback(request.ctx, request.params.rail, request.params.id, request.query.secret);
    return reply.type('text/plain; charset=utf-8').send('SUCCESS');
  });
};
