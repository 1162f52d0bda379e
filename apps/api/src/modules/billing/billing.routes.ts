import type { FastifyPluginAsync } from 'fastify';
import type { UpointRequest } from '@nomsan/contracts/money';
import { billingEndpoints as endpoints } from '@nomsan/contracts/money.endpoints';
import { AppError } from '../../errors';
import { route } from '../../lib/endpoint-route';
import { pageOf } from '../../lib/paginate';
import type { RouteContext } from '../../kernel/module';
import { requireUser } from '../identity/identity.service';
import { invoiceView, paymentView, receiptView } from './billing.views';

/** Invoices, payments, saved cards, and the rails' callbacks (spec section 7, verbatim paths). */
export const billingRoutes: FastifyPluginAsync<RouteContext> = async (app, { services }) => {
  const { billing } = services;

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

  route(app, endpoints.refund, async (request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!billing.isStaff(token)) throw new AppError('FORBIDDEN');
    const refunded = await billing.refund(request.ctx, request.params.id);
    const { lines, payments } = await billing.invoiceRecord(request.ctx, refunded.id);
    return {
      data: {
        ...invoiceView(refunded, lines),
        payments: payments.map((p) => paymentView(p, refunded.publicId)),
        receipt: null,
      },
    };
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
