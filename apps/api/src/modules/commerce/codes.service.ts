import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { codesRepository, type CodeRow } from './codes.repository';

export type { CodeRow };

/** What a code gives. */
export const codeBenefit = z.discriminatedUnion('type', [
  z.object({ type: z.literal('credits'), credits: z.number().int().positive() }),
  z.object({
    type: z.literal('title'),
    itemType: z.enum(['book', 'summary']),
    itemId: z.number().int().positive(),
    format: z.enum(['audiobook', 'ebook', 'summary']),
  }),
  z.object({
    type: z.literal('subscription_days'),
    scope: z.enum(['audio', 'ebook', 'summary']),
    days: z.number().int().positive(),
  }),
  /** a discount on the first period of a plan of the scope (any plan when null) */
  z.object({
    type: z.literal('plan_discount'),
    percent: z.number().int().min(1).max(90),
    scope: z.enum(['audio', 'ebook', 'summary', 'credit']).nullable(),
  }),
]);
export type CodeBenefit = z.infer<typeof codeBenefit>;

/** whether what an earlier redemption was used for may give way to a new use (the caller's rule) */
export type Reusable = (usedFor: string) => Promise<boolean>;

/** letters and digits nobody confuses (no 0/O, 1/I/L) */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** a gift card's code: 12 characters, shown in groups of four */
const GIFT_CODE_LENGTH = 12;

/** a code as typed: spaces and dashes dropped, upper case; null when it cannot be a code */
export function normaliseCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
}

/**
 * Promo codes and gift cards (commerce owns them; checkout applies what they give). A
 * redemption is recorded once per member and counted under the code's limit in the caller's
 * transaction: when what the code gives cannot be given, nothing of it stays.
 */
export function codesService(kernel: Kernel) {
  const repository = boundRepository(codesRepository);
  const now = () => kernel.clock.now();

  /** the code as typed, when it exists and is running now */
  async function running(ctx: Ctx, raw: string): Promise<CodeRow> {
    const normal = normaliseCode(raw);
    const code = normal ? await repository(ctx).byCode(normal) : undefined;
    if (!code) throw new AppError('NOT_FOUND', mn.codes.invalid);
    const at = now();
    if (code.startsAt > at) throw new AppError('BUSINESS_RULE', mn.codes.notStarted);
    if (code.endsAt && code.endsAt <= at) throw new AppError('BUSINESS_RULE', mn.codes.ended);
    return code;
  }

  return {
    /**
     * Checks a code for a member without using it up (a plan discount is used when the
     * subscription opens): the same refusals as `claim`.
     */
    async check(
      ctx: Ctx,
      raw: string,
      userId: number,
      reusable?: Reusable,
    ): Promise<{ code: CodeRow; benefit: CodeBenefit }> {
      const code = await running(ctx, raw);
      const redemption = await repository(ctx).redemption(code.id, userId);
      if (redemption) {
        if (redemption.usedFor && reusable && (await reusable(redemption.usedFor))) {
          return { code, benefit: codeBenefit.parse(code.benefit) };
        }
        throw new AppError('CONFLICT', mn.codes.alreadyRedeemed);
      }
      if (code.maxRedemptions !== null && code.redeemedCount >= code.maxRedemptions) {
        throw new AppError('BUSINESS_RULE', mn.codes.usedUp);
      }
      return { code, benefit: codeBenefit.parse(code.benefit) };
    },

    /**
     * Claims a code for a member in the caller's transaction: 404 for no such code (the caller
     * counts it as a guess), 409 when the member redeemed it already, 422 when it is not
     * running or is used up. A redemption recorded `usedFor` something the caller says may be
     * taken again (a subscription never paid) moves to `usedFor` now, without counting again.
     */
    async claim(
      ctx: Ctx,
      raw: string,
      userId: number,
      options: { usedFor?: string; reusable?: Reusable } = {},
    ): Promise<{ code: CodeRow; benefit: CodeBenefit }> {
      const code = await running(ctx, raw);
      const benefit = codeBenefit.parse(code.benefit);
      const usedFor = options.usedFor ?? null;
      if (!(await repository(ctx).redeem(code.id, userId, now(), usedFor))) {
        const earlier = await repository(ctx).redemption(code.id, userId, true);
        if (earlier?.usedFor && options.reusable && (await options.reusable(earlier.usedFor))) {
          await repository(ctx).moveRedemption(code.id, userId, usedFor);
          return { code, benefit };
        }
        throw new AppError('CONFLICT', mn.codes.alreadyRedeemed);
      }
      if (!(await repository(ctx).count(code.id))) throw new AppError('BUSINESS_RULE', mn.codes.usedUp);
      return { code, benefit };
    },

    /** makes a gift card's code once per cause (a paid invoice line) */
    async createGift(
      ctx: Ctx,
      input: {
        source: string;
        title: string;
        benefit: CodeBenefit;
        senderUserId: number;
        recipient: string;
        message: string | null;
      },
    ): Promise<CodeRow> {
      const existing = await repository(ctx).bySource(input.source);
      if (existing) return existing;
      let code = '';
      for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      return repository(ctx).insert({
        code,
        kind: 'gift',
        title: input.title,
        benefit: codeBenefit.parse(input.benefit),
        maxRedemptions: 1,
        senderUserId: input.senderUserId,
        recipient: input.recipient,
        message: input.message,
        source: input.source,
        startsAt: now(),
        // a gift card keeps a year
        endsAt: new Date(now().getTime() + 365 * 86_400_000),
      });
    },

    /** makes a campaign's promo code (the back office's, and the demo's) */
    createPromo: (
      ctx: Ctx,
      row: Omit<Parameters<ReturnType<typeof codesRepository>['insert']>[0], 'kind' | 'benefit'> & {
        benefit: CodeBenefit;
      },
    ) =>
      repository(ctx).insert({
        ...row,
        kind: 'promo',
        benefit: codeBenefit.parse(row.benefit),
        startsAt: row.startsAt ?? now(),
      }),

    /** what a member sees of these codes (a pass's source): promo or gift, and its title */
    async titles(ctx: Ctx, ids: number[]): Promise<Map<number, Pick<CodeRow, 'kind' | 'title'>>> {
      const rows = await repository(ctx).byIds([...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, { kind: row.kind, title: row.title }]));
    },

    sent: (ctx: Ctx, userId: number) => repository(ctx).sentBy(userId),
    received: (ctx: Ctx, userId: number) => repository(ctx).receivedBy(userId),
    campaigns: (ctx: Ctx) => repository(ctx).campaigns(now()),
  };
}

export type CodesService = ReturnType<typeof codesService>;
