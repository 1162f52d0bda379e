import { z } from 'zod';
import { envelope } from './http';
import { mn } from './messages';
import { idempotencyHeaders, publicId, purchaseResult } from './money';

export { idempotencyHeaders };

export const planScopes = ['audio', 'ebook', 'summary', 'credit'] as const;
export type PlanScope = (typeof planScopes)[number];

/** A subscription plan on sale. */
export const plan = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  scope: z.enum(planScopes),
  period_months: z.number().int(),
  price_mnt: z.number().int(),
  /** the price before a standing discount, when there is one */
  original_price_mnt: z.number().int().nullable(),
  discount_percentage: z.number().int().nullable(),
  /** what one month comes to, in whole tögrög (for comparing plans) */
  monthly_price_mnt: z.number().int(),
  /** credits a credit plan adds each period (0 for the others) */
  credits_per_period: z.number().int(),
});
export type Plan = z.infer<typeof plan>;
export const plansResponse = envelope(z.array(plan));
export const plansQuery = z.object({
  /** `local`: plans sold here (the store's only platform for now) */
  platform: z.enum(['local', 'web', 'ios', 'android']).optional(),
  scope: z.enum(planScopes).optional(),
});

export const subscriptionStatuses = ['active', 'cancelled', 'past_due', 'expired'] as const;

