import { defineEndpoint } from './endpoint';
import {
  changePlanRequest,
  changePlanResponse,
  golomtSubscriptionRequest,
  hipaySubscriptionRequest,
  idempotencyHeaders,
  passesResponse,
  periodSubscriptionRequest,
  plansQuery,
  plansResponse,
  salesOfferQuery,
  salesOfferResponse,
  subscriptionParams,
  subscriptionPurchaseResponse,
  subscriptionResponse,
  subscriptionStatusResponse,
  unitelConsentResponse,
  unitelOtpCheckRequest,
  unitelOtpSendRequest,
  unitelOtpSentResponse,
  unitelPlansQuery,
  unitelSubscriptionRequest,
} from './subscriptions';

const member = { auth: 'required' } as const;

/** Plans, a member's subscriptions and what they do with them (spec section 7, verbatim paths). */
export const subscriptionEndpoints = {
  plans: defineEndpoint({
    tags: ['subscriptions'],
    method: 'GET',
    path: '/v6/subscription/plans',
    summary: 'The subscription plans on sale (audio, e-book, summary, credit), by scope and period',
    query: plansQuery,
    response: plansResponse,
    publicCache: true,
  }),
  summaryPlans: defineEndpoint({
    tags: ['subscriptions'],
    method: 'GET',
    path: '/v5/summary/subscription/plans',
    summary: 'The summary subscription plans',
    response: plansResponse,
    publicCache: true,
  }),
  salesOffer: defineEndpoint({
    tags: ['subscriptions'],
    method: 'GET',
    path: '/v6/sales-offer',
    summary: 'Discounts on plans running now (the discount banner): percentage, expires_at, weblink',
    query: salesOfferQuery,
    response: salesOfferResponse,
    publicCache: true,
  }),
  status: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'GET',
    path: '/v6/subscription/status',
    summary: 'What the member holds, until when, renewing or not',
    response: subscriptionStatusResponse,
  }),
  cancel: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/subscriptions/:id/cancel',
    summary: 'Stops the renewals; access stays until the period ends',
    params: subscriptionParams,
    response: subscriptionResponse,
  }),
  resume: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/subscriptions/:id/resume',
    summary: 'Takes a cancellation back before the period ends',
    params: subscriptionParams,
    response: subscriptionResponse,
  }),
  changePlan: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/subscriptions/:id/change-plan',
    summary: 'Upgrade now (an invoice for the price less the unused days) or downgrade at the period end',
    params: subscriptionParams,
    body: changePlanRequest,
    response: changePlanResponse,
  }),
  renew: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/subscriptions/:id/renew',
    summary: "The next period's invoice, to pay on any rail (subscriptions that do not renew by themselves)",
    params: subscriptionParams,
    response: subscriptionPurchaseResponse,
  }),
};

/**
 * Taking a subscription: idempotent by the member's Idempotency-Key, like every purchase; and
 * every pass the member holds, whatever gave it (checkout reads both the passes and the codes).
 */
export const subscribeEndpoints = {
  passes: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'GET',
    path: '/v6/subscription/passes',
    summary:
      "Every pass the member holds in force or ahead, soonest first: its source (a subscription, a promo code or a gift card, with the code's title), scope, start and end",
    response: passesResponse,
  }),
  golomt: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/payment-gateways/golomt-v2/subscriptions',
    summary: 'Subscribe with a Golomt card (saved, or entered on the bank page and saved), renewed automatically',
    headers: idempotencyHeaders,
    body: golomtSubscriptionRequest,
    response: subscriptionPurchaseResponse,
  }),
  hipay: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/hipay/subscriptions',
    summary: 'Subscribe through HiPay, one period at a time',
    headers: idempotencyHeaders,
    body: hipaySubscriptionRequest,
    response: subscriptionPurchaseResponse,
  }),
  period: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/subscriptions',
    summary: 'Subscribe for one period on QPay, SocialPay or HiPay (renewed by the member)',
    headers: idempotencyHeaders,
    body: periodSubscriptionRequest,
    response: subscriptionPurchaseResponse,
  }),
};

/**
 * Unitel carrier billing (charged to the phone bill): the subscriber consents with a code Unitel
 * texts them, and the subscription is charged at once and renewed on the same consent.
 */
export const unitelEndpoints = {
  plans: defineEndpoint({
    tags: ['subscriptions'],
    method: 'GET',
    path: '/v5/unitel/renting/plans',
    summary: 'The plans sold through Unitel carrier billing, of one scope (`type`) or all',
    query: unitelPlansQuery,
    response: plansResponse,
    publicCache: true,
  }),
  otpSend: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/unitel/otp/send',
    summary: 'Unitel texts the subscriber a code to consent to phone-bill charges (rate limited)',
    body: unitelOtpSendRequest,
    response: unitelOtpSentResponse,
  }),
  otpCheck: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/unitel/otp/check',
    summary: "The subscriber's code: a short-lived consent token for this member and number",
    body: unitelOtpCheckRequest,
    response: unitelConsentResponse,
  }),
  subscribe: defineEndpoint({
    ...member,
    tags: ['subscriptions'],
    method: 'POST',
    path: '/v4/billing/unitel/subscriptions',
    summary: 'Subscribe on the phone bill with a consent token: charged at once, renewed on the consent',
    headers: idempotencyHeaders,
    body: unitelSubscriptionRequest,
    response: subscriptionPurchaseResponse,
  }),
};
