import { mn } from '@nomsan/contracts/messages';
import { AppError } from '../../errors';
import type { Kernel } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { creditsRepository, type EntryKind, type LedgerRow } from './credits.repository';

export type { LedgerRow };

export interface LedgerEntryInput {
  userId: number;
  /** how many credits (positive); `spend` takes them, `add` gives them */
  credits: number;
  kind: EntryKind;
  description: string;
  /** the cause, once: the same key again changes nothing and answers the first entry */
  entryKey: string;
}

/**
 * A member's credits: an append-only ledger and the balance it sums to. Every change locks the
 * member's balance row in the caller's transaction, so concurrent spends are taken one at a
 * time and the balance never goes below zero; each entry's key makes a replayed cause (a
 * callback, a retried job) a no-op.
 */
export function creditsService(_kernel: Kernel) {
  const repository = boundRepository(creditsRepository);

  /** adds `delta` (signed) unless the key is taken; refuses to go below zero */
  function apply(ctx: Ctx, input: LedgerEntryInput, delta: number): Promise<LedgerRow> {
    if (!Number.isSafeInteger(input.credits) || input.credits <= 0) throw new AppError('VALIDATION_ERROR');
    return transaction(ctx, async (tx) => {
      const credits = repository(tx);
      const balance = await credits.lockBalance(input.userId);
      const earlier = await credits.entryByKey(input.entryKey);
      if (earlier) return earlier;
      const balanceAfter = balance + delta;
      if (balanceAfter < 0) {
        throw new AppError('BUSINESS_RULE', mn.money.insufficientCredits(balance, input.credits));
      }
      return credits.append({
        userId: input.userId,
        delta,
        kind: input.kind,
        description: input.description,
        entryKey: input.entryKey,
        balanceAfter,
      });
    });
  }

  return {
    balance: (ctx: Ctx, userId: number) => repository(ctx).balance(userId),

    /** gives credits (a pack bought, a bonus, a refund of an unlock) */
    add: (ctx: Ctx, input: LedgerEntryInput) => apply(ctx, input, input.credits),

    /** takes credits (an unlock); 422 with the balance when there are not enough */
    spend: (ctx: Ctx, input: LedgerEntryInput) => apply(ctx, input, -input.credits),

    /** the entry a cause made, if it made one */
    entry: (ctx: Ctx, entryKey: string) => repository(ctx).entryByKey(entryKey),

    /** the member's entries, newest first, a page at a time */
    async history(ctx: Ctx, userId: number, page: number, perPage: number) {
      const [rows, total] = await Promise.all([
        repository(ctx).entriesPage(userId, perPage, page),
        repository(ctx).entryCount(userId),
      ]);
      return { rows, total };
    },

    /** what the ledger sums to (the balance must equal it) */
    ledgerSum: (ctx: Ctx, userId: number) => repository(ctx).ledgerSum(userId),
  };
}

export type CreditsService = ReturnType<typeof creditsService>;