/** A member's subscription, as the status call and the subscription pages show it. */
export const subscription = z.object({
  id: z.string(),
  plan: plan,
  status: z.enum(subscriptionStatuses),
  rail: z.string(),
  /** how the next period is paid: a saved card, the phone bill, or by the member (QPay) */
  renewal: z.enum(['card', 'carrier', 'none']),
  /** whether the next period is charged by itself */
  renews: z.boolean(),
  card: z.object({ masked_number: z.string(), brand: z.string() }).nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** a failed renewal keeps access until then */
  grace_ends_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** a cheaper plan the next period is paid for */
  next_plan: plan.nullable(),
  discount_percentage: z.number().int(),
  cancelled_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscription>;

export const subscriptionStatus = z.object({
  subscriptions: z.array(subscription),
  /** until when the member's subscriptions open each scope (null: not now) */
  access: z.object({ audio: z.string().nullable(), ebook: z.string().nullable(), summary: z.string().nullable() }),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
export const subscriptionStatusResponse = envelope(subscriptionStatus);

/** what a pass opens: audio books, e-books or summaries */
export const passScopes = ['audio', 'ebook', 'summary'] as const;
export type PassScope = (typeof passScopes)[number];
/** where a pass comes from: a subscription's period, a promo code's days or a gift card's */
export const passSources = ['subscription', 'promo', 'gift'] as const;

/** One pass in force or ahead: what opens a scope from when until when, and why. */
export const memberPass = z.object({
  source: z.enum(passSources),
  /** the promo code's or gift card's title; null for a subscription's period */
  title: z.string().nullable(),
  scope: z.enum(passScopes),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type MemberPass = z.infer<typeof memberPass>;
export const passesResponse = envelope(z.object({ passes: z.array(memberPass) }));
export const subscriptionResponse = envelope(subscription);

export const subscriptionParams = z.object({ id: publicId });

/** a plan's price after a discount, in whole tögrög (what the invoice asks, and what pages show) */
export const discounted = (priceMnt: number, percent: number) => Math.round((priceMnt * (100 - percent)) / 100);

const planId = z.number({ error: mn.subscriptions.planNotFound }).int().min(1).max(2_147_483_647);
const offerId = z.number().int().min(1).max(2_147_483_647).optional();
/** a promo code giving a discount on the plan's first period (`/v5/coupon/redeem` checks it first) */
const code = z.string().trim().min(1, { error: mn.codes.codeRequired }).max(64, { error: mn.codes.invalid }).optional();

/** Golomt: a saved card (one tap) or the bank's page with the card saved for the renewals. */
export const golomtSubscriptionRequest = z.strictObject({
  plan_id: planId,
  card_id: publicId.optional(),
  offer_id: offerId,
  code,
});
export type GolomtSubscriptionRequest = z.infer<typeof golomtSubscriptionRequest>;

/** One period paid on a rail that does not renew by itself (QPay, SocialPay, HiPay). */
export const periodSubscriptionRequest = z.strictObject({
  plan_id: planId,
  rail: z.enum(['qpay', 'socialpay', 'hipay']),
  offer_id: offerId,
  code,
});
export type PeriodSubscriptionRequest = z.infer<typeof periodSubscriptionRequest>;
export const hipaySubscriptionRequest = z.strictObject({ plan_id: planId, offer_id: offerId, code });
export type HipaySubscriptionRequest = z.infer<typeof hipaySubscriptionRequest>;

export const changePlanRequest = z.strictObject({ plan_id: planId });
export type ChangePlanRequest = z.infer<typeof changePlanRequest>;

/** A subscription's start (or its next period, or an upgrade): the invoice and its payment. */
export const subscriptionPurchase = purchaseResult.extend({ subscription_id: z.string() });
export type SubscriptionPurchase = z.infer<typeof subscriptionPurchase>;
export const subscriptionPurchaseResponse = envelope(subscriptionPurchase);
/** a plan change: an upgrade's invoice to pay, or nothing to pay (a downgrade at the period's end) */
export const changePlanResponse = envelope(z.object({ subscription: subscription, invoice_id: z.string().nullable() }));

/** A sales offer on a plan (the spec's `options[0].product.discount_percentage`, `expires_at`, `weblink`). */
export const salesOption = z.object({
  id: z.number().int(),
  kind: z.enum(['auto_renew', 'one_time']),
  title: z.string(),
  expires_at: z.string(),
  weblink: z.string(),
  product: z.object({
    plan_id: z.number().int(),
    name: z.string(),
    scope: z.enum(planScopes),
    period_months: z.number().int(),
    price_mnt: z.number().int(),
    discounted_price_mnt: z.number().int(),
    discount_percentage: z.number().int(),
    expires_at: z.string(),
    weblink: z.string(),
  }),
});
export type SalesOption = z.infer<typeof salesOption>;
export const salesOfferQuery = z.object({
  options: z.enum(['0', '1']).optional(),
  platform: z.enum(['web', 'ios', 'android', 'local']).optional(),
});
export const salesOfferResponse = envelope(z.object({ options: z.array(salesOption) }));

/** Unitel carrier billing: the plans sold through it, by scope (`all` or none: every scope). */
export const unitelPlansQuery = z.object({
  type: z.enum([...planScopes, 'all']).optional(),
  /** kept from the spec's path (`u=0`); not read */
  u: z.string().max(10).optional(),
});
/** an 8-digit Mongolian number (whether it is Unitel's, Unitel says) */
export const unitelPhone = z
  .string({ error: mn.unitel.phoneInvalid })
  .regex(/^\d{8}$/, { error: mn.unitel.phoneInvalid });
export const unitelOtpSendRequest = z.strictObject({ phone: unitelPhone });
export type UnitelOtpSendRequest = z.infer<typeof unitelOtpSendRequest>;
export const unitelOtpSent = z.object({
  phone_masked: z.string(),
  /** seconds the code stays valid */
  expires_in: z.number().int(),
  /** seconds before another code may be asked for */
  resend_in: z.number().int(),
});
export const unitelOtpSentResponse = envelope(unitelOtpSent);
export const unitelOtpCheckRequest = z.strictObject({
  phone: unitelPhone,
  code: z.string({ error: mn.unitel.codeInvalidFormat }).regex(/^\d{4,8}$/, { error: mn.unitel.codeInvalidFormat }),
});
export type UnitelOtpCheckRequest = z.infer<typeof unitelOtpCheckRequest>;
/** the subscriber's consent, as a short-lived token only the member who asked can use */
export const unitelConsent = z.object({
  token: z.string(),
  /** seconds the token stays usable */
  expires_in: z.number().int(),
  phone_masked: z.string(),
});
export type UnitelConsent = z.infer<typeof unitelConsent>;
export const unitelConsentResponse = envelope(unitelConsent);
export const unitelSubscriptionRequest = z.strictObject({
  plan_id: planId,
  phone: unitelPhone,
  token: z.string({ error: mn.unitel.tokenInvalid }).min(1, { error: mn.unitel.tokenInvalid }).max(2000),
});
export type UnitelSubscriptionRequest = z.infer<typeof unitelSubscriptionRequest>;
