import { defineEndpoint } from './endpoint';
import { purchaseResponse } from './money';
import {
  campaignsResponse,
  giftCardsResponse,
  giftRequest,
  idempotencyHeaders,
  planDiscountQuery,
  planDiscountResponse,
  redeemRequest,
  redeemResponse,
} from './codes';

const member = { auth: 'required' } as const;

/** Promo codes and gift cards (spec section 7: `POST /v5/coupon/redeem`; the rest of our design). */
export const codesEndpoints = {
  redeem: defineEndpoint({
    ...member,
    tags: ['codes'],
    method: 'POST',
    path: '/v5/coupon/redeem',
    summary:
      'Redeems a promo code or a gift card: credits, a title or subscription days; a plan discount is checked and linked to the plans',
    body: redeemRequest,
    response: redeemResponse,
  }),
  planDiscount: defineEndpoint({
    ...member,
    tags: ['codes'],
    method: 'GET',
    path: '/v5/coupon/plan-discount',
    summary:
      "A promo code's discount on a plan's first period, checked without being used (the subscribe calls take it as `code`)",
    query: planDiscountQuery,
    response: planDiscountResponse,
  }),
  campaigns: defineEndpoint({
    tags: ['codes'],
    method: 'GET',
    path: '/v5/promo/campaigns',
    summary: 'The public campaigns running (and those ended this week), with their codes and ends',
    response: campaignsResponse,
    publicCache: true,
  }),
  buyGift: defineEndpoint({
    ...member,
    tags: ['codes'],
    method: 'POST',
    path: '/v6/purchase/gift',
    summary: "Buys a gift card (a plan's period or a credit pack) for a phone or an e-mail; the code is sent once paid",
    headers: idempotencyHeaders,
    body: giftRequest,
    response: purchaseResponse,
  }),
  giftCards: defineEndpoint({
    ...member,
    tags: ['codes'],
    method: 'GET',
    path: '/v5/gift-cards',
    summary: 'The gift cards the member sent and received',
    response: giftCardsResponse,
  }),
};
