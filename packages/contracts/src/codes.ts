import { z } from 'zod';
import { envelope } from './http';
import { email, phone } from './identity';
import { mn } from './messages';
import { idempotencyHeaders, publicId } from './money';

export { idempotencyHeaders };

/** What a code gives, as the member is told. */
export const benefitView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('credits'), credits: z.number().int() }),
  z.object({
    type: z.literal('title'),
    item_type: z.enum(['book', 'summary']),
    item_id: z.number().int(),
    format: z.enum(['audiobook', 'ebook', 'summary']),
  }),
  z.object({
    type: z.literal('subscription_days'),
    scope: z.enum(['audio', 'ebook', 'summary']),
    days: z.number().int(),
  }),
  /** off a plan's first period, taken when the subscription opens (`code` on the subscribe calls) */
  z.object({
    type: z.literal('plan_discount'),
    percent: z.number().int(),
    scope: z.enum(['audio', 'ebook', 'summary', 'credit']).nullable(),
  }),
]);
export type BenefitView = z.infer<typeof benefitView>;

export const redeemRequest = z.strictObject({
  code: z
    .string({ error: mn.codes.codeRequired })
    .trim()
    .min(1, { error: mn.codes.codeRequired })
    .max(64, { error: mn.codes.invalid }),
});
export type RedeemRequest = z.infer<typeof redeemRequest>;

export const redeemed = z.object({
  kind: z.enum(['promo', 'gift']),
  title: z.string(),
  benefit: benefitView,
  /** a gift's message from its sender */
  message: z.string().nullable(),
  /** where to use what was given */
  link: z.string(),
});
export type Redeemed = z.infer<typeof redeemed>;
export const redeemResponse = envelope(redeemed);

/** A promo code's discount on a plan's first period, as the plans page shows it before subscribing. */
export const planDiscountQuery = z.strictObject({
  code: z
    .string({ error: mn.codes.codeRequired })
    .trim()
    .min(1, { error: mn.codes.codeRequired })
    .max(64, { error: mn.codes.invalid }),
});
export const planDiscount = z.object({
  code: z.string(),
  title: z.string(),
  percent: z.number().int(),
  /** the plans it applies to (null: any) */
  scope: z.enum(['audio', 'ebook', 'summary', 'credit']).nullable(),
});
export type PlanDiscount = z.infer<typeof planDiscount>;
export const planDiscountResponse = envelope(planDiscount);

/** A public campaign (`/promo`): its code and when it ends. */
export const campaign = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  benefit: benefitView,
  ends_at: z.string().nullable(),
  /** how many more may redeem it (null: no limit) */
  left: z.number().int().nullable(),
});
export type Campaign = z.infer<typeof campaign>;
export const campaignsResponse = envelope(z.array(campaign));

/** What a gift card gives: a subscription plan's period, or a credit pack. */
export const giftRequest = z
  .strictObject({
    gift: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('plan'), plan_id: z.number().int().min(1).max(2_147_483_647) }),
      z.strictObject({ kind: z.literal('credits'), pack_id: z.number().int().min(1).max(2_147_483_647) }),
    ]),
    recipient_phone: phone.optional(),
    recipient_email: email.optional(),
    message: z.string().trim().max(300).optional(),
    method: z.literal('mnt'),
    rail: z.enum(['qpay', 'golomt', 'socialpay', 'hipay', 'upoint']),
    card_id: publicId.optional(),
  })
  .refine((gift) => Boolean(gift.recipient_phone) !== Boolean(gift.recipient_email), {
    error: mn.codes.recipientRequired,
    path: ['recipient_phone'],
  });
export type GiftRequest = z.infer<typeof giftRequest>;

export const giftCard = z.object({
  /** the code: shown to its sender (to pass on) and once redeemed */
  code: z.string(),
  title: z.string(),
  recipient: z.string().nullable(),
  message: z.string().nullable(),
  redeemed: z.boolean(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export type GiftCard = z.infer<typeof giftCard>;
export const giftCardsResponse = envelope(z.object({ sent: z.array(giftCard), received: z.array(giftCard) }));
